#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import SheetRPC
import Testing
@testable import sheetd

/// Plugins in helper processes (the default `--plugin-isolation process`), through the built
/// daemon over pipes: a plugin that crashes, aborts, exits, loops or answers too late takes
/// down only its own session's use of it — that session falls back to the built-in with
/// exactly one `-32011` — while the daemon, its clock and every other session carry on.
@Suite struct PluginIsolationEndToEndTests {
    static let faults = ["segv", "abort", "exit", "loop", "sleep"]

    /// A sheet using the fixture dismissal policy, with `fault` as its config (nil: none).
    static func create(fault: String?) -> JSONValue {
        var policies: JSONObject = ["dismissal": "fixture"]
        if let fault { policies["config"] = ["fixture": ["fault": .string(fault)]] }
        return ["container": ["width": 390, "height": 844], "content": ["preferredHeight": 300],
                "policies": .object(policies)]
    }

    /// Presents `session` at `t` and releases a short drag; returns the release's response and
    /// the notifications before it.
    static func release(_ d: Daemon, _ session: String, at t: Int) throws -> (JSONValue, [JSONValue]) {
        _ = try d.call("sheet.present", ["session": .string(session), "t": .int(Int64(t)), "animated": false])
        _ = try d.call("input.pan", ["session": .string(session), "t": .int(Int64(t + 100)), "phase": "began",
                                     "translation": ["x": 0, "y": 0]])
        return try d.request("input.pan", ["session": .string(session), "t": .int(Int64(t + 116)), "phase": "ended",
                                           "translation": ["x": 0, "y": 20], "velocity": ["x": 0, "y": 0]])
    }

    static func diagnostics(_ notes: [JSONValue]) -> [JSONValue] {
        notes.filter { $0["method"] == "$/diagnostic" }
    }

    static func count(_ text: String, in haystack: String) -> Int {
        haystack.components(separatedBy: text).count - 1
    }

    static func fixture(_ d: Daemon) throws -> JSONValue? {
        try d.call("plugins.list").arrayValue?.first { $0["name"] == "fixture" }
    }

    @Test(arguments: faults)
    func aFaultFallsBackOnlyTheSessionThatMadeIt(_ fault: String) throws {
        let dir = try PluginFixture.build()
        defer { PluginFixture.remove(dir) }
        let d = try Daemon(arguments: ["--plugin-dir", dir, "--no-default-plugins", "--log-level", "info"])
        _ = try d.call("initialize", ["clock": "host"])
        #expect(try d.call("session.create", Self.create(fault: fault))["session"] == "s1")
        #expect(try d.call("session.create", Self.create(fault: nil))["session"] == "s2")

        // s1's release faults: the built-in decides it, with exactly one diagnostic.
        let (r1, notes1) = try Self.release(d, "s1", at: 0)
        #expect(r1["result"]?["state"] == "settling", "\(r1)")
        let diagnostics = Self.diagnostics(notes1)
        #expect(diagnostics.count == 1, "\(notes1)")
        #expect(diagnostics.first?["params"]?["code"] == -32011)
        #expect(diagnostics.first?["params"]?["session"] == "s1")
        let reason = ["segv": "crashed (SIGSEGV)", "abort": "crashed (SIGABRT)", "exit": "exited (status 3)",
                      "loop": "did not answer within 50 ms", "sleep": "did not answer within 50 ms"][fault]!
        let message = diagnostics.first?["params"]?["message"]?.stringValue ?? ""
        #expect(message.contains(reason) && message.contains("using the built-in \"deceleration\""), "\(message)")

        // s2 gets a restarted helper on its next call: its instance is created again there
        // and the plugin decides its release.
        let (r2, notes2) = try Self.release(d, "s2", at: 1000)
        #expect(r2["result"]?["state"] == "settling")
        #expect(Self.diagnostics(notes2).isEmpty, "\(notes2)")
        #expect(Self.count("plugin fixture: info: create config={}", in: d.stderrText) == 2)
        #expect(Self.count("plugin fixture: info: decide", in: d.stderrText) == 2)

        // s1 keeps the built-in (no second diagnostic), the clock still runs, and the plugin
        // counts one fault.
        let (_, notes3) = try Self.release(d, "s1", at: 2000)
        #expect(Self.diagnostics(notes3).isEmpty)
        let (tick, frames) = try d.request("clock.tick", ["t": 2200])
        #expect(tick["result"]?["t"] == 2200)
        #expect(frames.contains { $0["method"] == "sheet.frame" })
        let info = try Self.fixture(d)
        #expect(info?["status"] == "ready" && info?["failures"] == 1, "\(String(describing: info))")
        d.closeInput()
        #expect(try d.waitForExit() == 0)
    }

