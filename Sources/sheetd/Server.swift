#if canImport(Glibc)
import Glibc
#endif
import SheetRPC
import SheetServer

/// `sheetd serve`: one thread, one loop.
///
/// poll(2) waits on stdin (and watches the protocol fd for a vanished reader) with a timeout
/// up to the service's next realtime deadline, or forever when it has none. Input is read
/// with read(2) into the frame decoder; every event goes through the `RPCConnection` and the
/// replies are written in the detected framing before the next wait. Exit: EOF on stdin ->
/// flush, 0; `exit` notification -> flush, the connection's code; reader gone -> 1.
struct Server {
    let options: Options
    let logger: Logger

    init(options: Options) {
        self.options = options
        self.logger = Logger(level: options.logLevel)
    }

    func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let output = ProtocolOutput.claimStdout(framing: options.framing == .lsp ? .lsp : .ndjson)
        let logger = self.logger
        var (connection, decoder) = options.makeConnection(logger: logger)
        logger.info("serving on stdio (framing \(options.framing.rawValue), max message \(options.maxMessageBytes) bytes)")

        let readSize = 64 * 1024
        let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 16)
        defer { readBuffer.deallocate() }

        func handle(_ event: FrameDecoder.Event) {
            switch event {
            case .error(let e): logger.warn("\(e)")
            case .message(let m): if logger.enabled(.debug) { logger.debug("received a message of \(m.count) bytes") }
            }
            if let f = decoder.detected { output.encoder.framing = f }
            output.append(connection.receive(event))
        }

        while true {
            // Realtime deadlines: advance when due, then wait for input until the next one
            // (a deadline that is still due polls input without blocking, so input is never
            // starved by a busy clock).
            var timeout: Int32 = -1
            if let deadline = connection.nextDeadline() {
                if deadline <= monotonicMilliseconds() {
                    output.append(connection.advance(to: monotonicMilliseconds()))
                    if !output.flush() { return readerGone() }
                }
                if let next = connection.nextDeadline() {
                    let wait = next - monotonicMilliseconds()
                    timeout = wait <= 0 ? 0 : Int32(min(wait.rounded(.up), Double(Int32.max)))
                }
            }

            var fds = [
                pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                pollfd(fd: output.fd, events: 0, revents: 0),
            ]
            let r = poll(&fds, 2, timeout)
            if r < 0 {
                if errno == EINTR { continue }
                logger.error("poll failed: errno \(errno)")
                return 1
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
                    // End of input: answer what is left, flush, done.
                    for event in decoder.finish() {
                        handle(event)
                        if connection.exitCode != nil { break }
                    }
                    if !output.flush() { return readerGone() }
                    logger.info("end of input")
                    return connection.exitCode ?? 0
                }
                decoder.feed(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]))
                while let event = decoder.next() {
                    handle(event)
                    if connection.exitCode != nil { break }
                }
                if !output.flush() { return readerGone() }
                if let code = connection.exitCode {
                    logger.info("exit (code \(code))")
                    return code
                }
            }
        }
    }

    private func readerGone() -> Int32 {
        logger.info("output reader gone; exiting")
        return 1
    }
}
