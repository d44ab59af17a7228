import Testing
import SheetRPC
import SheetServer

/// A sheet stack is snapshotted whole from its root and restored whole under new
/// ids; the restored stack continues bit for bit (frames with `transform` and `background`,
/// events, pending `replace`/`switch`/chained-dismissal reactions), and a damaged stack
/// snapshot is `-32602` naming its place and changes nothing.
@Suite struct StackSnapshotTests {
    static let phone: JSONValue = ["width": 390, "height": 844, "safeArea": ["top": 47, "bottom": 34]]

    /// A call in a script: `session` holds the member's position (0 = root, creation order).
    typealias Step = (method: String, params: JSONObject)

    static func ticks(_ from: Int, _ to: Int, every: Int = 16) -> [Step] {
        stride(from: from, through: to, by: every).map { ("clock.tick", ["t": .int(Int64($0))]) }
    }

    static func send(_ d: InProcess, _ step: Step, ids: [String]) -> [JSONValue] {
        var params = step.params
        if case .int(let n)? = params["session"] { params["session"] = .string(ids[Int(n)]) }
        return d.request(step.method, .object(params))
    }

    /// A script's output with session ids as positions, seqs and request ids left out
    /// (sessions of no interest dropped); and the latest frame of each position.
    static func normalize(_ out: [JSONValue], ids: [String], latest: inout [Int: JSONValue]) -> [JSONValue] {
        out.compactMap { m -> JSONValue? in
            var m = JSONMutation.set(m, [.key("id")], nil)
            guard let id = m["params"]?["session"]?.stringValue else { return m }
            guard let position = ids.firstIndex(of: id) else { return nil }
            m = JSONMutation.set(m, [.key("params"), .key("session")], .int(Int64(position)))
            if m["method"] == "sheet.frame" {
                m = JSONMutation.set(m, [.key("params"), .key("seq")], nil)
                // Where it is, not when it was last sent.
                latest[position] = JSONMutation.set(m, [.key("params"), .key("t")], nil)
            }
            return m
        }
    }

