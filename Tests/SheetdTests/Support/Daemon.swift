#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import SheetTestSupport
import SheetRPC
import Synchronization
@testable import sheetd

/// Serialises pipe creation and spawning: Glibc's `pipe2` is not visible to Swift, so the
/// close-on-exec flag is set right after `pipe()`; holding this lock meanwhile keeps a
/// concurrently spawned daemon (tests run in parallel) from inheriting our pipe ends.
let spawnLock = Mutex(())

/// A running `sheetd` process for end-to-end tests, talking JSON-RPC over pipes.
///
/// ```swift
/// let d = try Daemon()                                   // NDJSON; or Daemon(framing: .lsp)
/// let (hello, _) = try d.request("initialize", [:])
/// let (r, frames) = try d.request("clock.tick", ["t": 16])   // frames: notifications before r
/// d.send(#"{"jsonrpc":"2.0","method":"input.tap","params":{...}}"#)
/// d.closeInput()
/// #expect(try d.waitForExit() == 0)
/// ```
///
/// - The binary is the `sheetd` built next to the test bundle (the directory of the running
///   test executable); `SHEETD_BINARY` overrides it. `init` throws when it is missing.
/// - stdin/stdout are pipes; stderr goes to a temporary file (`stderrText`), so a chatty
///   daemon can never block on it.
/// - Every read waits with poll(2) bounded by `timeout` (default 10 s) and throws
///   `Daemon.Failure` instead of hanging. That bound is a safety net, not synchronisation:
///   tests wait for *messages*, never for time.
/// - Output is decoded strictly in the daemon's framing. Anything on stdout that is not a
///   well-formed frame holding valid JSON is recorded in `protocolViolations` and makes the
///   next read throw ("nothing but protocol bytes on stdout"). `rawOutput` keeps every byte.
/// - Writing never deadlocks on full pipes: while stdin is full, stdout is drained into the
///   message queue.
/// - `request` numbers its ids 1, 2, 3...; give hand-written messages string ids so they
///   never collide.
/// - `deinit` kills a daemon that is still running and reaps it.
/// - Not thread-safe: use one `Daemon` from one test (tests may run in parallel, each with
///   its own daemon).
final class Daemon {
    /// The framing the harness speaks (and expects back).
    enum Framing: Sendable {
        case ndjson
        case lsp
    }

    /// A harness failure (timeout, early exit, protocol violation, missing binary...).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The default safety bound for any single wait.
    static let defaultTimeout: Duration = .seconds(10)

    let framing: Framing
    let pid: pid_t
    /// The safety bound for any single wait (a read, the exit).
    var timeout: Duration = Daemon.defaultTimeout
    /// Every byte the daemon wrote to stdout so far.
    private(set) var rawOutput: [UInt8] = []
    /// Framing or JSON errors found on stdout.
    private(set) var protocolViolations: [String] = []
    /// Responses that arrived while `request` waited for another id (for inspection).
    private(set) var unclaimedResponses: [JSONValue] = []
    /// Set when writing to the daemon's stdin failed (it closed or exited).
    private(set) var inputError: String?

    private var stdinFD: Int32
    private var stdoutFD: Int32
    private let stderrPath: String
    private var decoder: FrameDecoder
    private let encoder: FrameEncoder
    private var queue: [JSONValue] = []
    private var queueHead = 0
    private var outputEOF = false
    private var exitStatus: Int32?
    private var nextID: Int64 = 1

    /// The `sheetd` binary the tests run (`BuildProducts.daemon()`).
    static func binaryPath() throws -> String {
        do { return try BuildProducts.daemon() } catch { throw Failure(description: error.description) }
    }

