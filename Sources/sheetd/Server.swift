#if canImport(Glibc)
import Glibc
#endif
import CLinuxPoll
import SheetRPC

/// `sheetd serve`: one thread, one loop.
///
/// Each turn: run a realtime tick if one is due; take work — the rest of a paused batch,
/// then the decoded messages, a due tick between any two — while the output is not full;
/// write what the output fd takes; then wait in poll(2) on stdin (only while the output is
/// not full), on the output fd (`POLLOUT` while bytes are pending; errors always) and on the
/// signal pipe, until the next realtime grid point (ppoll, sub-millisecond) or forever when
/// nothing moves and nothing is pending (zero CPU when idle).
///
/// Exit: EOF on stdin -> answer the rest, flush, 0; `exit` notification -> flush, the
/// connection's code; SIGTERM/SIGINT/SIGHUP -> flush for up to 1 s (finishing a message
/// already begun), 0; reader gone -> 1.
struct Server {
    let options: Options
    let logger: Logger

    /// How long a signal lets pending output drain before exiting.
    static let signalFlushMilliseconds = 1000.0

    init(options: Options) {
        self.options = options
        self.logger = Logger(level: options.logLevel)
    }

    func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let signals = SignalPipe()
        let output = ProtocolOutput.claimStdout(framing: options.framing == .lsp ? .lsp : .ndjson)
        defer { output.restoreFlags() }
        let logger = self.logger
        // --plugin-isolation none: flush before plugin code, exit on a signal during it.
        let watchdog = options.pluginIsolation == .none
            ? PluginCallWatchdog(output: output, signals: signals, logger: logger) : nil
        // `connection` is a constant: a variable captured by the functions below would be
        // retained and released around every call made on it.
        let (connection, madeDecoder) = options.makeConnection(logger: logger, pluginGate: watchdog)
        var decoder = madeDecoder
        var clockKnown = false  // the clock is chosen by `initialize`, once
        logger.info("serving on stdio (framing \(options.framing.rawValue), max message \(options.maxMessageBytes) bytes)")

