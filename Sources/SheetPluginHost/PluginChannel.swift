// The byte protocol between the daemon and a plugin helper process: length-prefixed messages
// over a Unix stream socket. Both ends are the same executable, so C structs cross as bytes.
import CPluginProcess

#if canImport(Glibc)
import Glibc
#endif

/// What a message between the daemon and a helper is.
enum PluginMessage: UInt8 {
    // Daemon → helper.
    case load = 1, create, destroy, decide, owner, timing, layout
    /// A detent resolver's call (ABI 1.3): `{id, input, output, no detents, detent id}`.
    case resolve
    // Helper → daemon.
    case log = 100, reply, loaded, loadFailed
}

/// A message being written: a type byte, then fields appended in order.
struct MessageWriter {
    var bytes: [UInt8]

    init(_ type: PluginMessage) {
        bytes = []
        bytes.reserveCapacity(256)
        bytes.append(contentsOf: [0, 0, 0, 0, type.rawValue])
    }

    mutating func raw<T: BitwiseCopyable>(_ value: T) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int32) { raw(value) }
    mutating func uint(_ value: UInt32) { raw(value) }

    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            uint(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func doubles(_ values: UnsafeBufferPointer<Double>) {
        uint(UInt32(values.count))
        bytes.append(contentsOf: UnsafeRawBufferPointer(values))
    }

    /// The framed bytes: the length of what follows, then the message.
    mutating func finished() -> [UInt8] {
        let n = UInt32(bytes.count - 4)
        withUnsafeBytes(of: n) { for i in 0..<4 { bytes[i] = $0[i] } }
        return bytes
    }
}

/// A received message's fields, read in order. Reads past the end give zeros (a malformed
/// message is caught by its consequences, never by reading out of bounds).
struct MessageReader {
    let bytes: ArraySlice<UInt8>
    var offset: Int
    let type: PluginMessage?

    init(_ message: ArraySlice<UInt8>) {
        bytes = message
        type = message.first.flatMap(PluginMessage.init(rawValue:))
        offset = message.startIndex + 1
    }

    mutating func raw<T: BitwiseCopyable>(_ type: T.Type) -> T {
        let size = MemoryLayout<T>.size
        defer { offset += size }
        if offset + size <= bytes.endIndex {
            return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset - bytes.startIndex, as: T.self) }
        }
        // Short: the missing bytes read as zero.
        var padded = [UInt8](repeating: 0, count: size)
        if offset < bytes.endIndex {
            for (i, b) in bytes[offset...].enumerated() { padded[i] = b }
        }
        return padded.withUnsafeBytes { $0.loadUnaligned(as: T.self) }
    }

    mutating func int() -> Int32 { raw(Int32.self) }
    mutating func uint() -> UInt32 { raw(UInt32.self) }

    mutating func string() -> String {
        let n = Int(uint())
        let end = min(bytes.endIndex, offset + n)
        let s = offset < end ? String(decoding: bytes[offset..<end], as: UTF8.self) : ""
        offset = end
        return s
    }

    mutating func doubles() -> [Double] {
        let n = min(Int(uint()), max(0, (bytes.endIndex - offset) / 8))
        return (0..<n).map { _ in raw(Double.self) }
    }
}

/// One end of a daemon–helper socket: writes whole messages, reads them with a deadline.
/// `@unchecked Sendable`: used from one thread (the daemon's loop, or the helper's only one).
final class PluginChannel: @unchecked Sendable {
    let fd: Int32
    /// Received bytes: `buffer[start..<end]` is not yet taken.
    private var buffer = [UInt8](repeating: 0, count: 65536)
    private var start = 0
    private var end = 0

    /// `nonBlocking`: the daemon's end, whose waits have deadlines.
    init(fd: Int32, nonBlocking: Bool = false) {
        self.fd = fd
        if nonBlocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit { close(fd) }

    /// Writes a whole message, waiting for room until `deadline` (monotonic ms) or forever
    /// when nil; `false` when the other end is gone.
    @discardableResult
    func send(_ message: [UInt8]) -> Bool {
        (try? send(message, until: nil)) != nil
    }

    /// Writes a whole message, waiting for room until `deadline` (monotonic ms) or forever
    /// when nil.
    func send(_ message: [UInt8], until deadline: Double?) throws(Failure) {
        var off = 0
        while off < message.count {
            let n = message.withUnsafeBytes { write(fd, $0.baseAddress! + off, $0.count - off) }
            if n >= 0 {
                off += n
                continue
            }
            if errno == EINTR { continue }
            guard errno == EAGAIN else { throw .closed }
            try wait(Int16(POLLOUT), until: deadline)
        }
    }

    /// Waits until the socket is ready for `events` or `deadline` passes.
    private func wait(_ events: Int16, until deadline: Double?) throws(Failure) {
        var pfd = pollfd(fd: fd, events: events, revents: 0)
        guard let deadline else {
            _ = poll(&pfd, 1, -1)
            return
        }
        let left = deadline - monotonicNow()
        guard left > 0 else { throw .timedOut }
        let ns = (left * 1e6).rounded(.up)
        var ts = timespec(tv_sec: Int(ns / 1e9), tv_nsec: Int(ns.truncatingRemainder(dividingBy: 1e9)))
        if ppoll(&pfd, 1, &ts, nil) < 0 && errno != EINTR { throw .closed }
    }

    /// Why a message could not be sent or did not arrive.
    enum Failure: Error {
        /// The other end closed (the process ended).
        case closed
        /// Nothing complete before the deadline.
        case timedOut
    }

    /// The next whole message (type byte first), waiting until `deadline` (monotonic ms) or
    /// forever when nil.
    func receive(until deadline: Double?) throws(Failure) -> ArraySlice<UInt8> {
        while true {
            if let message = takeMessage() { return message }
            if deadline != nil { try wait(Int16(POLLIN), until: deadline) }
            if !fill() { throw .closed }
        }
    }

    /// One read(2) into the buffer; `false` at end of stream or on an error.
    private func fill() -> Bool {
        if start == end {
            start = 0
            end = 0
        } else if start > 0 && buffer.count - end < 4096 {
            buffer.withUnsafeMutableBytes { p in
                p.baseAddress!.copyMemory(from: p.baseAddress! + start, byteCount: end - start)
            }
            end -= start
            start = 0
        }
        if buffer.count - end < 4096 { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        while true {
            let room = buffer.count - end
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + end, room) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN { return true }
            if n > 0 { end += n }
            return n > 0
        }
    }

    private func takeMessage() -> ArraySlice<UInt8>? {
        guard end - start >= 4 else { return nil }
        var n: UInt32 = 0
        withUnsafeMutableBytes(of: &n) { p in for i in 0..<4 { p[i] = buffer[start + i] } }
        let last = start + 4 + Int(n)
        guard end >= last else {
            // A message larger than the buffer: make room for all of it.
            if last - start > buffer.count { buffer.append(contentsOf: repeatElement(0, count: last - start)) }
            return nil
        }
        let message = Array(buffer[(start + 4)..<last])[...]
        start = last
        return message
    }
}

/// Monotonic wall-clock time in milliseconds (CLOCK_MONOTONIC).
func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
}
