import Foundation
import Testing
import SheetRPC

/// Detent resolvers through the built daemon, with the C fixture's resolver kind: config and
/// context reach the plugin, a re-resolve on a keyboard change, a bad answer's one `-32011`
/// and `fit` for the rest of the session — also after a snapshot and restore — in both
/// isolation modes.
@Suite struct DetentResolverEndToEndTests {
    static let modes = ["process", "none"]

    static func create(config: JSONValue) -> JSONValue {
        ["container": ["width": 390, "height": 844, "safeArea": ["top": 47, "bottom": 34]],
         "content": ["preferredHeight": 260],
         "detents": ["fit", ["id": "half", "resolver": "fixture-resolver"]], "selectedDetent": "half",
         "policies": ["config": ["fixture-resolver": config]]]
    }

    static func diagnostics(_ notes: [JSONValue]) -> [JSONValue] {
        notes.filter { $0["method"] == "$/diagnostic" }
    }

    /// The last frame's sheet height for `session` among `notes`.
    static func height(_ notes: [JSONValue], _ session: String) -> Double? {
        notes.last { $0["method"] == "sheet.frame" && $0["params"]?["session"]?.stringValue == session }?["params"]?["sheet"]?["height"]?.doubleValue
    }

    @Test(arguments: modes)
    func configContextAndAReResolve(_ mode: String) throws {
        let dir = try PluginFixtureVariant.build(kind: 4, name: "fixture-resolver")
        defer { PluginFixture.remove(dir) }
        let d = try Daemon(arguments: ["--plugin-dir", dir, "--no-default-plugins", "--plugin-isolation", mode,
                                       "--log-level", "info"])
        let hello = try d.call("initialize", ["clock": "host"])
        #expect(hello["policies"]?["detentResolver"] == ["fixture-resolver"])
        let (created, notes) = try d.request("session.create", Self.create(config: ["a": 1]))
        #expect(created["result"]?["session"] == "s1")
        #expect(Self.diagnostics(notes).isEmpty)
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        let (_, frames) = try d.request("clock.tick", ["t": 0])
        #expect(Self.height(frames, "s1") == 398.5)  // 797 / 2
        #expect(d.stderrText.contains("create config={\"a\":1}"))
        #expect(d.stderrText.contains("resolve sizeok=1 id=half w=390 h=844 safe=47,34,0,0 content=260 keyboard=0 max=797 side=0 layout=0"))

        // The keyboard is part of the context: asked again, 398.5 + 200 / 4, lifted by 200.
        _ = try d.request("input.keyboard", ["session": "s1", "t": 100, "height": 200, "durationMs": 0])
        let (_, after) = try d.request("clock.tick", ["t": 100])
        #expect(d.stderrText.contains("content=260 keyboard=200 max=797"))
        #expect(Self.height(after, "s1") == 648.5)

        // sheet.configure with a new config makes the resolver again and asks it at once.
        let asked = Self.count("resolve sizeok", in: d.stderrText)
        _ = try d.call("sheet.configure", ["session": "s1", "t": 200,
                                           "policies": ["config": ["fixture-resolver": ["b": 2]]]])
        #expect(d.stderrText.contains("create config={\"b\":2}"))
        #expect(Self.count("resolve sizeok", in: d.stderrText) == asked + 1)
        // New detents naming an unknown resolver change nothing: -32602 naming the place and the known ones.
        let (refused, _) = try d.request("sheet.configure", ["session": "s1", "t": 300,
                                                             "detents": [["id": "x", "resolver": "spiral"]]])
        #expect(refused["error"]?["code"] == -32602)
        #expect(refused["error"]?["message"]?.stringValue
            == "params.detents[0].resolver: unknown detentResolver policy \"spiral\" (available: fixture-resolver)")
    }

    @Test(arguments: modes)
    func aBadAnswerIsFitForTheRestOfTheSessionAndAfterRestore(_ mode: String) throws {
        let dir = try PluginFixtureVariant.build(kind: 4, name: "fixture-resolver")
        defer { PluginFixture.remove(dir) }
        let d = try Daemon(arguments: ["--plugin-dir", dir, "--no-default-plugins", "--plugin-isolation", mode,
                                       "--log-level", "info"])
        _ = try d.call("initialize", ["clock": "host"])
        let (created, notes) = try d.request("session.create", Self.create(config: ["fault": "nan"]))
        #expect(created["result"]?["session"] == "s1")
        let diagnostics = Self.diagnostics(notes)
        #expect(diagnostics.count == 1, "\(notes)")
        #expect(diagnostics.first?["params"]?["code"] == -32011)
        #expect(diagnostics.first?["params"]?["session"] == "s1")
        #expect(diagnostics.first?["params"]?["message"]?.stringValue?.contains("returned NaN for detent \"half\" height") == true)
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        let (_, frames) = try d.request("clock.tick", ["t": 0])
        #expect(Self.height(frames, "s1") == 294)  // fit: 260 + 34
        let asked = Self.count("resolve sizeok", in: d.stderrText)
        #expect(asked == 1)

        // A change of context does not ask it again and says nothing more.
        let (_, rotated) = try d.request("sheet.setContainer", ["session": "s1", "t": 100, "width": 844, "height": 390,
                                                                 "safeArea": ["top": 0, "bottom": 21, "left": 47, "right": 47]])
        #expect(Self.diagnostics(rotated).isEmpty)
        _ = try d.request("clock.tick", ["t": 1000])
        #expect(Self.count("resolve sizeok", in: d.stderrText) == asked)

        // The snapshot keeps the spec and the fallback; the restored session stays fit, silently.
        let snap = try d.call("session.snapshot", ["session": "s1"])
        #expect(snap["sheet"]?["setup"]?["detents"]?.arrayValue?[1] == ["id": "half", "resolver": "fixture-resolver"])
        #expect(snap["sheet"]?["resolverFallbacks"] == ["fixture-resolver"])
        let (restored, restoreNotes) = try d.request("session.restore", ["state": snap])
        #expect(restored["result"]?["session"] == "s2")
        #expect(Self.diagnostics(restoreNotes).isEmpty)
        _ = try d.call("sheet.setContainer", ["session": "s2", "t": 1100, "width": 390, "height": 844,
                                              "safeArea": ["top": 47, "bottom": 34]])
        let (_, back) = try d.request("clock.tick", ["t": 3000])
        #expect(Self.height(back, "s2") == 294)
        #expect(Self.count("resolve sizeok", in: d.stderrText) == asked)
        #expect(try d.call("session.snapshot", ["session": "s2"])["sheet"]?["resolverFallbacks"] == ["fixture-resolver"])
    }

    /// A restored session asks its resolver again (the height is not in the snapshot).
    @Test func aRestoredSessionAsksAgain() throws {
        let dir = try PluginFixtureVariant.build(kind: 4, name: "fixture-resolver")
        defer { PluginFixture.remove(dir) }
        let d = try Daemon(arguments: ["--plugin-dir", dir, "--no-default-plugins", "--log-level", "info"])
        _ = try d.call("initialize", ["clock": "host"])
        _ = try d.call("session.create", Self.create(config: [:]))
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        let snap = try d.call("session.snapshot", ["session": "s1"])
        #expect(snap["sheet"]?["resolverFallbacks"] == nil)
        let before = Self.count("resolve sizeok", in: d.stderrText)
        _ = try d.call("session.restore", ["state": snap])
        let (_, frames) = try d.request("clock.tick", ["t": 16])
        #expect(Self.count("resolve sizeok", in: d.stderrText) == before + 1)
        #expect(Self.height(frames, "s2") == 398.5)
        // A fallback list naming a resolver no detent uses is a damaged snapshot.
        guard case .object(var bad) = snap, case .object(var sheet)? = bad["sheet"] else { return }
        sheet["resolverFallbacks"] = ["golden"]
        bad["sheet"] = .object(sheet)
        let (refused, _) = try d.request("session.restore", ["state": .object(bad)])
        #expect(refused["error"]?["code"] == -32602)
        #expect(refused["error"]?["message"]?.stringValue?.contains("resolverFallbacks[0]") == true)
    }

    /// A snapshot whose detent names a resolver this daemon lacks: -32011, load it first.
    @Test func restoringNeedsTheResolver() throws {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        _ = try d.call("session.create", ["container": ["width": 390, "height": 844, "safeArea": ["top": 47, "bottom": 34]],
                                          "detents": ["fit", ["id": "g", "resolver": "golden"]], "selectedDetent": "g"])
        let snap = try d.call("session.snapshot", ["session": "s1"])
        let bare = try Daemon(arguments: ["--no-default-plugins"])
        _ = try bare.call("initialize", ["clock": "host"])
        let (refused, _) = try bare.request("session.restore", ["state": snap])
        #expect(refused["error"]?["code"] == -32011)
        #expect(refused["error"]?["message"]?.stringValue
            == "params.state.sheet.setup.detents[1].resolver: unknown detentResolver policy \"golden\" (available: none); load the plugin before restoring")
    }

    static func count(_ text: String, in haystack: String) -> Int {
        haystack.components(separatedBy: text).count - 1
    }
}