    /// Starts `sheetd ARGUMENTS` speaking `framing`. For `.lsp` pass no `--framing` yourself
    /// unless you mean to (auto-detection picks LSP from the first header).
    /// `environment` entries are added to (or override) the test process's environment.
    init(arguments: [String] = [], framing: Framing = .ndjson, environment: [String: String] = [:]) throws {
        signal(SIGPIPE, SIG_IGN)
        self.framing = framing
        self.encoder = FrameEncoder(framing: framing == .lsp ? .lsp : .ndjson)
        self.decoder = FrameDecoder(mode: framing == .lsp ? .lsp : .ndjson, maxMessageBytes: 256 << 20)
        let binary = try Daemon.binaryPath()

        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let spawned = try spawnLock.withLock { _ throws(Failure) -> (pid: pid_t, stdin: Int32, stdout: Int32, stderrPath: String) in
            try Daemon.spawn(binary, arguments, env)
        }
        self.stderrPath = spawned.stderrPath
        let pid = spawned.pid
        self.stdinFD = spawned.stdin
        self.stdoutFD = spawned.stdout
        self.pid = pid
        _ = fcntl(stdinFD, F_SETFL, fcntl(stdinFD, F_GETFL) | O_NONBLOCK)
        _ = fcntl(stdoutFD, F_SETFL, fcntl(stdoutFD, F_GETFL) | O_NONBLOCK)
    }

    /// pipe + posix_spawn with stdin/stdout on pipes and stderr on a temporary file.
    /// Call with `spawnLock` held.
    private static func spawn(_ binary: String, _ arguments: [String], _ env: [String: String])
        throws(Failure) -> (pid: pid_t, stdin: Int32, stdout: Int32, stderrPath: String)
    {
        func cloexec(_ fd: Int32) { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var inPipe: [Int32] = [-1, -1]
        var outPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0 else { throw Failure(description: "pipe failed: errno \(errno)") }
        guard pipe(&outPipe) == 0 else {
            close(inPipe[0]); close(inPipe[1])
            throw Failure(description: "pipe failed: errno \(errno)")
        }
        (inPipe + outPipe).forEach(cloexec)
        var template = Array("/tmp/sheetd-test-stderr-XXXXXX".utf8CString)
        let errFD = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard errFD >= 0 else {
            (inPipe + outPipe).forEach { close($0) }
            throw Failure(description: "mkstemp failed: errno \(errno)")
        }
        cloexec(errFD)
        let stderrPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errFD, 2)

        let argv = ([binary] + arguments).map { strdup($0) }
        let envp = env.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = (argv + [nil]).withUnsafeBufferPointer { a in
            (envp + [nil]).withUnsafeBufferPointer { e in
                posix_spawn(&pid, binary, &actions, nil, a.baseAddress!, e.baseAddress!)
            }
        }
        close(inPipe[0])
        close(outPipe[1])
        close(errFD)
        guard rc == 0 else {
            close(inPipe[1]); close(outPipe[0])
            unlink(stderrPath)
            throw Failure(description: "posix_spawn \(binary) failed: \(String(cString: strerror(rc)))")
        }
        return (pid, inPipe[1], outPipe[0], stderrPath)
    }

    deinit {
        if stdinFD >= 0 { close(stdinFD) }
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        if stdoutFD >= 0 { close(stdoutFD) }
        unlink(stderrPath)
    }

    // MARK: Sending

    /// Sends one message (JSON text) in the harness's framing.
    func send(_ json: String) {
        sendRaw(encoder.frame(Array(json.utf8)))
    }

    /// Sends one message in the harness's framing.
    func send(_ value: JSONValue) {
        sendRaw(encoder.frame(JSONCodec.encode(value)))
    }

