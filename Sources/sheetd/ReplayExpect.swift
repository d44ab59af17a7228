#if canImport(Glibc)
import Glibc
#endif
import SheetRPC

/// `sheetd replay FILE --expect GOLDEN`: the replay's output is compared with GOLDEN instead of
/// being printed (the conformance suite, protocol/conformance/README.md).
extension Replay {
    /// Replays `input` into memory and compares the output with GOLDEN byte for byte, with the
    /// real path of every plugin directory read as `<plugin-dir>` (goldens do not depend on
    /// where the plugins were built). Exit 0 when identical; 1 with the first difference on
    /// stderr (`line N, params.sheet.y: expected X, got Y`); 2 when GOLDEN cannot be read.
    static func expect(_ input: [UInt8], golden path: String, options: Options, logger: Logger) -> Int32 {
        guard let golden = readFile(path) else {
            Sheetd.writeStderr("sheetd: replay: cannot read '\(path)': \(String(cString: strerror(errno)))\n")
            return 2
        }
        let (connection, events) = connectionAndEvents(input, options: options, logger: logger)
        let encoder = FrameEncoder(framing: .ndjson)
        var actual: [UInt8] = []
        for event in events where connection.exitCode == nil {
            if case .error(let e) = event { logger.warn("\(e)") }
            for body in RPCCollector.bodies({ connection.receive(event, to: $0) }) { encoder.frame(body, into: &actual) }
        }
        actual = GoldenDiff.masking(directories: options.pluginDirectories, in: actual)
        guard let difference = GoldenDiff.firstDifference(expected: golden, actual: actual) else { return 0 }
        Sheetd.writeStderr("\(difference)\n")
        return 1
    }
}