    @Test func threeFaultsWithinAMinuteMarkThePluginFailed() throws {
        let dir = try PluginFixture.build()
        defer { PluginFixture.remove(dir) }
        let d = try Daemon(arguments: ["--plugin-dir", dir, "--no-default-plugins"])
        _ = try d.call("initialize", ["clock": "host"])
        for s in 1...3 {
            #expect(try d.call("session.create", Self.create(fault: "segv"))["session"] == .string("s\(s)"))
        }
        #expect(try d.call("session.create", Self.create(fault: nil))["session"] == "s4")
        for s in 1...3 {
            let (_, notes) = try Self.release(d, "s\(s)", at: s * 1000)
            #expect(Self.diagnostics(notes).count == 1)
        }
        let info = try Self.fixture(d)
        #expect(info?["status"] == "failed" && info?["failures"] == 3, "\(String(describing: info))")

        // A session created now, and one that used it before, get the built-in with one
        // diagnostic each: the plugin is not restarted.
        #expect(try d.call("session.create", Self.create(fault: nil))["session"] == "s5")
        for (s, t) in [("s4", 5000), ("s5", 6000)] {
            let (r, notes) = try Self.release(d, s, at: t)
            #expect(r["result"]?["state"] == "settling")
            let diagnostics = Self.diagnostics(notes)
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?["params"]?["message"]?.stringValue?.contains("failed (3 faults within a minute)") == true,
                    "\(diagnostics)")
        }
        d.closeInput()
        #expect(try d.waitForExit() == 0)
    }

    /// A navigation animator is called on every frame of a push: its crash mid-stream costs
    /// no frame and no tick — the push goes on with the built-in `slide`.
    @Test func aNavigationPluginCrashDuringAPushLosesNoFrame() throws {
        let dir = try PluginFixtureVariant.build(kind: 3, name: "fixture-nav")
        defer { PluginFixture.remove(dir) }
        let d = try Daemon(arguments: ["--plugin-dir", dir, "--no-default-plugins"])
        _ = try d.call("initialize", ["clock": "host"])
        _ = try d.call("session.create", [
            "container": ["width": 390, "height": 844], "navigation": ["entries": [["id": "root", "preferredHeight": 240]]],
            "policies": ["navigation": "fixture-nav", "config": ["fixture-nav": ["fault": "segv"]]]])
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        let (push, pushNotes) = try d.request("nav.push", ["session": "s1", "t": 100,
                                                           "entry": ["id": "detail", "preferredHeight": 400]])
        #expect(push["error"] == nil, "\(push)")
        var notes = pushNotes
        var frames = 0
        for k in 1...40 {
            let (tick, n) = try d.request("clock.tick", ["t": .int(Int64(100 + 16 * k))])
            #expect(tick["result"]?["t"] == .int(Int64(100 + 16 * k)))
            frames += n.filter { $0["method"] == "sheet.frame" }.count
            notes += n
        }
        #expect(frames >= 20)
        #expect(notes.contains { $0["method"] == "sheet.event" && $0["params"]?["type"] == "navigationDidShow" })
        let diagnostics = Self.diagnostics(notes)
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?["params"]?["message"]?.stringValue?.contains("using the built-in \"slide\"") == true)
        d.closeInput()
        #expect(try d.waitForExit() == 0)
    }

    @Test func isolationOptions() throws {
        #expect(try Options.parse([]).pluginIsolation == .process)
        #expect(try Options.parse([]).pluginTimeoutMilliseconds == 50)
        let o = try Options.parse(["--plugin-isolation", "none", "--plugin-timeout-ms=7.5"])
        #expect(o.pluginIsolation == .none && o.pluginTimeoutMilliseconds == 7.5)
        #expect(throws: Options.UsageError.self) { try Options.parse(["--plugin-isolation", "thread"]) }
        #expect(throws: Options.UsageError.self) { try Options.parse(["--plugin-timeout-ms", "0"]) }
        #expect(throws: Options.UsageError.self) { try Options.parse(["--plugin-timeout-ms", "nan"]) }
    }
}
