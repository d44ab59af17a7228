#if canImport(Glibc)
import Glibc
#endif
import SheetRPC

/// The protocol output: a private dup of the original stdout, written with write(2).
///
/// `claimStdout()` dups fd 1 for protocol bytes and then points fd 1 at stderr, so a stray
/// `print` can never corrupt the stream. Messages are framed into a buffer and written by
/// `flush()`, which reports `false` once the reader is gone (EPIPE or another write error).
final class ProtocolOutput {
    let fd: Int32
    var encoder: FrameEncoder
    private var buffer: [UInt8] = []
    private(set) var readerGone = false

    init(fd: Int32, framing: Framing) {
        self.fd = fd
        self.encoder = FrameEncoder(framing: framing)
        buffer.reserveCapacity(64 * 1024)
    }

    /// Dups fd 1 (close-on-exec) for the protocol and redirects fd 1 to stderr.
    static func claimStdout(framing: Framing) -> ProtocolOutput {
        let fd = fcntl(1, F_DUPFD_CLOEXEC, 3)
        if dup2(2, 1) < 0 {
            // No stderr: stray output goes nowhere rather than into the protocol stream.
            let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
            if null >= 0 {
                dup2(null, 1)
                close(null)
            }
        }
        return ProtocolOutput(fd: fd < 0 ? 1 : fd, framing: framing)
    }

    /// Frames and buffers message bodies.
    func append(_ bodies: [[UInt8]]) {
        for b in bodies { encoder.frame(b, into: &buffer) }
    }

    var hasPending: Bool { !buffer.isEmpty }

    /// Writes everything buffered; `false` when the reader is gone.
    @discardableResult
    func flush() -> Bool {
        guard !readerGone else { return false }
        defer { buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 22) }
        let ok = buffer.withUnsafeBytes { p -> Bool in
            var off = 0
            while off < p.count {
                let n = write(fd, p.baseAddress! + off, p.count - off)
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK {
                        var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&pfd, 1, 1000)
                        continue
                    }
                    return false
                }
                off += n
            }
            return true
        }
        if !ok { readerGone = true }
        return ok
    }
}
