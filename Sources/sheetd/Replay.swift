#if canImport(Glibc)
import Glibc
#endif
import SheetRPC
import SheetServer

/// `sheetd replay FILE`: feeds a recorded host stream (NDJSON or LSP, auto-detected unless
/// `--framing` says otherwise) through an in-process `RPCConnection` + `SheetService` and
/// prints every outgoing message as NDJSON on stdout. Stops at `exit`. Exit status 0;
/// 2 when the file cannot be read. With `--expect GOLDEN` it prints nothing on stdout and
/// compares the output with GOLDEN instead (see `expect`).
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
        replay(input, options: options, logger: logger) { bodies in
            output.append(bodies)
            return !output.hasPending || output.flush()
        }
        output.flush()
        return 0
    }

    /// Feeds `input` through a fresh connection, handing every batch of outgoing message
    /// bodies to `sink` (which answers `false` to stop). Stops at `exit`.
    static func replay(_ input: [UInt8], options: Options, logger: Logger, sink: ([[UInt8]]) -> Bool) {
        let (connection, decoder0) = options.makeConnection(logger: logger)
        var decoder = decoder0
        decoder.feed(input)
        var events: [FrameDecoder.Event] = []
        while let e = decoder.next() { events.append(e) }
        events += decoder.finish()
        for event in events {
            if case .error(let e) = event { logger.warn("\(e)") }
            if !sink(connection.receive(event)) { break }
            if connection.exitCode != nil { break }
        }
    }

    /// `--expect GOLDEN`: replays into memory and compares with GOLDEN byte for byte (plugin
    /// directories' real paths read as `<plugin-dir>`, so goldens do not depend on where the
    /// plugins were built). Exit 0
    /// when identical; 1 with the first difference on stderr
    /// (`line N, params.sheet.y: expected X, got Y`); 2 when GOLDEN cannot be read.
    static func expect(_ input: [UInt8], golden path: String, options: Options, logger: Logger) -> Int32 {
        guard let golden = readFile(path) else {
            Sheetd.writeStderr("sheetd: replay: cannot read '\(path)': \(String(cString: strerror(errno)))\n")
            return 2
        }
        let encoder = FrameEncoder(framing: .ndjson)
        var actual: [UInt8] = []
        replay(input, options: options, logger: logger) { bodies in
            for b in bodies { encoder.frame(b, into: &actual) }
            return true
        }
        actual = GoldenDiff.masking(directories: options.pluginDirectories, in: actual)
        guard let difference = GoldenDiff.firstDifference(expected: golden, actual: actual) else { return 0 }
        Sheetd.writeStderr("\(difference)\n")
        return 1
    }

    static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
            errno = EISDIR
            return nil
        }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            data.append(contentsOf: chunk[0..<n])
        }
        return data
    }
}