    /// Writes bytes to the daemon's stdin as they are (no framing). Failures (the daemon
    /// closed its input) are recorded in `inputError`; they are not fatal because a test may
    /// be checking exactly that.
    func sendRaw(_ bytes: [UInt8]) {
        guard stdinFD >= 0 else {
            inputError = "input already closed"
            return
        }
        var off = 0
        let deadline = ContinuousClock.now + timeout
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { write(stdinFD, $0.baseAddress! + off, $0.count - off) }
            if n >= 0 {
                off += n
                continue
            }
            if errno == EINTR { continue }
            guard errno == EAGAIN || errno == EWOULDBLOCK else {
                inputError = "write to daemon stdin failed: \(String(cString: strerror(errno)))"
                return
            }
            // The pipe is full: drain the daemon's output while waiting so neither side blocks.
            var fds = [pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0),
                       pollfd(fd: outputEOF ? -1 : stdoutFD, events: Int16(POLLIN), revents: 0)]
            let left = Daemon.milliseconds(deadline - ContinuousClock.now)
            if left <= 0 || poll(&fds, 2, left) == 0 {
                inputError = "timed out writing to daemon stdin"
                return
            }
            if fds[1].revents != 0 { readAvailable() }
        }
    }

    /// Closes the daemon's stdin (it sees EOF).
    func closeInput() {
        if stdinFD >= 0 {
            close(stdinFD)
            stdinFD = -1
        }
    }

    /// Closes the harness's end of the daemon's stdout, as a host that goes away would.
    /// The daemon should then exit promptly (status 1); `waitForExit` still works.
    func closeOutput() {
        if stdoutFD >= 0 {
            close(stdoutFD)
            stdoutFD = -1
            outputEOF = true
        }
    }

    /// Runs `sheetd ARGUMENTS` to completion with `input` on stdin (closed afterwards) and
    /// returns its status and raw outputs. For CLI tests (`--help`, `replay`...) whose stdout
    /// is not a protocol stream.
    static func run(_ arguments: [String], input: [UInt8] = [],
                    environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        let d = try Daemon(arguments: arguments, framing: .ndjson, environment: environment)
        if !input.isEmpty { d.sendRaw(input) }
        d.closeInput()
        let status = try d.waitForExit()
        return (status, String(decoding: d.rawOutput, as: UTF8.self), d.stderrText)
    }

    // MARK: Receiving

    /// Sends a request with a fresh integer id and reads until its response; returns it with
    /// the notifications that arrived before it. Responses to other ids are kept in
    /// `unclaimedResponses`.
    func request(_ method: String, _ params: JSONValue? = nil) throws -> (response: JSONValue, notifications: [JSONValue]) {
        let id = nextID
        nextID += 1
        var o: JSONObject = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
        if let params { o["params"] = params }
        send(.object(o))
        var notes: [JSONValue] = []
        while true {
            let m = try readMessage()
            if m["id"] == .int(id) && (m["result"] != nil || m["error"] != nil) { return (m, notes) }
            if m["method"] != nil && m["id"] == nil {
                notes.append(m)
            } else {
                unclaimedResponses.append(m)
            }
        }
    }

    /// Sends `initialize` and returns its result (throws on an error response).
    @discardableResult
    func initialize(_ params: JSONValue = [:]) throws -> JSONValue {
        try call("initialize", params)
    }

    /// Like `request`, but returns the `result` and throws when the response is an error.
    func call(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
        let (r, _) = try request(method, params)
        if let e = r["error"] { throw Failure(description: "\(method) failed: \(JSONCodec.encodeToString(e))") }
        return r["result"] ?? .null
    }

    /// The size of the pipe the daemon writes its protocol output to (`F_GETPIPE_SZ` on its
    /// read end), or nil if it cannot be read.
    var outputPipeSize: Int? {
        let size = fcntl(stdoutFD, ProtocolOutput.getPipeSize)
        return size > 0 ? Int(size) : nil
    }

    /// The next message from the daemon (waits up to `timeout`).
    func readMessage() throws -> JSONValue {
        let deadline = ContinuousClock.now + timeout
        while queueHead == queue.count {
            if !protocolViolations.isEmpty {
                throw Failure(description: "protocol violation on stdout: \(protocolViolations)\(stderrSuffix())")
            }
            if outputEOF {
                throw Failure(description: "daemon closed stdout while a message was expected\(stderrSuffix())")
            }
            let left = Daemon.milliseconds(deadline - ContinuousClock.now)
            var fds = [pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)]
            let r = left > 0 ? poll(&fds, 1, left) : 0
            if r < 0 && errno == EINTR { continue }
            if r == 0 {
                throw Failure(description: "timed out after \(timeout) waiting for a message\(stderrSuffix())")
            }
            readAvailable()
        }
        let m = queue[queueHead]
        queueHead += 1
        if queueHead > 1024 && queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
        if !protocolViolations.isEmpty {
            throw Failure(description: "protocol violation on stdout: \(protocolViolations)\(stderrSuffix())")
        }
        return m
    }

    /// Reads `count` messages.
    func readMessages(_ count: Int) throws -> [JSONValue] {
        try (0..<count).map { _ in try readMessage() }
    }

    /// Messages already received but not yet read (does not wait).
    func takeBufferedMessages() -> [JSONValue] {
        let rest = Array(queue[queueHead...])
        queue.removeAll()
        queueHead = 0
        return rest
    }

    /// Waits for the daemon to exit (reading — and keeping — its remaining output first) and
    /// returns its exit status (128 + signal when killed by a signal). Throws if it does not
    /// exit within `timeout` (it is then killed).
    func waitForExit() throws -> Int32 {
        if let exitStatus { return exitStatus }
        let deadline = ContinuousClock.now + timeout
        while !outputEOF {
            let left = Daemon.milliseconds(deadline - ContinuousClock.now)
            var fds = [pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)]
            let r = left > 0 ? poll(&fds, 1, left) : 0
            if r < 0 && errno == EINTR { continue }
            if r == 0 {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                exitStatus = Daemon.decodeStatus(status)
                throw Failure(description: "daemon did not exit within \(timeout); killed\(stderrSuffix())")
            }
            readAvailable()
        }
        // stdout closes when the process ends, so this wait is short. (When the harness
        // closed its end itself, poll the process state within the same safety bound.)
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, stdoutFD < 0 ? WNOHANG : 0)
            if r == pid { break }
            if r < 0 && errno != EINTR { throw Failure(description: "waitpid failed: errno \(errno)") }
            if r == 0 {
                if ContinuousClock.now > deadline {
                    kill(pid, SIGKILL)
                    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                    exitStatus = Daemon.decodeStatus(status)
                    throw Failure(description: "daemon did not exit within \(timeout); killed\(stderrSuffix())")
                }
                var none = pollfd(fd: -1, events: 0, revents: 0)
                _ = poll(&none, 1, 5)
            }
        }
        let code = Daemon.decodeStatus(status)
        exitStatus = code
        return code
    }

    /// Everything the daemon wrote to stderr so far.
    var stderrText: String {
        (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    }

    // MARK: Internals

    private func readAvailable() {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(stdoutFD, $0.baseAddress!, $0.count) }
            if n > 0 {
                rawOutput.append(contentsOf: chunk[0..<n])
                decoder.feed(chunk[0..<n])
                decodeQueued()
                continue
            }
            if n == 0 {
                outputEOF = true
                let tail = decoder.finish()
                for e in tail { accept(e) }
                return
            }
            if errno == EINTR { continue }
            return  // EAGAIN: nothing more right now
        }
    }

    private func decodeQueued() {
        while let e = decoder.next() { accept(e) }
    }

    private func accept(_ e: FrameDecoder.Event) {
        switch e {
        case .message(let body):
            do {
                queue.append(try JSONCodec.decode(body))
            } catch {
                protocolViolations.append("invalid JSON (\(error)): \(String(decoding: body.prefix(200), as: UTF8.self))")
            }
        case .error(let err):
            protocolViolations.append("bad framing: \(err)")
        }
    }

    private func stderrSuffix() -> String {
        let s = stderrText
        return s.isEmpty ? "" : "; daemon stderr:\n\(s.suffix(2000))"
    }

    private static func milliseconds(_ d: Duration) -> Int32 {
        let c = d.components
        let ms = c.seconds * 1000 + c.attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(0, ms))
    }

    private static func decodeStatus(_ status: Int32) -> Int32 {
        let sig = status & 0x7F
        return sig == 0 ? (status >> 8) & 0xFF : 128 + sig
    }
}
