#if canImport(Glibc)
import Glibc
#endif
import SheetFileIO
import SheetRPC
import SheetReplay
import SheetServer

/// `sheetd replay FILE`: feeds a recorded host stream (NDJSON or LSP, auto-detected unless
/// `--framing` says otherwise) through an in-process `RPCConnection` + `SheetService` and
/// prints every outgoing message as NDJSON on stdout. Stops at `exit`. With `--svg`/`--html`
/// it also writes a plot and a player of what happened (`ReplayRecording`). Exit status 0;
/// 2 when the file cannot be read or an output file cannot be written.
enum Replay {
    static func run(path: String, options: Options) -> Int32 {
        let logger = Logger(level: options.logLevel)
        guard let input = readFile(path) else {
            Sheetd.writeStderr("sheetd: replay: cannot read '\(path)': \(String(cString: strerror(errno)))\n")
            return 2
        }
        if let golden = options.expectPath { return expect(input, golden: golden, options: options, logger: logger) }
        signal(SIGPIPE, SIG_IGN)
        let output = ProtocolOutput.claimStdout(framing: .ndjson)
        let (connection, events) = connectionAndEvents(input, options: options, logger: logger)
        var recording = options.svgPath == nil && options.htmlPath == nil ? nil : ReplayRecording(source: path)
        for event in events {
            if case .error(let e) = event { logger.warn("\(e)") }
            let answers = RPCCollector.bodies { connection.receive(event, to: $0) }
            recording?.observe(event, answers: answers, service: connection.service)
            output.append(answers)
            if output.hasPending && !output.flush() { break }
            if connection.exitCode != nil { break }
        }
        output.flush()
        guard let record = recording?.json else { return 0 }
        var status: Int32 = 0
        if let svg = options.svgPath, !writeFile(svg, SVGPlot.render(record)) { status = 2 }
        if let html = options.htmlPath, !writeFile(html, HTMLPlayer.render(record)) { status = 2 }
        return status
    }

    /// Writes a plot or a player; false (with a message on stderr) when it cannot.
    static func writeFile(_ path: String, _ text: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            Sheetd.writeStderr("sheetd: replay: cannot write '\(path)': \(String(cString: strerror(errno)))\n")
            return false
        }
        Sheetd.writeAll(fd, Array(text.utf8))
        return close(fd) == 0
    }

    /// A fresh connection, and the recorded stream cut into its messages (and framing errors).
    static func connectionAndEvents(_ input: [UInt8], options: Options,
                                    logger: Logger) -> (RPCConnection, [FrameDecoder.Event]) {
        let (connection, initialDecoder) = options.makeConnection(logger: logger)
        var decoder = initialDecoder
        decoder.feed(input)
        var events: [FrameDecoder.Event] = []
        while let e = decoder.next() { events.append(e) }
        events += decoder.finish()
        return (connection, events)
    }

    static func readFile(_ path: String) -> [UInt8]? { FileIO.readFile(path) }
}
