#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SheetRPC
import SheetWire
import Synchronization

/// The wire layer under `SheetClient`: writes NDJSON requests, and on a reader thread splits
/// what sheetd sends into responses (resuming the call waiting for that id, with the frames
/// that arrived meanwhile) and notifications (routed to the session they name).
final class Connection: Sendable {
    private struct Pending {
        let method: String
        let continuation: CheckedContinuation<(JSONValue, [Frame]), any Error>
        var frames: [Frame] = []
    }

    /// Where a session's frames and events go.
    struct SessionChannels: Sendable {
        let frames: AsyncStream<Frame>.Continuation
        let events: AsyncStream<SheetEvent>.Continuation
    }

    private struct State {
        var nextID: Int64 = 1
        var pending: [Int64: Pending] = [:]
        var sessions: [String: SessionChannels] = [:]
        var diagnostics: [Diagnostic] = []
        var closed: SheetClientError?
        var exitStatus: Int32?
        var finished = false
        var exitWaiters: [CheckedContinuation<Int32?, Never>] = []
    }

    private let state = Mutex(State())
    private let input: Mutex<Int32>
    private let output: Int32
    private let process: DaemonProcess?
    private let encoder = FrameEncoder(framing: .ndjson)

    init(input: Int32, output: Int32, process: DaemonProcess?) {
        self.input = Mutex(input)
        self.output = output
        self.process = process
        ReaderThread.start { [self] in self.readLoop() }
    }

    var diagnostics: [Diagnostic] { state.withLock { $0.diagnostics } }

    func register(_ id: String, _ channels: SessionChannels) {
        state.withLock { $0.sessions[id] = channels }
    }

    func unregister(_ id: String) {
        let channels = state.withLock { $0.sessions.removeValue(forKey: id) }
        channels?.frames.finish()
        channels?.events.finish()
    }

    // MARK: Sending

    /// Sends a request and waits for its answer; returns the result and the frames that
    /// arrived before it.
    func call(_ method: String, _ params: JSONObject?) async throws(SheetClientError) -> (JSONValue, [Frame]) {
        do {
            return try await withCheckedThrowingContinuation { continuation in
                let outcome = state.withLock { s -> Result<Int64, SheetClientError> in
                    if let closed = s.closed { return .failure(closed) }
                    let id = s.nextID
                    s.nextID += 1
                    s.pending[id] = Pending(method: method, continuation: continuation)
                    return .success(id)
                }
                switch outcome {
                case .failure(let e):
                    continuation.resume(throwing: e)
                case .success(let id):
                    var message: JSONObject = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
                    if let params { message["params"] = .object(params) }
                    if let e = write(.object(message)) {
                        let pending = state.withLock { $0.pending.removeValue(forKey: id) }
                        pending?.continuation.resume(throwing: e)
                    }
                }
            }
        } catch let e as SheetClientError {
            throw e
        } catch {
            throw .connectionClosed("\(error)")
        }
    }

    /// Sends a notification (no answer; a failure comes back as a `$/diagnostic`).
    func notify(_ method: String, _ params: JSONObject?) throws(SheetClientError) {
        var message: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { message["params"] = .object(params) }
        if let e = write(.object(message)) { throw e }
    }

    private func write(_ message: JSONValue) -> SheetClientError? {
        let bytes = encoder.frame(JSONCodec.encode(message))
        return input.withLock { fd -> SheetClientError? in
            guard fd >= 0 else { return .connectionClosed("the connection's input is closed") }
            var off = 0
            while off < bytes.count {
                let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + off, $0.count - off) }
                if n < 0 {
                    if errno == EINTR { continue }
                    return .connectionClosed("writing to sheetd failed: \(String(cString: strerror(errno)))")
                }
                off += n
            }
            return nil
        }
    }

    /// Closes the daemon's input (it sees end of input and exits).
    func closeInput() {
        input.withLock { fd in
            if fd >= 0 { close(fd) }
            fd = -1
        }
    }

    /// Waits until the daemon's output has ended; the exit status of a spawned daemon.
    func waitForEnd() async -> Int32? {
        await withCheckedContinuation { continuation in
            let done = state.withLock { s -> Int32?? in
                if s.finished { return .some(s.exitStatus) }
                s.exitWaiters.append(continuation)
                return nil
            }
            if let status = done { continuation.resume(returning: status) }
        }
    }

    // MARK: Receiving (reader thread)

    private func readLoop() {
        var decoder = FrameDecoder(mode: .ndjson, maxMessageBytes: 1 << 30)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            decoder.feed(chunk[0..<n])
            while let event = decoder.next() {
                if case .message(let body) = event, let message = try? JSONCodec.decode(body) {
                    receive(message)
                }
            }
        }
        close(output)
        let status = process?.wait()
        let (pending, sessions, waiters) = state.withLock { s in
            s.closed = .connectionClosed("sheetd closed its output" + (status.map { " (exit status \($0))" } ?? ""))
            s.finished = true
            s.exitStatus = status
            defer { s.pending = [:]; s.sessions = [:]; s.exitWaiters = [] }
            return (s.pending, s.sessions, s.exitWaiters)
        }
        let error = SheetClientError.connectionClosed("sheetd closed its output before answering")
        for p in pending.values { p.continuation.resume(throwing: error) }
        for c in sessions.values { c.frames.finish(); c.events.finish() }
        for w in waiters { w.resume(returning: status) }
    }

    private func receive(_ message: JSONValue) {
        guard case .object(let o) = message else { return }  // this client sends no batches
        if let method = o["method"]?.stringValue, o["id"] == nil {
            let params = o["params"] ?? .null
            switch method {
            case SheetFrameNotification.name:
                let frame = Frame(params)
                let channels = state.withLock { s -> SessionChannels? in
                    for id in s.pending.keys { s.pending[id]!.frames.append(frame) }
                    return s.sessions[frame.session]
                }
                channels?.frames.yield(frame)
            case SheetEventNotification.name:
                let event = SheetEvent(params)
                state.withLock { $0.sessions[event.session] }?.events.yield(event)
            case DiagnosticNotification.name:
                state.withLock { $0.diagnostics.append(Diagnostic(params)) }
            default:
                break
            }
            return
        }
        guard case .int(let id)? = o["id"] else { return }
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
        if let error = o["error"] {
            pending.continuation.resume(throwing: SheetClientError.rpc(
                code: Int(error.number("code")), message: error.string("message"),
                data: error["data"], method: pending.method))
        } else {
            pending.continuation.resume(returning: (o["result"] ?? .null, pending.frames))
        }
    }
}

/// A detached POSIX thread running one closure (the blocking reader).
enum ReaderThread {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let rc = pthread_create(&thread, nil, { arg in
            let box = Unmanaged<Box>.fromOpaque(arg!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        precondition(rc == 0, "pthread_create failed: \(rc)")
        pthread_detach(thread)
    }
}
