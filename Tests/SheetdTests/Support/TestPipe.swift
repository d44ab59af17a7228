#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Testing
@testable import sheetd

/// A pipe whose write end a `ProtocolOutput` writes to (it makes it non-blocking), read from
/// the test's side without waiting: the output's tests step the writer and the reader in turn,
/// with no sleeps.
final class TestPipe {
    let read: Int32
    let write: Int32
    /// What the test has read so far.
    var received: [UInt8] = []

    /// A fresh pipe; `size` (bytes) sets its capacity, otherwise it has the kernel's default.
    init(size: Int? = nil) throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        read = fds[0]
        write = fds[1]
        if let size { _ = fcntl(write, ProtocolOutput.setPipeSize, Int32(size)) }
        _ = fcntl(read, F_SETFL, fcntl(read, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(read)
        close(write)
    }

    /// The pipe's capacity (`F_GETPIPE_SZ`).
    var size: Int { Int(fcntl(read, ProtocolOutput.getPipeSize)) }

    /// Bytes written into the pipe and not read yet.
    var inPipe: Int {
        var n: Int32 = 0
        _ = withUnsafeMutablePointer(to: &n) { ioctl(read, UInt(FIONREAD), $0) }
        return Int(n)
    }

    /// Bytes the writer has written so far.
    var written: Int { received.count + inPipe }

    /// Reads at most `max` bytes of what is in the pipe (never waits).
    func take(_ max: Int) {
        var buffer = [UInt8](repeating: 0, count: Swift.max(max, 1))
        var left = max
        while left > 0 {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(read, $0.baseAddress, left) }
            if n <= 0 { break }
            received.append(contentsOf: buffer[..<n])
            left -= n
        }
    }

    /// Reads everything in the pipe (never waits).
    func takeAll() {
        while inPipe > 0 { take(65536) }
    }

    /// Writes and reads, `step` bytes at a time, until everything `output` holds is through
    /// the pipe and read.
    func drain(_ output: ProtocolOutput, step: Int = 65536) {
        while true {
            output.write()
            guard output.hasPending else { break }
            take(step)
        }
        takeAll()
    }
}
