#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Testing
import SheetRPC

/// SIGTERM, SIGINT and SIGHUP while frames stream: the daemon finishes the message it is
/// writing, flushes, logs and exits 0 — stdout ends on a message boundary.
@Suite struct SignalExitTests {
    static let cases: [(Int32, Daemon.Framing)] = [
        (SIGTERM, .ndjson), (SIGINT, .ndjson), (SIGHUP, .ndjson),
        (SIGTERM, .lsp), (SIGINT, .lsp), (SIGHUP, .lsp),
    ]

    @Test(arguments: 0..<cases.count)
    func aSignalWhileFramesStreamEndsOnAMessageBoundary(_ i: Int) throws {
        let (sig, framing) = Self.cases[i]
        let d = try Daemon(framing: framing)
        _ = try d.call("initialize", ["clock": "realtime", "fps": 120])
        let sessions = 200
        for s in 1...sessions {
            d.send(#"{"jsonrpc":"2.0","id":"c\#(s)","method":"session.create","params":{"container":{"width":390,"height":844}}}"#)
        }
        for s in 1...sessions {
            d.send(#"{"jsonrpc":"2.0","method":"sheet.present","params":{"session":"s\#(s)"}}"#)
        }
        // Frames are streaming.
        while try d.readMessage()["method"] != "sheet.frame" {}
        #expect(kill(d.pid, sig) == 0)
        let status = try d.waitForExit()
        #expect(status == 0, "signal \(sig)")
        // Every byte on stdout belongs to a complete message (a cut-off NDJSON line or LSP
        // body would be a protocol violation at end of stream) ...
        #expect(d.protocolViolations.isEmpty, "\(d.protocolViolations)")
        let last = d.rawOutput.last
        #expect(last == UInt8(ascii: "\n") || (framing == .lsp && last == UInt8(ascii: "}")))
        // ... and the daemon said why it stopped.
        #expect(d.stderrText.contains("received SIG"))
    }
}
