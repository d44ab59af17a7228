import Testing
import SheetRPC
import SheetTestSupport

/// Sheet stacks in process (`SheetService` behind an `RPCConnection`, host clock): stacks deeper
/// than two recede per level, and a stack's command reaches a sheet under a finger without
/// skipping it.
@Suite struct StackChainTests {
    /// A host-clock service with `s1` (large), its child `s2` (content 500) and grandchild
    /// `s3` (content 300) created, nothing presented. Events and frames are collected.
    final class Stack {
        let p = InProcess(initialize: ["clock": "host"])
        /// `"session type"` in order.
        var events: [String] = []
        /// The latest frame per session.
        var frames: [String: JSONValue] = [:]
        var errors: [JSONValue] = []

        init() {
            let phone = IPhone.json
            _ = p.call("session.create", ["container": phone, "detents": ["large"]])
            _ = p.call("session.create", ["parent": "s1", "content": ["preferredHeight": 500]])
            _ = p.call("session.create", ["parent": "s2", "content": ["preferredHeight": 300]])
        }

        func absorb(_ messages: [JSONValue]) {
            for m in messages {
                let session = m["params"]?["session"]?.stringValue ?? ""
                if m["method"] == "sheet.event" && m["params"]?["type"] != "willSettle" { events.append("\(session) \(m["params"]?["type"]?.stringValue ?? "")") }
                if m["method"] == "sheet.frame" { frames[session] = m["params"] }
                if m["method"] == "$/diagnostic" { errors.append(m) }
                if let e = m["error"] { errors.append(e) }
            }
        }

        func call(_ method: String, _ params: JSONValue) { absorb(p.request(method, params)) }
        func tick(_ t: Double) { absorb(p.request("clock.tick", ["t": .number(t)])) }
        func ticks(_ from: Double, through to: Double) { for t in stride(from: from, through: to, by: 16) { tick(t) } }
        func pan(_ session: String, _ phase: String, _ y: Double, at t: Double, source: String = "sheet") {
            absorb(p.notify("input.pan", ["session": .string(session), "t": .number(t), "phase": .string(phase),
                                          "translation": ["x": 0, "y": .number(y)], "source": .string(source)]))
        }
        func state(_ s: String) -> String? { frames[s]?["state"]?.stringValue }
        func transform(_ s: String) -> [Double?] {
            [frames[s]?["transform"]?["scale"]?.doubleValue, frames[s]?["transform"]?["translateY"]?.doubleValue]
        }

        /// All three presented at once (at rest after the tick at `t`).
        func presentAll(at t: Double) {
            for s in ["s1", "s2", "s3"] { call("sheet.present", ["session": .string(s), "t": .number(t), "animated": false]) }
            tick(t)
            events = []
        }
    }

    @Test func threeDeepStackRecedesPerLevelAtRestAndMidAnimation() {
        let k = Stack()
        for s in ["s1", "s2"] { k.call("sheet.present", ["session": .string(s), "t": 0, "animated": false]) }
        k.tick(0)
        #expect(k.transform("s1") == [0.959, -16])
        k.call("sheet.present", ["session": "s3", "t": 100])
        k.tick(250)  // half of presentTiming (300 ms ease-in-out): s3 at progress 0.5
        #expect(k.frames["s3"]?["progress"] == 0.5)
        #expect(k.transform("s2") == [0.9795, -8])
        #expect(k.transform("s1") == [0.9385, -24])  // 1.5 levels back
        k.tick(400)
        #expect(k.transform("s2") == [0.959, -16])
        #expect(k.transform("s1") == [0.9179, -32])  // 2 levels back: 1 − 32/390
        #expect(k.frames["s3"]?["transform"] == nil)
        // s3 dragged half-way down: both grow back under the finger.
        k.pan("s3", "began", 0, at: 500)
        k.pan("s3", "changed", 167, at: 516)
        k.tick(516)
        #expect(k.frames["s3"]?["progress"] == 0.5)
        #expect(k.transform("s2") == [0.9795, -8] && k.transform("s1") == [0.9385, -24])
        #expect(k.errors.isEmpty)
    }

    @Test func aChainedDismissalTakesTheNextSheetFromTheFinger() {
        let k = Stack()
        k.presentAll(at: 0)
        k.call("sheet.dismiss", ["session": "s1", "t": 100])  // s3 first
        // While s3 leaves, the user grabs s2 (next in line).
        k.pan("s2", "began", 0, at: 150)
        k.pan("s2", "changed", 50, at: 166)
        k.tick(166)
        #expect(k.state("s2") == "dragging" && k.state("s3") == "dismissing")
        k.ticks(182, through: 406)
        #expect(k.events == ["s3 dismissed"])  // at t=406, while the finger holds s2
        k.tick(422)
        // s2 was taken from the finger and dismisses from where it was held (y 360, no jump).
        #expect(k.state("s2") == "dismissing")
        #expect((k.frames["s2"]?["sheet"]?["y"]?.doubleValue ?? 0) > 360)
        k.pan("s2", "changed", 10, at: 438)  // the finger moves on, then lifts: ignored
        k.pan("s2", "ended", 10, at: 454)
        k.tick(454)
        #expect(k.state("s2") == "dismissing")
        k.ticks(470, through: 1200)
        #expect(k.events == ["s3 dismissed", "s2 dismissed", "s1 dismissed"])
        #expect(["s1", "s2", "s3"].allSatisfy { k.state($0) == "dismissed" })
        #expect(k.errors.isEmpty)
    }