        let readSize = 64 * 1024
        let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 16)
        defer { readBuffer.deallocate() }
        var inputEnded = false
        var tail: [FrameDecoder.Event] = []  // decoder.finish() after EOF

        /// Runs the realtime tick if it is due; `true` if it ran.
        func tickIfDue() -> Bool {
            guard !inputEnded, let deadline = connection.nextDeadline() else { return false }
            let now = monotonicMilliseconds()
            guard deadline <= now else { return false }
            connection.advance(to: now, out: output)
            return true
        }

        /// Takes work while the output accepts it; `true` when every message read so far is
        /// done. A due tick runs first (full or not) or between any two messages, but once per
        /// turn: a clock too busy to keep up (it then skips grid points) never starves input.
        /// (The decoder is passed `inout`, not captured: read through a captured variable, it
        /// would be copied — its buffer retained — for every message.)
        func takeWork(_ decoder: inout FrameDecoder) -> Bool {
            var ticked = tickIfDue()  // even when full: frames then supersede pending ones
            while !output.isFull && connection.exitCode == nil && !output.readerGone {
                if !ticked { ticked = tickIfDue() }
                if connection.isPaused {
                    connection.resume(to: output)
                    continue
                }
                // Each message is read where it arrived in the decoder's buffer (not copied,
                // and sliced only if the fast path declines it).
                if let found = decoder.nextInPlace() {
                    if let f = decoder.detected { output.encoder.framing = f }
                    switch found {
                    case .error(let e):
                        logger.warn("\(e)")
                        connection.receive(.error(e), to: output)
                    case .message(let r):
                        if logger.enabled(.debug) { logger.debug("received a message of \(r.count) bytes") }
                        _ = decoder.withMessage(r) { bytes, slice in
                            connection.receive(bytes, slice: slice, to: output)
                        }
                    }
                } else {
                    guard !tail.isEmpty else { return true }
                    let event = tail.removeFirst()
                    switch event {
                    case .error(let e): logger.warn("\(e)")
                    case .message(let m): if logger.enabled(.debug) { logger.debug("received a message of \(m.count) bytes") }
                    }
                    if let f = decoder.detected { output.encoder.framing = f }
                    connection.receive(event, to: output)
                }
                if !clockKnown && connection.isInitialized {
                    clockKnown = true
                    output.supersedesFrames = connection.service.clock == .realtime
                }
            }
            return connection.exitCode != nil
        }

        // Filled each turn (one allocation, not one per turn). Not a `[pollfd]`: the first array
        // of a C struct lays out its storage class's metadata at run time (10k instructions before
        // the `initialize` reply).
        let fds = UnsafeMutablePointer<pollfd>.allocate(capacity: 3)
        fds.initialize(repeating: pollfd(), count: 3)
        defer { fds.deallocate() }
        while true {
            let allTaken = takeWork(&decoder)
            if !output.write() { return readerGone() }
            if let code = connection.exitCode {
                logger.info("exit (code \(code))")
                return drain(output, signals: signals, bound: nil) ?? code
            }
            if inputEnded && allTaken {
                logger.info("end of input")
                return drain(output, signals: signals, bound: nil) ?? 0
            }

            let takeInput = !inputEnded && !output.isFull && !connection.isPaused
            fds[0] = pollfd(fd: takeInput ? 0 : -1, events: Int16(POLLIN), revents: 0)
            fds[1] = pollfd(fd: output.fd, events: output.hasPending ? Int16(POLLOUT) : 0, revents: 0)
            fds[2] = pollfd(fd: signals?.fd ?? -1, events: Int16(POLLIN), revents: 0)
            let r = Self.wait(fds, count: 3, until: inputEnded ? nil : connection.nextDeadline())
            if r < 0 {
                if errno == EINTR { continue }
                logger.error("poll failed: errno \(errno)")
                return 1
            }
            if fds[2].revents != 0, let s = signals?.take() {
                logger.warn("received \(SignalPipe.name(s)); flushing output and exiting")
                return drain(output, signals: nil, bound: Self.signalFlushMilliseconds) ?? 0
            }
            if fds[1].revents & Int16(POLLERR | POLLHUP) != 0 {
                return readerGone()
            }
            if fds[0].revents != 0 {
                let n = read(0, readBuffer.baseAddress!, readSize)
                if n < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    logger.error("read failed: errno \(errno)")
                }
                if n <= 0 {
                    inputEnded = true
                    tail = decoder.finish()
                } else {
                    decoder.feed(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]))
                }
            }
        }
    }

    /// poll(2) until `deadline` (ms, monotonic) with sub-millisecond precision (ppoll), or
    /// without a timeout when there is none.
    static func wait(_ fds: inout [pollfd], until deadline: Double?) -> Int32 {
        fds.withUnsafeMutableBufferPointer { wait($0.baseAddress!, count: $0.count, until: deadline) }
    }

    /// `wait` for the `count` entries at `fds`.
    static func wait(_ fds: UnsafeMutablePointer<pollfd>, count: Int, until deadline: Double?) -> Int32 {
        guard let deadline else { return poll(fds, nfds_t(count), -1) }
        let ns = max(0, ((deadline - monotonicMilliseconds()) * 1e6).rounded(.up))
        var ts = timespec(tv_sec: Int(ns / 1e9), tv_nsec: Int(ns.truncatingRemainder(dividingBy: 1e9)))
        return ppoll(fds, nfds_t(count), &ts, nil)
    }

    /// Writes what is pending, waiting for the reader. With a `bound` (ms) — or once a
    /// signal arrives (when `signals` is given), 1 s — it gives up when that has passed, but
    /// first completes a message already begun (within the same bound again), so the stream
    /// ends on a message boundary. Returns 1 if the reader went away, else `nil`.
    private func drain(_ output: ProtocolOutput, signals: SignalPipe?, bound: Double?) -> Int32? {
        var bound = bound
        var deadline = bound.map { monotonicMilliseconds() + $0 }
        var extended = false
        while output.hasPending {
            if !output.write() { return readerGone() }
            if !output.hasPending { break }
            if let d = deadline, let b = bound, monotonicMilliseconds() >= d {
                guard output.isMidChunk && !extended else {
                    logger.warn("exiting with \(output.pendingBytes) bytes of output unwritten")
                    return nil
                }
                // Finish the message being written, but no more.
                extended = true
                deadline = monotonicMilliseconds() + b
                output.discardAllButCurrentChunk()
                continue
            }
            var fds = [pollfd(fd: output.fd, events: Int16(POLLOUT), revents: 0),
                       pollfd(fd: bound == nil ? signals?.fd ?? -1 : -1, events: Int16(POLLIN), revents: 0)]
            _ = Self.wait(&fds, until: deadline)
            if fds[1].revents != 0, let s = signals?.take() {
                logger.warn("received \(SignalPipe.name(s)); flushing output and exiting")
                bound = Self.signalFlushMilliseconds
                deadline = monotonicMilliseconds() + Self.signalFlushMilliseconds
            }
        }
        return nil
    }

    private func readerGone() -> Int32 {
        logger.info("output reader gone; exiting")
        return 1
    }
}
