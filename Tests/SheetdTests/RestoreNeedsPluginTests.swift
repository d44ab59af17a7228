import Foundation
import SheetRPC
import Testing

/// `session.restore` of a snapshot whose policy is a plugin this daemon has not loaded is
/// `-32011` (plugin error), as protocol/README.md section 7 says — not `-32602`.
@Suite struct RestoreNeedsPluginTests {
    @Test func restoringWithoutThePluginIsAPluginError() throws {
        let buildDir = URL(fileURLWithPath: try Daemon.binaryPath()).deletingLastPathComponent().path
        let withPlugins = try Daemon(arguments: ["--plugin-dir", buildDir])
        _ = try withPlugins.initialize(["clock": "host"])
        let created = try withPlugins.call("session.create", [
            "container": ["width": 390, "height": 844], "policies": ["dismissal": "material"]])
        let snapshot = try withPlugins.call("session.snapshot", ["session": created["session"] ?? .null])
        withPlugins.closeInput()
        #expect(try withPlugins.waitForExit() == 0)

        let without = try Daemon(arguments: ["--no-default-plugins"])
        _ = try without.initialize(["clock": "host"])
        let (response, _) = try without.request("session.restore", ["state": snapshot])
        #expect(response["error"]?["code"] == .int(-32011))
        #expect(response["error"]?["message"]?.stringValue?.contains("\"material\"") == true)
        #expect(try without.call("session.list") == [])
        without.closeInput()
        #expect(try without.waitForExit() == 0)
    }
}