    @Test func dismissingARootWhoseChildIsDraggedTakesTheChildFromTheFinger() {
        let k = Stack()
        k.presentAll(at: 0)
        k.pan("s3", "began", 0, at: 100)
        k.pan("s3", "changed", 100, at: 116)
        k.call("sheet.dismiss", ["session": "s1", "t": 132])
        k.tick(132)
        #expect(k.errors.isEmpty && k.state("s3") == "dismissing")
        k.ticks(148, through: 1200)
        #expect(k.events == ["s3 dismissed", "s2 dismissed", "s1 dismissed"])
    }

    @Test func dismissingADraggedSheetWithChildrenIsRefusedAndChangesNothing() {
        let k = Stack()
        k.presentAll(at: 0)
        k.pan("s1", "began", 0, at: 100)
        k.pan("s1", "changed", 40, at: 116)
        let answer = k.p.request("sheet.dismiss", ["session": "s1", "t": 132]).last
        #expect(answer?["error"]?["code"] == -32010)
        #expect(answer?["error"]?["message"]?.stringValue == "cannot dismiss while the sheet is being dragged")
        k.ticks(132, through: 400)
        #expect(k.events.isEmpty && k.state("s3") == "presented" && k.state("s1") == "dragging")
    }

    @Test func replaceTakesADraggedParentFromTheFinger() {
        let k = Stack()
        k.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        k.tick(0)
        k.events = []
        k.pan("s1", "began", 0, at: 100)
        k.pan("s1", "changed", 30, at: 116)
        let answer = k.p.request("sheet.present", ["session": "s2", "t": 132, "stackBehavior": "replace"]).last
        #expect(answer?["result"]?["state"] == "dismissed")  // s2 waits for s1 to leave
        k.tick(132)
        #expect(k.state("s1") == "dismissing")
        k.pan("s1", "changed", 60, at: 148)  // ignored
        k.ticks(148, through: 1000)
        #expect(k.events == ["s1 dismissed", "s2 presented"])
        #expect(k.errors.isEmpty)
    }

    @Test func switchBackTakesAnInteractivePresentationFromTheFinger() {
        let k = Stack()
        k.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        k.tick(0)
        k.events = []
        k.call("sheet.present", ["session": "s2", "t": 100, "stackBehavior": "switch"])
        k.ticks(100, through: 800)
        #expect(k.events == ["s1 dismissed", "s2 presented"])
        // s1 is being pulled up from the bottom edge when s2's dismissal brings it back.
        k.pan("s1", "began", 0, at: 900, source: "bottomEdge")
        k.pan("s1", "changed", -100, at: 916, source: "bottomEdge")
        k.call("sheet.dismiss", ["session": "s2", "t": 916, "animated": false])
        k.tick(916)
        #expect(k.state("s1") == "presenting")
        k.pan("s1", "ended", -100, at: 932, source: "bottomEdge")  // ignored
        k.ticks(932, through: 1600)
        #expect(k.events == ["s1 dismissed", "s2 presented", "s2 dismissed", "s1 presented"])
        #expect(k.state("s1") == "presented" && k.errors.isEmpty)
    }

    /// A sheet still presenting when a stack sends it away never arrives (`presentCancelled`,
    /// not `dismissed`): what waits for it goes on all the same.
    @Test(arguments: ["replace", "switch"])
    func replacingAParentStillPresentingPresentsTheChild(_ behavior: String) {
        let k = Stack()
        k.call("sheet.present", ["session": "s1", "t": 0])
        k.tick(100)
        k.call("sheet.present", ["session": "s2", "t": 116, "stackBehavior": .string(behavior)])
        k.ticks(132, through: 1400)
        #expect(k.events == ["s1 presentCancelled", "s2 presented"], "\(k.events)")
        #expect(k.state("s2") == "presented")
        if behavior == "switch" {
            k.call("sheet.dismiss", ["session": "s2", "t": 1410])
            k.ticks(1426, through: 2400)
            #expect(k.events.suffix(2) == ["s2 dismissed", "s1 presented"], "\(k.events)")
        }
        #expect(k.errors.isEmpty, "\(k.errors)")
    }

    @Test func aChainedDismissalGoesOnPastAChildStillPresenting() {
        let k = Stack()
        for s in ["s1", "s2"] { k.call("sheet.present", ["session": .string(s), "t": 0, "animated": false]) }
        k.tick(0)
        k.events = []
        k.call("sheet.present", ["session": "s3", "t": 100])
        k.tick(132)
        k.call("sheet.dismiss", ["session": "s1", "t": 140])
        k.ticks(148, through: 2400)
        #expect(k.events == ["s3 presentCancelled", "s2 dismissed", "s1 dismissed"], "\(k.events)")
        #expect(k.errors.isEmpty, "\(k.errors)")
    }
}

