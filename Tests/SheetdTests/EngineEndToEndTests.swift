import Foundation
import Testing
import SheetRPC

/// End-to-end checks of the engine through the built daemon: the realtime clock, plugin
/// fallback and session isolation on bad input.
@Suite struct EngineEndToEndTests {
    static let create: JSONValue = [
        "container": ["width": 390, "height": 844, "safeArea": ["top": 47, "bottom": 34]],
        "content": ["preferredHeight": 300],
    ]

    @Test func realtimeClockPacesFramesAndFallsSilentWhenIdle() throws {
        let d = try Daemon()
        let hello = try d.call("initialize", ["clock": "realtime", "fps": 60])
        #expect(hello["clock"] == "realtime")
        _ = try d.call("session.create", Self.create)
        _ = try d.call("sheet.present", ["session": "s1"])
        var frames: [JSONValue] = []
        while true {
            let m = try d.readMessage()
            if m["method"] == "sheet.frame" { frames.append(m["params"]!) }
            if m["method"] == "sheet.event" { #expect(m["params"]?["type"] == "presented"); break }
        }
        // Never faster than 60 fps: consecutive frames are at least 1000/60 ms apart.
        let times = frames.compactMap { $0["t"]?.doubleValue }
        #expect(times.count == frames.count && frames.count >= 2)
        for (a, b) in zip(times, times.dropFirst()) { #expect(b - a >= 1000.0 / 60 - 0.001, "frames at \(a) and \(b)") }
        // A 300 ms presentation at 60 fps takes about 18 frames, never more than 300 / 16.67 + 2.
        #expect(frames.count <= 20)
        #expect(frames.last?["sheet"]?["y"] == 510)
        #expect(frames.last?["state"] == "presented")
        // Idle: the loop blocks in poll(2) with no timeout (zero CPU) ...
        #expect(try Self.eventuallyBlockedInPollForever(pid: d.pid))
        // ... and sends nothing: a request is answered with no frame before it.
        let (r, notes) = try d.request("session.list")
        #expect(notes.isEmpty)
        #expect(r["result"]?.arrayValue?.count == 1)
    }

    /// Reads /proc/PID/syscall until the daemon sits in poll(2) with timeout -1 (bounded
    /// number of reads; the daemon gets there right after writing its last message).
    static func eventuallyBlockedInPollForever(pid: pid_t) throws -> Bool {
        for _ in 0..<1_000_000 {
            if isAsleepInPollForever(pid: pid) { return true }
            sched_yield()
        }
        return false
    }

    /// The daemon sleeps in poll(2) with no timeout (/proc/PID/syscall names the call only
    /// while the task is blocked in it).
    static func isAsleepInPollForever(pid: pid_t) -> Bool {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? ""
        let fields = text.split(separator: " ")
        // x86_64: poll = 7, its third argument is the timeout; aarch64 uses ppoll (73) with a NULL timeout.
        if fields.count > 3 && fields[0] == "7" && fields[3] == "0xffffffff" { return true }
        if fields.count > 3 && fields[0] == "73" && fields[3] == "0x0" { return true }
        return false
    }

    @Test func hostClockFramesOnlyOnTicks() throws {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        _ = try d.call("session.create", Self.create)
        let (present, before) = try d.request("sheet.present", ["session": "s1", "t": 0])
        #expect(present["result"]?["state"] == "presenting")
        #expect(!before.contains { $0["method"] == "sheet.frame" })  // the willSettle comes at once, frames only on ticks
        let (tick, frames) = try d.request("clock.tick", ["t": 150])
        #expect(tick["result"]?["frames"] == 1)
        #expect(frames.count == 1 && frames[0]["params"]?["sheet"]?["y"] == 677)
        // Nothing changed since: the next tick at the same time sends no frame.
        let (again, none) = try d.request("clock.tick", ["t": 150])
        #expect(again["result"]?["frames"] == 0)
        #expect(none.isEmpty)
    }

    @Test func badInputLeavesTheSessionIntact() throws {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        _ = try d.call("session.create", Self.create)
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        let (tick0, _) = try d.request("clock.tick", ["t": 0])
        #expect(tick0["result"]?["frames"] == 1)
        let bad: [(String, JSONValue, Int64)] = [
            ("sheet.selectDetent", ["session": "s1", "t": 10, "detent": "huge"], -32602),
            ("sheet.setContentHeight", ["session": "s1", "t": 10, "height": -5], -32602),
            ("input.pan", ["session": "s1", "t": 10, "phase": "wiggle", "translation": ["x": 0, "y": 0]], -32602),
            ("sheet.present", ["session": "s9", "t": 10], -32001),
            ("nav.pop", ["session": "s1", "t": 10], -32010),
            ("session.create", ["container": ["width": 390, "height": .double(.infinity)]], -32602),
        ]
        for (method, params, code) in bad {
            let (r, _) = try d.request(method, params)
            #expect(r["error"]?["code"] == .int(code), "\(method)")
        }
        d.send(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s1","t":10,"phase":"began","translation":{"x":0,"y":"down"}}}"#)
        let diag = try d.readMessage()
        #expect(diag["method"] == "$/diagnostic")
        #expect(diag["params"]?["message"]?.stringValue?.hasPrefix("params.translation.y") == true)
        // Nothing moved.
        let (tick, frames) = try d.request("clock.tick", ["t": 20])
        #expect(tick["result"]?["frames"] == 0)
        #expect(frames.isEmpty)
        let list = try d.call("session.list")
        #expect(list == [["session": "s1", "state": "presented"]])
    }

    @Test func snapshotRestoreContinuesExactly() throws {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        _ = try d.call("session.create", Self.create)
        _ = try d.call("sheet.present", ["session": "s1", "t": 0])
        _ = try d.call("clock.tick", ["t": 100])
        let snap = try d.call("session.snapshot", ["session": "s1"])
        let restored = try d.call("session.restore", ["state": snap])
        #expect(restored["session"] == "s2")
        let (_, frames) = try d.request("clock.tick", ["t": 200])
        #expect(frames.count == 2)
        func strip(_ f: JSONValue) -> JSONValue? {
            guard case .object(var o) = f["params"] ?? .null else { return nil }
            o["session"] = nil
            o["seq"] = nil
            return .object(o)
        }
        #expect(strip(frames[0]) == strip(frames[1]))
    }

    @Test func pluginFaultFallsBackToTheBuiltInWithOneDiagnostic() throws {
        let dir = try PluginFixture.build()
        defer { PluginFixture.remove(dir) }
        let d = try Daemon(arguments: ["--plugin-dir", dir])
        let hello = try d.call("initialize", ["clock": "host"])
        #expect(hello["policies"]?["dismissal"]?.arrayValue?.contains("fixture") == true)
        var params = Self.create
        if case .object(var o) = params {
            o["policies"] = ["dismissal": "fixture", "config": ["fixture": ["fault": "index"]]]
            params = .object(o)
        }
        _ = try d.call("session.create", params)
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        _ = try d.call("input.pan", ["session": "s1", "t": 100, "phase": "began", "translation": ["x": 0, "y": 0]])
        let (r, notes) = try d.request("input.pan", ["session": "s1", "t": 116, "phase": "ended",
                                                     "translation": ["x": 0, "y": 170], "velocity": ["x": 0, "y": 0]])
        let diagnostics = notes.filter { $0["method"] == "$/diagnostic" }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["params"]?["code"] == -32011)
        #expect(diagnostics.first?["params"]?["message"]?.stringValue?.contains("fixture") == true)
        // The built-in `deceleration` decided: 170 of 334 pt dismisses.
        #expect(r["result"]?["state"] == "dismissing")
    }
}

/// Builds the C fixture plugin of SheetPluginHostTests into a private temporary directory.
enum PluginFixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func build() throws -> String {
        var template = Array("/tmp/sheetd-e2e-plugin.XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Daemon.Failure(description: "mkdtemp failed")
        }
        let dir = String(cString: made)
        let source = root.path + "/Tests/SheetPluginHostTests/Fixtures/fixture_plugin.c"
        let r = try Subprocess.run("/usr/bin/env", ["cc", "-std=c99", "-shared", "-fPIC", "-o", dir + "/libfixture.so",
                                                    source, "-I", root.path + "/protocol"])
        guard r.status == 0 else { throw Daemon.Failure(description: "cc failed: \(r.stderr)") }
        chmod(dir + "/libfixture.so", 0o755)
        return dir
    }

    static func remove(_ dir: String) {
        try? FileManager.default.removeItem(atPath: dir)
    }
}

@Suite struct HostClockTests {
    @Test func aLateInputOnAnIdleSessionStartsAtTheClock() throws {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        _ = try d.call("session.create", EngineEndToEndTests.create)
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        _ = try d.call("clock.tick", ["t": 900])
        // Stamped 300 but arriving after the 900 tick: applied at 900, so the 250 ms keyboard
        // animation is half-way at 1025.
        d.send(#"{"jsonrpc":"2.0","method":"input.keyboard","params":{"session":"s1","t":300,"height":100}}"#)
        let (_, frames) = try d.request("clock.tick", ["t": 1025])
        #expect(frames.first { $0["method"] == "sheet.frame" }?["params"]?["sheet"]?["y"] == 460)
    }

    @Test func tooManyDetentsIsALimit() throws {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        let detents = JSONValue.array((0..<17).map { ["id": .string("d\($0)"), "height": .int(Int64(100 + $0))] })
        let (r, _) = try d.request("session.create", ["container": ["width": 390, "height": 844], "detents": detents])
        #expect(r["error"]?["code"] == -32012)
    }
}

@Suite struct ContainerChangeTests {
    @Test func setContainerKeepsTheSafeAreaWhenAbsent() throws {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        _ = try d.call("session.create", EngineEndToEndTests.create)
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        _ = try d.call("sheet.setContainer", ["session": "s1", "t": 0, "width": 390, "height": 900])
        let (_, frames) = try d.request("clock.tick", ["t": 1000])
        // fit = 300 + 34 (the kept bottom safe area).
        #expect(frames.first?["params"]?["sheet"]?["y"] == 566)
        let (bad, _) = try d.request("sheet.setContainer", ["session": "s1", "t": 1000, "width": 390, "height": 60])
        #expect(bad["error"]?["code"] == -32602)
    }
}
