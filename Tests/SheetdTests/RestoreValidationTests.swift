import Testing
import SheetCore
import SheetRPC
import SheetServer

/// `session.restore` validates a snapshot as strictly as `session.create` validates a setup,
/// plus the running state; a damaged snapshot is `-32602` naming the first bad place, and a
/// restored session draws finite frames inside its container.
@Suite struct RestoreValidationTests {
    static let container: JSONValue = ["width": 390, "height": 844]

    /// Snapshots of real sessions in many situations (presenting, resting, dragged, mid push,
    /// mid interactive pop, list-owned drag, keyboard up, custom timings and policies).
    static func realSnapshots() -> [JSONValue] {
        let d = InProcess()
        var out: [JSONValue] = []
        func snap(_ s: String) { out.append(d.call("session.snapshot", ["session": .string(s)]) ?? .null) }
        d.call("session.create", ["container": ["width": 390, "height": 844, "safeArea": ["top": 47, "bottom": 34]],
                                  "detents": ["medium", "large", ["id": "peek", "height": 120]],
                                  "navigation": ["entries": [["id": "a", "preferredHeight": 300],
                                                             ["id": "b", "preferredHeight": 420]]],
                                  "options": ["largestUndimmedDetent": "medium", "displayScale": 3,
                                              "presentTiming": ["spring": ["dampingRatio": 0.7, "response": 400]],
                                              "contentTiming": ["durationMs": 200, "curve": [0.2, -0.4, 0.6, 1.3]]],
                                  "policies": ["dismissal": "projection", "config": ["projection": ["rate": 0.99]]]])
        d.call("sheet.present", ["session": "s1", "t": 0])
        d.call("clock.tick", ["t": 60])
        snap("s1")  // presenting, spring
        d.call("clock.tick", ["t": 2000])
        snap("s1")  // resting
        d.call("nav.push", ["session": "s1", "t": 2010, "entry": ["id": "c", "preferredHeight": 200]])
        d.call("clock.tick", ["t": 2100])
        snap("s1")  // mid push
        d.call("clock.tick", ["t": 4000])
        d.call("input.pan", ["session": "s1", "t": 4010, "phase": "began", "translation": ["x": 0], "source": "leftEdge"])
        d.call("input.pan", ["session": "s1", "t": 4030, "phase": "changed", "translation": ["x": 120], "source": "leftEdge"])
        snap("s1")  // interactive pop
        d.call("input.pan", ["session": "s1", "t": 4040, "phase": "ended", "translation": ["x": 300], "source": "leftEdge"])
        d.call("clock.tick", ["t": 4100])
        snap("s1")  // finishing pop
        d.call("session.create", ["container": container, "detents": ["fit", "large"], "content": ["preferredHeight": 250]])
        d.call("sheet.present", ["session": "s2", "t": 5000, "animated": false])
        d.call("input.pan", ["session": "s2", "t": 5010, "phase": "began", "translation": ["y": 0]])
        d.call("input.pan", ["session": "s2", "t": 5026, "phase": "changed", "translation": ["y": -400]])
        snap("s2")  // dragged, rubber-banded
        d.call("input.pan", ["session": "s2", "t": 5040, "phase": "ended", "translation": ["y": 200],
                             "velocity": ["y": 3000]])
        d.call("clock.tick", ["t": 5060])
        snap("s2")  // released toward dismissal
        d.call("session.create", ["container": container, "detents": ["medium", "large"]])
        d.call("sheet.present", ["session": "s3", "t": 6000, "animated": false])
        d.call("input.keyboard", ["session": "s3", "t": 6001, "height": 300])
        for (i, y) in [0, -5, -40, -90].enumerated() {
            d.call("input.scroll", ["session": "s3", "t": .int(Int64(6010 + 16 * i)), "phase": i == 0 ? "dragBegan" : "scrolled",
                                    "offsetY": 0, "insetTop": 0, "contentHeight": 2000, "viewportHeight": 400,
                                    "isTracking": true, "translationY": .int(Int64(-y))])
        }
        snap("s3")  // keyboard up, list handed the drag to the sheet
        return out
    }

