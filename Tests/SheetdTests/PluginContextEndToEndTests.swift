import Foundation
import Testing
import SheetRPC

/// Plugin ABI 1.2 through the built daemon: a plugin's release decision sees the stack depth
/// the server gave the session, its `options.edge` and its layout.
@Suite struct PluginContextEndToEndTests {
    static func create(_ extra: [String: JSONValue]) -> JSONValue {
        var o: JSONObject = [
            "content": ["preferredHeight": 300],
            "policies": ["dismissal": "fixture"],
        ]
        if extra["parent"] == nil {
            o["container"] = ["width": 390, "height": 844, "safeArea": ["top": 47, "bottom": 34]]
        }
        for (k, v) in extra.sorted(by: { $0.key < $1.key }) { o[k] = v }
        return .object(o)
    }

    /// Presents `session` and releases a short drag by `translation` (toward its edge).
    static func drag(_ d: Daemon, _ session: String, at t: Int, _ translation: JSONValue) throws {
        _ = try d.call("sheet.present", ["session": .string(session), "t": .int(Int64(t)), "animated": false])
        _ = try d.call("input.pan", ["session": .string(session), "t": .int(Int64(t + 100)), "phase": "began",
                                     "translation": ["x": 0, "y": 0]])
        _ = try d.call("input.pan", ["session": .string(session), "t": .int(Int64(t + 116)), "phase": "ended",
                                     "translation": translation, "velocity": ["x": 0, "y": 0]])
    }

    @Test func aPluginSeesStackDepthEdgeAndLayout() throws {
        let dir = try PluginFixture.build()
        defer { PluginFixture.remove(dir) }
        let d = try Daemon(arguments: ["--plugin-dir", dir, "--log-level", "info"])
        _ = try d.call("initialize", ["clock": "host"])
        _ = try d.call("session.create", Self.create([:]))  // s1: root, full width
        _ = try d.call("session.create", Self.create([     // s2: its child, detached
            "parent": "s1", "options": ["detached": ["horizontal": 16, "bottom": 16]]]))
        _ = try d.call("session.create", Self.create(["parent": "s2"]))  // s3: depth 3
        _ = try d.call("session.create", Self.create(["options": ["edge": "right"]]))  // s4

        try Self.drag(d, "s1", at: 0, ["x": 0, "y": 20])
        #expect(d.stderrText.contains("dismissible=1 depth=1 side=0 layout=0"))
        try Self.drag(d, "s2", at: 1000, ["x": 0, "y": 20])
        #expect(d.stderrText.contains("dismissible=1 depth=2 side=0 layout=4"))
        try Self.drag(d, "s3", at: 2000, ["x": 0, "y": 20])
        #expect(d.stderrText.contains("dismissible=1 depth=3 side=0 layout=0"))
        try Self.drag(d, "s4", at: 3000, ["x": 20, "y": 0])
        #expect(d.stderrText.contains("dismissible=1 depth=1 side=3 layout=0"))
    }
}