    /// Runs `scene` (on `s1...`, root `s1`), snapshots `s1`, restores it into a daemon that
    /// already has another session (so every id differs), runs `then` on both and compares
    /// everything either sends, except that on the first tick the copy draws every member (the
    /// original only those that changed): after it, every member's latest frame (where it
    /// is, whenever it was sent) is the same on both. Returns the original's output after the snapshot.
    @discardableResult
    static func expectContinuation(_ scene: [Step], then: [Step], members: Int,
                                   sourceLocation: SourceLocation = #_sourceLocation) -> [JSONValue] {
        let original = InProcess()
        let originalIDs = (1...members).map { "s\($0)" }
        var a: [Int: JSONValue] = [:], b: [Int: JSONValue] = [:]
        for step in scene { _ = normalize(send(original, step, ids: originalIDs), ids: originalIDs, latest: &a) }
        let snap = original.call("session.snapshot", ["session": "s1"]) ?? .null
        #expect(snap["children"]?.arrayValue?.count == members - 1, sourceLocation: sourceLocation)

        let copy = InProcess()
        copy.call("session.create", ["container": phone])
        let restored = copy.call("session.restore", ["state": snap])
        let copyIDs = [restored?["session"]?.stringValue ?? "?"] + (restored?["children"]?.arrayValue ?? []).map { $0.stringValue ?? "?" }
        #expect(copyIDs == (2...members + 1).map { "s\($0)" }, sourceLocation: sourceLocation)
        // The copy snapshots to the same value (no live id is in a snapshot).
        #expect(copy.call("session.snapshot", ["session": .string(copyIDs[0])]) == snap, sourceLocation: sourceLocation)

        var sawTick = false
        var everything: [JSONValue] = []
        for step in then {
            let x = normalize(send(original, step, ids: originalIDs), ids: originalIDs, latest: &a)
            let y = normalize(send(copy, step, ids: copyIDs), ids: copyIDs, latest: &b)
            everything += x
            let label = "\(step.method) \(JSONCodec.encodeToString(.object(step.params)))"
            if sawTick || step.method != "clock.tick" {
                #expect(x == y, "\(label)", sourceLocation: sourceLocation)
            } else {
                // Events and diagnostics alike (the answer counts the frames drawn); every frame
                // the original draws, the copy draws too.
                let notifications = { (out: [JSONValue]) in out.filter { $0["method"] != nil && $0["method"] != "sheet.frame" } }
                #expect(notifications(x) == notifications(y), "\(label)", sourceLocation: sourceLocation)
                let frames = y.filter { $0["method"] == "sheet.frame" }
                #expect(x.filter { $0["method"] == "sheet.frame" }.allSatisfy(frames.contains), "\(label)", sourceLocation: sourceLocation)
            }
            // From the second tick on (a member a reaction woke during the first tick is drawn
            // by the original one tick later), every member is where the original's is.
            if sawTick { #expect(a == b, "\(label)", sourceLocation: sourceLocation) }
            sawTick = sawTick || step.method == "clock.tick"
        }
        #expect(sawTick && b.count == members, sourceLocation: sourceLocation)
        return everything
    }

    static let root: JSONObject = ["container": phone, "content": ["preferredHeight": 300], "detents": ["medium", "large"],
                                   "options": ["recedeBackground": true]]

    @Test func aChildPresentingOverItsParentContinues() {
        let scene: [Step] = [
            ("session.create", Self.root),
            ("session.create", ["parent": "s1", "content": ["preferredHeight": 500]]),
            ("sheet.present", ["session": 0, "t": 0, "animated": false]),
            ("clock.tick", ["t": 0]),
            ("sheet.present", ["session": 1, "t": 100]),
        ] + Self.ticks(100, 212)
        let out = Self.expectContinuation(scene, then: Self.ticks(228, 700) + [("sheet.dismiss", ["session": 1, "t": 710])]
                                          + Self.ticks(710, 1300), members: 2)
        // Not vacuous: the parent's transform and the root's background moved after the snapshot.
        let frames = out.filter { $0["method"] == "sheet.frame" }.compactMap { $0["params"] }
        #expect(Set(frames.compactMap { $0["transform"]?["scale"]?.doubleValue }).count > 3)
        #expect(frames.contains { $0["background"] != nil })
    }

    @Test func aPendingSwitchContinues() {
        let scene: [Step] = [
            ("session.create", Self.root),
            ("session.create", ["parent": "s1", "content": ["preferredHeight": 500]]),
            ("sheet.present", ["session": 0, "t": 0]),
        ] + Self.ticks(0, 600) + [("sheet.present", ["session": 1, "t": 610, "stackBehavior": "switch"])] + Self.ticks(610, 690)
        // The root is leaving; the child presents once it is gone, and the root comes back
        // when the child is dismissed: both reactions are in the snapshot.
        let out = Self.expectContinuation(scene, then: Self.ticks(706, 1400) + [("sheet.dismiss", ["session": 1, "t": 1410])]
                                          + Self.ticks(1410, 2200), members: 2)
        let events = out.filter { $0["method"] == "sheet.event" }.compactMap { $0["params"] }
        #expect(events.contains { $0["session"] == 1 && $0["type"] == "presented" })
        #expect(events.contains { $0["session"] == 0 && $0["type"] == "presented" })
    }

    @Test func aChainedDismissalInFlightContinues() {
        // s1 ← s2 ← s3 and s1 ← s4: dismissing s1 takes s3, s4, s2 away first, each after the other.
        let scene: [Step] = [
            ("session.create", Self.root),
            ("session.create", ["parent": "s1", "content": ["preferredHeight": 500]]),
            ("session.create", ["parent": "s2", "content": ["preferredHeight": 200]]),
            ("session.create", ["parent": "s1", "detents": ["large"]]),
            ("sheet.present", ["session": 0, "t": 0, "animated": false]),
            ("sheet.present", ["session": 1, "t": 0, "animated": false]),
            ("sheet.present", ["session": 2, "t": 0, "animated": false]),
            ("sheet.present", ["session": 3, "t": 0]),
        ] + Self.ticks(0, 800) + [("sheet.dismiss", ["session": 0, "t": 810])] + Self.ticks(810, 1100)
        let out = Self.expectContinuation(scene, then: Self.ticks(1116, 3000), members: 4)
        let dismissed = out.filter { $0["method"] == "sheet.event" && $0["params"]?["type"] == "dismissed" }
        #expect(dismissed.count >= 2 && dismissed.last?["params"]?["session"] == 0, "\(dismissed)")
    }

    @Test func aSheetTakenFromAFingerIgnoresThatFingerAfterRestore() {
        // s3 is dragged when s1's dismissal reaches it: the stack takes it from the finger. The
        // snapshot is taken while that finger is still down; its later pans are ignored by the
        // original and by the copy alike.
        let pan = { (t: Int, phase: String, y: Int) -> Step in
            ("input.pan", ["session": 2, "t": .int(Int64(t)), "phase": .string(phase), "translation": ["x": 0, "y": .int(Int64(y))]])
        }
        let scene: [Step] = [
            ("session.create", Self.root),
            ("session.create", ["parent": "s1", "content": ["preferredHeight": 500]]),
            ("session.create", ["parent": "s2", "content": ["preferredHeight": 300]]),
            ("sheet.present", ["session": 0, "t": 0, "animated": false]),
            ("sheet.present", ["session": 1, "t": 0, "animated": false]),
            ("sheet.present", ["session": 2, "t": 0, "animated": false]),
            ("clock.tick", ["t": 0]),
            pan(100, "began", 0), pan(116, "changed", 60), pan(132, "changed", 120),
            ("clock.tick", ["t": 132]),
            ("sheet.dismiss", ["session": 0, "t": 140]),
        ] + Self.ticks(148, 180)
        let probe = InProcess()
        for step in scene { _ = Self.send(probe, step, ids: ["s1", "s2", "s3"]) }
        #expect(probe.call("session.snapshot", ["session": "s1"])?["children"]?.arrayValue?[1]["sheet"]?["takenFinger"] == "sheet")
        let out = Self.expectContinuation(scene, then: [pan(190, "changed", 300)] + Self.ticks(196, 260)
                                          + [pan(270, "ended", 320)] + Self.ticks(276, 2400), members: 3)
        // Not vacuous: the finger's later pans moved nothing, and the whole stack went away.
        let dismissed = out.filter { $0["method"] == "sheet.event" && $0["params"]?["type"] == "dismissed" }
        #expect(dismissed.compactMap { $0["params"]?["session"] } == [2, 1, 0], "\(dismissed)")
    }
}
