import Testing
import SheetRPC
import SheetTestSupport

/// `input.accessibilityAction` and `input.back` through the service (in process, host clock):
/// refusals that change nothing, a back gesture routed to a stack's top-most shown sheet,
/// a parent's dismiss action taking the stack's way, a gesture carried across
/// `session.snapshot` / `session.restore`, and frames alike on the fast and generic paths.
@Suite struct AccessibilityBackEndToEndTests {
    static func frames(_ messages: [JSONValue], _ session: String? = nil) -> [JSONValue] {
        messages.filter { $0["method"] == "sheet.frame" && (session == nil || $0["params"]?["session"] == .string(session!)) }
            .compactMap { $0["params"] }
    }
    static func events(_ messages: [JSONValue]) -> [String] {
        messages.filter { $0["method"] == "sheet.event" && $0["params"]?["type"] != "willSettle" }.map {
            "\($0["params"]?["session"]?.stringValue ?? "") \($0["params"]?["type"]?.stringValue ?? "")"
                + ($0["params"]?["cause"]?.stringValue.map { " \($0)" } ?? "")
        }
    }

    /// `s1` (medium/large at large) presented and at rest at t=0.
    static func presented(_ create: JSONValue = ["container": IPhone.json, "detents": ["medium", "large"], "selectedDetent": "large"]) -> InProcess {
        let p = InProcess(initialize: ["clock": "host"])
        _ = p.call("session.create", create)
        _ = p.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        _ = p.request("clock.tick", ["t": 0])
        return p
    }