    static func restore(_ d: InProcess, _ state: JSONValue) -> JSONValue? {
        d.request("session.restore", ["state": state]).last
    }

    // MARK: - Known defects, pinned

    func refusal(base: Int = 1, _ edit: (inout JSONValue) -> Void) -> String? {
        var snap = Self.realSnapshots()[base]
        edit(&snap)
        let d = InProcess()
        let answer = Self.restore(d, snap)
        // Whatever the answer, the daemon keeps running and drawing.
        _ = d.request("clock.tick", ["t": 1e6])
        #expect(answer?["error"]?["code"] == -32602, "\(answer ?? .null)")
        return answer?["error"]?["message"]?.stringValue
    }

    @Test func anEmptyDetentListIsRefused() {
        let m = refusal { $0 = JSONMutation.set($0, [.key("sheet"), .key("setup"), .key("detents")], []) }
        #expect(m == "params.state.sheet.setup.detents: expected at least one detent")
    }

    @Test(arguments: [1e308, 0, -3])
    func anImpossibleContainerIsRefused(width: Double) {
        let m = refusal {
            $0 = JSONMutation.set($0, [.key("sheet"), .key("setup"), .key("container"), .key("width")], .number(width))
        }
        #expect(m?.hasPrefix("params.state.sheet.setup.container.width: expected a number in 1...100000, got ") == true, "\(m ?? "")")
    }

    @Test func aNearZeroDisplayScaleIsRefused() {
        let m = refusal {
            $0 = JSONMutation.set($0, [.key("sheet"), .key("setup"), .key("options"), .key("displayScale")], .number(1e-300))
        }
        #expect(m?.hasPrefix("params.state.sheet.setup.options.displayScale: expected a number in 1...4") == true, "\(m ?? "")")
    }

    @Test func aNegativeDimAlphaIsRefused() {
        let m = refusal { $0 = JSONMutation.set($0, [.key("sheet"), .key("setup"), .key("options"), .key("dimAlpha")], -0.5) }
        #expect(m?.hasPrefix("params.state.sheet.setup.options.dimAlpha: expected a number in 0...1") == true, "\(m ?? "")")
    }

    @Test func tooManyDetentsAreRefused() {
        let detents: [JSONValue] = (0..<17).map { ["id": .string("d\($0)"), "height": .int(Int64(100 + $0))] }
        let m = refusal { $0 = JSONMutation.set($0, [.key("sheet"), .key("setup"), .key("detents")], .array(detents)) }
        #expect(m?.hasPrefix("params.state.sheet.setup.detents: at most 16 detents") == true, "\(m ?? "")")
    }

    @Test func tooManyNavigationEntriesAreRefused() {
        let entries: [JSONValue] = (0..<257).map { ["id": .string("e\($0)"), "preferredHeight": 100,
                                                   "navigationBar": true, "hidesBackButton": false] }
        let m = refusal { $0 = JSONMutation.set($0, [.key("sheet"), .key("navigation"), .key("entries")], .array(entries)) }
        #expect(m?.hasPrefix("params.state.sheet.navigation.entries: at most 256 navigation entries") == true, "\(m ?? "")")
    }

    @Test func aMotionThatCannotEndIsRefused() {
        let m = refusal(base: 0) {
            $0 = JSONMutation.set($0, [.key("sheet"), .key("extent"), .index(0), .key("duration")], 1e300)
        }
        #expect(m?.hasPrefix("params.state.sheet.extent[0].duration: expected a number in 0...") == true, "\(m ?? "")")
    }

    @Test func anUnknownSelectedDetentIsRefused() {
        let m = refusal { $0 = JSONMutation.set($0, [.key("sheet"), .key("selectedDetent")], "nope") }
        #expect(m?.hasPrefix("params.state.sheet.selectedDetent: no detent with id \"nope\"") == true, "\(m ?? "")")
    }

