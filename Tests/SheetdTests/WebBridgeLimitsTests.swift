import Foundation
import Testing

/// The web host's bridge (examples/web-host/serve.py, on the `websockets` library) holds its
/// limits against hostile clients: examples/web-host/bridge_test.py writes raw WebSocket frames
/// to it — a header claiming 2^40 bytes, fragments past 1 MiB, unmasked and binary frames,
/// half a frame, a ninth socket, a page that neither reads nor stops sending — and checks each
/// answer (HTTP status or close code), the bridge's memory, and that other pages stay served.
@Suite struct WebBridgeLimitsTests {
    @Test func hostileClientsAreClosedAndOtherPagesStayServed() throws {
        let script = SpecTests.repoRoot.appendingPathComponent("examples/web-host/bridge_test.py").path
        let r = try Python.run(script, ["--sheetd", try Daemon.binaryPath()], importing: "websockets",
                               debianPackage: "python3-websockets", pipPackage: "websockets")
        // unittest reports on stderr: a line of dots, then "OK" or the failures.
        #expect(r.status == 0, "examples/web-host/bridge_test.py failed:\n\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("\nOK"), "\(r.stderr)")
    }
}