    @Test func refusalsNameWhatIsWrongAndChangeNothing() {
        let p = Self.presented()
        let before = p.call("session.snapshot", ["session": "s1"])
        #expect(p.error("input.accessibilityAction", ["session": "s1", "t": 16, "action": "expand"])
            == ["code": -32010, "message": "action \"expand\" is not available now (available: collapse, dismiss, escape)"])
        #expect(p.error("input.accessibilityAction", ["session": "s1", "t": 16, "action": "shrink"])
            == ["code": -32602, "message": "params.action: expected one of \"expand\", \"collapse\", \"dismiss\", \"escape\", got \"shrink\""])
        #expect(p.error("input.back", ["session": "s1", "t": 16, "phase": "began"])
            == ["code": -32602, "message": "params.progress: required for phase \"began\""])
        #expect(p.error("input.back", ["session": "s1", "t": 16, "phase": "progressed", "swipeEdge": "left"])
            == ["code": -32602, "message": "params.progress: required for phase \"progressed\""])
        #expect(p.error("input.back", ["session": "s1", "t": 16, "phase": "began", "progress": 1.5])?["code"] == -32602)
        #expect(p.error("input.back", ["session": "s1", "t": 16, "phase": "began", "progress": 0, "swipeEdge": "up"])?["code"] == -32602)
        #expect(p.error("input.back", ["session": "s1", "t": 16, "phase": "cancelled"])
            == ["code": -32010, "message": "no back gesture in progress: send phase \"began\" first"])
        #expect(p.call("session.snapshot", ["session": "s1"]) == before)
        #expect(Self.frames(p.request("clock.tick", ["t": 32])).isEmpty)
        // As a notification, a refusal is a `$/diagnostic`.
        let out = p.notify("input.accessibilityAction", ["session": "s1", "t": 48, "action": "expand"])
        #expect(out.first?["method"] == "$/diagnostic" && out.first?["params"]?["code"] == -32010)
    }

    @Test func anActionAnswersLikeItsCommandAndTheFrameFollows() {
        let p = Self.presented()
        let out = p.request("input.accessibilityAction", ["session": "s1", "t": 16, "action": "collapse"])
        #expect(out.last?["result"] == ["state": "settling"])
        #expect(Self.events(out) == ["s1 detentChanged"])
        let frame = Self.frames(p.request("clock.tick", ["t": 32])).last
        #expect(frame?["accessibility"] == ["actions": ["expand", "dismiss"]])
    }

    @Test func aBackGestureAppliesToTheStacksTopMostShownSheet() {
        let p = Self.presented()
        _ = p.call("session.create", ["parent": "s1", "content": ["preferredHeight": 300]])
        _ = p.call("sheet.present", ["session": "s2", "t": 0, "animated": false])
        _ = p.request("clock.tick", ["t": 0])
        // Sent to the root, the gesture is the child's.
        #expect(p.call("input.back", ["session": "s1", "t": 16, "phase": "began", "progress": 0.5, "swipeEdge": "left"]) == ["state": "presented"])
        var out = p.request("clock.tick", ["t": 16])
        #expect(Self.frames(out, "s2").last?["back"] == ["scaleX": 0.8899, "scaleY": 0.9357])
        #expect(Self.frames(out, "s1").allSatisfy { $0["back"] == nil })
        // Later phases follow the gesture, whichever member they name.
        _ = p.call("input.back", ["session": "s2", "t": 32, "phase": "progressed", "progress": 1])
        out = p.request("clock.tick", ["t": 32])
        #expect(Self.frames(out, "s2").last?["back"] == ["scaleX": 0.8769, "scaleY": 0.9281])
        out = p.request("input.back", ["session": "s1", "t": 48, "phase": "invoked"])
        #expect(out.last?["result"] == ["state": "presented"])  // the named root's state
        for t in stride(from: 48.0, through: 800, by: 16) { out += p.request("clock.tick", ["t": .number(t)]) }
        #expect(Self.events(out) == ["s2 dismissed"])
        #expect(Self.frames(out, "s2").last?["state"] == "dismissed")
        // With the child gone, a back sent to it is the root's (not dismissible here: the attempt).
        _ = p.call("sheet.configure", ["session": "s1", "t": 900, "options": ["dismissible": false]])
        out = p.request("input.back", ["session": "s2", "t": 916, "phase": "invoked"])
        #expect(Self.events(out) == ["s1 dismissAttempted back"])
    }

    @Test func aParentsDismissActionDismissesItsChildrenFirst() {
        let p = Self.presented()
        _ = p.call("session.create", ["parent": "s1", "content": ["preferredHeight": 300]])
        _ = p.call("sheet.present", ["session": "s2", "t": 0, "animated": false])
        _ = p.request("clock.tick", ["t": 0])
        var out = p.request("input.accessibilityAction", ["session": "s1", "t": 16, "action": "dismiss"])
        #expect(out.last?["result"] == ["state": "presented"])
        for t in stride(from: 16.0, through: 1200, by: 16) { out += p.request("clock.tick", ["t": .number(t)]) }
        #expect(Self.events(out) == ["s2 dismissed", "s1 dismissed"])
    }

    @Test func aGestureUnderWayCarriesAcrossSnapshotAndRestore() throws {
        let p = Self.presented(["container": IPhone.json, "content": ["preferredHeight": 300]])
        _ = p.call("input.back", ["session": "s1", "t": 16, "phase": "began", "progress": 0.5])
        let snap = try #require(p.call("session.snapshot", ["session": "s1"]))
        #expect(snap["sheet"]?["back"] == ["progress": 0.5, "phase": "tracking"])
        let restored = try #require(p.call("session.restore", ["state": snap])?["session"]?.stringValue)
        var out = p.request("clock.tick", ["t": 32])
        #expect(Self.frames(out, restored).last?["back"] == ["scaleX": 0.8899, "scaleY": 0.9357])
        // Both continue alike: cancelled, half-way through the 100 ms return.
        for s in ["s1", restored] { _ = p.call("input.back", ["session": .string(s), "t": 48, "phase": "cancelled"]) }
        let returning = try #require(p.call("session.snapshot", ["session": .string(restored)]))
        #expect(returning["sheet"]?["back"] == ["progress": 0.5, "phase": "returning", "start": 48, "durationMs": 100])
        out = p.request("clock.tick", ["t": 98])
        let halfway: JSONValue = ["scaleX": 0.9753, "scaleY": 0.9856]
        #expect(Self.frames(out, "s1").last?["back"] == halfway && Self.frames(out, restored).last?["back"] == halfway)
        // A snapshot's gesture is checked like the rest.
        var bad = snap
        if case .object(var o) = bad, case .object(var sheet)? = o["sheet"] {
            sheet["back"] = ["progress": 2, "phase": "tracking"]
            o["sheet"] = .object(sheet)
            bad = .object(o)
        }
        #expect(p.error("session.restore", ["state": bad])?["message"]?.stringValue?.hasPrefix("params.state.sheet.back.progress") == true)
    }

    @Test func framesAreTheSameOnTheFastAndGenericPaths() {
        let stream: [String] = [
            HotPathTests.create,
            #"{"jsonrpc":"2.0","id":3,"method":"sheet.present","params":{"session":"s1","t":0,"animated":false}}"#,
            HotPathTests.tick("0"),
            #"{"jsonrpc":"2.0","method":"input.back","params":{"session":"s1","t":10,"phase":"began","progress":0.3,"swipeEdge":"left"}}"#,
            HotPathTests.tick("10"),
            HotPathTests.pan("s1", "20", "began", y: "0"),
            HotPathTests.pan("s1", "40", "changed", y: "10"),
            HotPathTests.tick("40"),
            HotPathTests.pan("s1", "60", "ended", y: "10", extra: #","velocity":{"x":0,"y":0}"#),
            #"{"jsonrpc":"2.0","id":4,"method":"input.accessibilityAction","params":{"session":"s1","t":70,"action":"expand"}}"#,
            HotPathTests.tick("86"), HotPathTests.tick("200"), HotPathTests.tick("1500"),
        ]
        let fast = HotPathTests.run(stream, spaced: false)
        let generic = HotPathTests.run(stream, spaced: true)
        #expect(fast == generic)
        #expect(fast.contains { $0.contains(#""accessibility":{"actions":["expand","dismiss"]},"back":{"scaleX":"#) })
        #expect(fast.contains { $0.contains(#""accessibility":{"actions":["collapse","dismiss"]}"#) })
    }
}

/// A change of the accessibility actions alone emits no frame; the next frame sent carries them.
@Suite struct AccessibilityActionsFrameTests {
    @Test func aChangeOfActionsAloneEmitsNoFrame() {
        let p = AccessibilityBackEndToEndTests.presented()
        let configure = p.request("sheet.configure", ["session": "s1", "t": 16, "options": ["dismissible": false]])
        #expect(AccessibilityBackEndToEndTests.frames(configure).isEmpty)
        #expect(AccessibilityBackEndToEndTests.frames(p.request("clock.tick", ["t": 32])).isEmpty)
        _ = p.call("input.accessibilityAction", ["session": "s1", "t": 48, "action": "collapse"])
        let frame = AccessibilityBackEndToEndTests.frames(p.request("clock.tick", ["t": 64])).last
        #expect(frame?["accessibility"] == ["actions": ["expand"]])
    }
}