    @Test func aHeldHeightAndAKeyboardDetentTogetherAreRefused() {
        let m = refusal {
            $0 = JSONMutation.set($0, [.key("sheet"), .key("restHeight")], 300)
            $0 = JSONMutation.set($0, [.key("sheet"), .key("keyboardReturnDetent")], "medium")
        }
        #expect(m?.hasPrefix("params.state.sheet.keyboardReturnDetent: a sheet held at restHeight") == true, "\(m ?? "")")
    }

    @Test func anUnknownMemberIsRefused() {
        let m = refusal { $0 = JSONMutation.set($0, [.key("sheet"), .key("snapHeight")], 300) }
        #expect(m?.hasPrefix("params.state.sheet.snapHeight: unknown member") == true, "\(m ?? "")")
    }

    @Test func aCurveOutsideTheWiresRangeIsRefused() {
        let m = refusal(base: 1) {
            $0 = JSONMutation.set($0, [.key("sheet"), .key("extent"), .index(0), .key("curve")], [2, 0, 1, 1])
        }
        #expect(m?.hasPrefix("params.state.sheet.extent[0].curve[0]: expected a number in 0...1") == true, "\(m ?? "")")
    }

    @Test func anUnknownFormatIsAClearError() {
        let m = refusal { $0 = JSONMutation.set($0, [.key("format")], "sheetd.snapshot/99") }
        #expect(m?.hasPrefix("params.state.format: unknown snapshot format \"sheetd.snapshot/99\"") == true, "\(m ?? "")")
    }

