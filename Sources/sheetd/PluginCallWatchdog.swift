#if canImport(Glibc)
import Glibc
#endif
import SheetPluginHost
import Synchronization

/// `--plugin-isolation none`: plugins run on the loop thread, so two promises need help.
///
/// - **Nothing answered is lost to a plugin crash.** Before any plugin code runs, everything
///   queued for stdout is written (waiting for the reader if it must). What a batch holds
///   back until its end is not queued yet and stays held.
/// - **SIGTERM, SIGINT and SIGHUP end the daemon within 1 s, even while a plugin call
///   hangs.** A watchdog thread waits on the signal pipe. If the loop is inside plugin code
///   when a signal arrives, the watchdog ends the process with status 0 (everything queued
///   was written before the call began). Otherwise the loop sees the signal as usual — or,
///   if it is about to call a plugin first, exits there instead of running plugin code.
///
/// The loop and the watchdog agree through one atomic state (idle, in a call, exiting): the
/// watchdog exits only by moving "in a call" to "exiting", and the loop leaves a call only by
/// moving it back to "idle", so the process never exits while the loop writes output.
final class PluginCallWatchdog: PluginCallGate, @unchecked Sendable {
    private let output: ProtocolOutput
    private let signalFD: Int32
    private let logger: Logger
    private static let idle = 0, inCall = 1, exiting = 2
    private let state = Atomic<Int>(0)
    private let signalled = Atomic<Bool>(false)

    init(output: ProtocolOutput, signals: SignalPipe?, logger: Logger) {
        self.output = output
        self.signalFD = signals?.fd ?? -1
        self.logger = logger
        guard signalFD >= 0 else { return }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<PluginCallWatchdog>.fromOpaque(context!).takeRetainedValue().watch()
            return nil
        }, context)
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<PluginCallWatchdog>.fromOpaque(context).release()
        }
    }

    // MARK: PluginCallGate (the loop thread)

    func enter() {
        flushBeforeCall()
        state.store(Self.inCall, ordering: .sequentiallyConsistent)
        guard signalled.load(ordering: .sequentiallyConsistent) else { return }
        // A signal is pending: end here rather than run plugin code that may hang.
        guard state.compareExchange(expected: Self.inCall, desired: Self.idle,
                                    ordering: .sequentiallyConsistent).exchanged else { parkForever() }
        logger.warn("received a signal; exiting before a plugin call (output flushed)")
        exit(0)
    }

    func leave() {
        guard state.compareExchange(expected: Self.inCall, desired: Self.idle,
                                    ordering: .sequentiallyConsistent).exchanged else { parkForever() }
    }

    /// The watchdog is ending the process.
    private func parkForever() -> Never {
        while true { pause() }
    }

    /// Writes everything queued; a signal meanwhile gives the reader 1 s more, then exits 0.
    private func flushBeforeCall() {
        var deadline: Double? = nil
        while output.hasPending {
            if !output.write() { return }  // the reader is gone: nothing to keep
            if !output.hasPending { break }
            if let d = deadline, monotonicMilliseconds() >= d {
                logger.warn("exiting with \(output.pendingBytes) bytes of output unwritten")
                exit(0)
            }
            var fds = [pollfd(fd: output.fd, events: Int16(POLLOUT), revents: 0),
                       pollfd(fd: deadline == nil ? signalFD : -1, events: Int16(POLLIN), revents: 0)]
            _ = Server.wait(&fds, until: deadline)
            if fds[1].revents != 0 {
                signalled.store(true, ordering: .sequentiallyConsistent)
                deadline = monotonicMilliseconds() + Server.signalFlushMilliseconds
            }
        }
        if deadline != nil {
            logger.warn("received a signal; output flushed, exiting before a plugin call")
            exit(0)
        }
    }

    // MARK: The watchdog thread

    private func watch() {
        var pfd = pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)
        while poll(&pfd, 1, -1) < 0 && errno == EINTR {}
        signalled.store(true, ordering: .sequentiallyConsistent)
        guard state.compareExchange(expected: Self.inCall, desired: Self.exiting,
                                    ordering: .sequentiallyConsistent).exchanged else { return }
        // The loop is inside plugin code and wrote everything queued before entering it.
        logger.warn("received a signal during a plugin call; exiting (output was flushed before the call)")
        _exit(0)
    }
}
