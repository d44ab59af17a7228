#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP turned into input for the poll loop (the self-pipe trick):
/// the handler only writes the signal number into a non-blocking pipe whose read end the
/// loop polls, so a signal never interrupts a message half-written (the loop decides when
/// to stop). Glibc's Swift module has no `signalfd`, hence the pipe.
final class SignalPipe {
    /// The signals the daemon handles: each means "finish the output and exit 0".
    static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Poll this for `POLLIN`.
    let fd: Int32

    /// Creates the pipe and installs the handlers; `nil` (signals keep their default action)
    /// if no pipe can be made.
    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for e in ends {
            _ = fcntl(e, F_SETFD, FD_CLOEXEC)
            _ = fcntl(e, F_SETFL, fcntl(e, F_GETFL) | O_NONBLOCK)
        }
        fd = ends[0]
        signalPipeWriteEnd = ends[1]
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in Self.handled {
            signal(s, signalPipeHandler)
            sigaddset(&mask, s)
        }
        // A spawner may have left them blocked (the mask is inherited): take them.
        sigprocmask(SIG_UNBLOCK, &mask, nil)
    }

    /// The first signal received since the last call, if any.
    func take() -> Int32? {
        var byte: UInt8 = 0
        let n = read(fd, &byte, 1)
        return n == 1 ? Int32(byte) : nil
    }

    /// `SIGTERM`, `SIGINT`, `SIGHUP` (or the number).
    static func name(_ s: Int32) -> String {
        switch s {
        case SIGTERM: return "SIGTERM"
        case SIGINT: return "SIGINT"
        case SIGHUP: return "SIGHUP"
        default: return "signal \(s)"
        }
    }
}

/// The write end of the signal pipe (set once, before the handlers are installed).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Async-signal-safe: one write(2) of the signal number; errno is preserved.
private func signalPipeHandler(_ s: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: s)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = saved
}