    @Test func aMissingMemberIsNamed() {
        let m = refusal(base: 5) { $0 = JSONMutation.set($0, [.key("sheet"), .key("drag"), .key("startExtent")], nil) }
        #expect(m?.hasPrefix("params.state.sheet.drag.startExtent: expected a number") == true
                && m?.hasSuffix("got nothing") == true, "\(m ?? "")")
    }

    // MARK: - Real snapshots restore

    @Test func everyRealSnapshotRestoresAndContinuesExactly() throws {
        let snaps = Self.realSnapshots()
        #expect(snaps.count == 8 && snaps.allSatisfy { $0["format"] == "sheetd.snapshot/3" })
        for snap in snaps {
            let d = InProcess()
            let restored = Self.restore(d, snap)
            #expect(restored?["result"]?["session"] == "s1", "\(restored ?? .null)")
            // A snapshot of the restored session is the snapshot it came from.
            #expect(d.call("session.snapshot", ["session": "s1"]) == snap)
        }
    }

    /// The synthesized shapes of the engine's insides are gone from what a snapshot says.
    @Test func aSnapshotNamesWhatItHolds() {
        for snap in Self.realSnapshots() {
            let text = JSONCodec.encodeToString(snap)
            #expect(!text.contains("\"_0\"") && !text.contains("navLayoutCache") && !text.contains("\"segments\""))
        }
    }

    /// Snapshots stored by earlier daemons restore, and the restored session snapshots as `/3`
    /// that restores to the very same session.
    @Test(arguments: [StoredSnapshots.version2Presenting, StoredSnapshots.version2Dragged,
                      StoredSnapshots.version2Navigating, StoredSnapshots.version2Stack])
    func aVersion2SnapshotRestores(_ text: String) throws {
        let old = try JSONCodec.decode(Array(text.utf8)[...])
        let d = InProcess()
        let ok = Self.restore(d, old)
        let id = try #require(ok?["result"]?["session"], "\(ok ?? .null)")
        let now = try #require(d.call("session.snapshot", ["session": id]))
        #expect(now["format"] == "sheetd.snapshot/3" && now["seq"] == old["seq"])
        #expect(now["sheet"]?["now"] == old["sheet"]?["now"] && now["sheet"]?["selectedDetent"] == old["sheet"]?["selected"])
        #expect(now["sheet"]?["setup"] == old["sheet"]?["setup"])
        #expect(now["children"]?.arrayValue?.count == old["children"]?.arrayValue?.count)
        // The same later input gives the same frames from the /2 and the /3 snapshot.
        let copy = InProcess()
        let again = try #require(Self.restore(copy, now)?["result"]?["session"])
        #expect(copy.call("session.snapshot", ["session": again]) == now)
        #expect(d.request("clock.tick", ["t": 1e5]) == copy.request("clock.tick", ["t": 1e5]))
    }

    /// A `sheetd.snapshot/1` (0.1.0: Codable setup and policy names) still restores, validated alike.
    @Test(arguments: [StoredSnapshots.version1Plain, StoredSnapshots.version1Custom])
    func aVersion1SnapshotRestores(_ text: String) throws {
        let state = try JSONCodec.decode(Array(text.utf8)[...])
        let d = InProcess()
        let ok = Self.restore(d, ["format": "sheetd.snapshot/1", "seq": 0, "sheet": state])
        #expect(ok?["result"]?["session"] == "s1", "\(ok ?? .null)")
        let now = d.call("session.snapshot", ["session": "s1"])
        #expect(now?["format"] == "sheetd.snapshot/3")
        #expect(now?["sheet"]?["policies"]?["dismissal"] == state["policyNames"]?["dismissal"])
        let bad = JSONMutation.set(state, [.key("setup"), .key("container"), .key("width")], 1e308)
        let refused = Self.restore(d, ["format": "sheetd.snapshot/1", "seq": 0, "sheet": bad])
        #expect(refused?["error"]?["message"]?.stringValue?.hasPrefix("params.state.sheet.setup.container.width: expected a number in 1...100000") == true)
    }

    // MARK: - Random mutations

    /// Thousands of seeded mutations of real snapshots: each answer is a restored session whose
    /// frames stay finite and inside the container, or `-32602`.
    @Test(arguments: 0..<4)
    func mutatedSnapshotsRestoreSafelyOrAreRefused(seed: Int) {
        var rng = T.Rng(state: UInt64(seed) &* 7919 &+ 17)
        let snaps = Self.realSnapshots()
        var restored = 0, refused = 0
        for _ in 0..<1000 {
            let d = InProcess()
            var snap = rng.pick(snaps)
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                snap = JSONMutation.mutate(snap, place: Int(rng.next() % 100_000), op: Int(rng.next() % 9),
                                           choice: Int(rng.next() % 100_000))
            }
            guard let answer = Self.restore(d, snap) else {
                Issue.record("no answer")
                continue
            }
            if let error = answer["error"] {
                refused += 1
                // -32602, or -32011 when a mutation renamed a policy: a snapshot naming a
                // policy this daemon does not have needs that plugin loaded first.
                let isMissingPlugin = error["code"] == -32011
                    && (error["message"]?.stringValue ?? "").contains("load the plugin before restoring")
                #expect(error["code"] == -32602 || isMissingPlugin, "\(error) for \(JSONCodec.encodeToString(snap))")
                continue
            }
            restored += 1
            guard let id = answer["result"]?["session"] else {
                Issue.record("no session in \(answer)")
                continue
            }
            let setup = d.call("session.snapshot", ["session": id])?["sheet"]?["setup"]?["container"]
            let width = setup?["width"]?.doubleValue ?? .nan, height = setup?["height"]?.doubleValue ?? .nan
            var t = snap["sheet"]?["now"]?.doubleValue ?? 0
            for step in [0.0, 16, 200, 5000] {
                t += step
                for m in d.request("clock.tick", ["t": .number(min(t, 1e15))]) {
                    if m["method"] == "sheet.frame", m["params"]?["session"] == id {
                        FrameBounds.check(m["params"]!, width: width, height: height, label: JSONCodec.encodeToString(snap))
                    }
                    #expect(m["error"] == nil, "\(m)")
                }
            }
        }
        #expect(restored > 50 && refused > 500, "restored \(restored), refused \(refused)")
    }
}
