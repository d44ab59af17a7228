import Testing
import SheetRPC
import SheetTestSupport

/// Through the built daemon: a stack snapshotted from its root mid-`switch` and
/// restored next to the original draws the same frames (transform and background included)
/// and sends the same events; a member below the root and a damaged stack are refused.
@Suite struct StackSnapshotEndToEndTests {
    static let phone = IPhone.json

    /// A notification's params without its session id and seq.
    static func strip(_ m: JSONValue) -> JSONValue? {
        guard case .object(var o) = m["params"] ?? .null else { return nil }
        o["session"] = nil
        o["seq"] = nil
        return .object(o)
    }

    @Test func aRestoredStackDrawsWhatTheOriginalDraws() throws {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        _ = try d.call("session.create", ["container": Self.phone, "content": ["preferredHeight": 300],
                                          "options": ["recedeBackground": true]])
        _ = try d.call("session.create", ["parent": "s1", "content": ["preferredHeight": 500]])
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        _ = try d.call("sheet.present", ["session": "s2", "t": 10, "stackBehavior": "switch"])
        _ = try d.call("clock.tick", ["t": 100])

        let (refused, _) = try d.request("session.snapshot", ["session": "s2"])
        #expect(refused["error"]?["code"] == -32010)
        #expect(refused["error"]?["message"]?.stringValue?.contains("snapshot its root \"s1\"") == true, "\(refused)")

        let snap = try d.call("session.snapshot", ["session": "s1"])
        #expect(snap["children"]?.arrayValue?.count == 1)
        let (bad, notes) = try d.request("session.restore", ["state": JSONMutation.set(snap, [.key("onDismissed")], [["present": 2]])])
        #expect(bad["error"]?["code"] == -32602)
        #expect(bad["error"]?["message"]?.stringValue?.hasPrefix("params.state.onDismissed[0].present") == true, "\(bad)")
        #expect(notes.isEmpty)
        #expect(try d.call("session.list", nil).arrayValue?.count == 2)

        let restored = try d.call("session.restore", ["state": snap])
        #expect(restored == ["session": "s3", "children": ["s4"]])
        // s3 is s1's copy, s4 is s2's: after the first tick (where the copies draw at once),
        // every tick sends the same frames and events for both pairs.
        _ = try d.request("clock.tick", ["t": 116])
        var transforms = 0, presented = 0
        for t in stride(from: 132, through: 3600, by: 16) {
            if t == 900 {  // the child goes; the switch brings its parent back
                for id in ["s2", "s4"] { _ = try d.call("sheet.dismiss", ["session": .string(id), "t": 900]) }
            }
            if t == 2500 {  // and comes again over it (the parent's transform follows)
                for id in ["s2", "s4"] { _ = try d.call("sheet.present", ["session": .string(id), "t": 2500]) }
            }
            let (_, out) = try d.request("clock.tick", ["t": .int(Int64(t))])
            for method in ["sheet.frame", "sheet.event"] {
                let items = out.filter { $0["method"]?.stringValue == method }
                let originals = items.filter { ["s1", "s2"].contains($0["params"]?["session"]?.stringValue ?? "") }
                let copies = items.filter { ["s3", "s4"].contains($0["params"]?["session"]?.stringValue ?? "") }
                #expect(originals.compactMap { Self.strip($0) } == copies.compactMap { Self.strip($0) },
                        "\(method) at \(t)")
                transforms += originals.filter { $0["params"]?["transform"]?["scale"] != 1 && $0["params"]?["transform"] != nil }.count
                presented += originals.filter { $0["params"]?["type"] == "presented" }.count
            }
        }
        // Not vacuous: both reactions of the switch ran, and the parent shrank under its child.
        #expect(presented == 3)
        #expect(transforms > 0)
    }

    /// A restored child's policies see its depth in the restored stack (plugin ABI 1.2).
    @Test func aRestoredChildKeepsItsStackDepth() throws {
        let dir = try PluginFixture.build()
        defer { PluginFixture.remove(dir) }
        let d = try Daemon(arguments: ["--plugin-dir", dir, "--log-level", "info"])
        _ = try d.call("initialize", ["clock": "host"])
        _ = try d.call("session.create", PluginContextEndToEndTests.create([:]))
        _ = try d.call("session.create", PluginContextEndToEndTests.create(["parent": "s1"]))
        _ = try d.call("session.create", PluginContextEndToEndTests.create(["parent": "s2"]))
        let snap = try d.call("session.snapshot", ["session": "s1"])
        for id in ["s3", "s2", "s1"] { _ = try d.call("session.destroy", ["session": .string(id)]) }
        #expect(try d.call("session.restore", ["state": snap]) == ["session": "s4", "children": ["s5", "s6"]])
        try PluginContextEndToEndTests.drag(d, "s6", at: 0, ["x": 0, "y": 20])
        #expect(d.stderrText.contains("dismissible=1 depth=3 side=0 layout=0"), "\(d.stderrText)")
        #expect(!d.stderrText.contains("depth=1"))
    }
}
