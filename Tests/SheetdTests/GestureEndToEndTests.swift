import Foundation
import Testing
import SheetRPC

/// Pan arbitration, over-drag control and the velocity threshold through the built daemon:
/// `input.pan`'s `gesture` answer, `panDeclined`, options through `sheet.configure` and a
/// snapshot, and a pending pan carried by a snapshot.
@Suite struct GestureEndToEndTests {
    static func daemon(options: JSONValue, policies: JSONValue? = nil) throws -> Daemon {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        var create: JSONObject = [
            "container": ["width": 390, "height": 844, "safeArea": ["top": 47, "bottom": 34]],
            "content": ["preferredHeight": 300], "detents": ["fit", "large"], "options": options,
        ]
        if let p = policies { create["policies"] = p }
        _ = try d.call("session.create", .object(create))
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        _ = try d.call("clock.tick", ["t": 0])
        return d
    }

    static func pan(_ d: Daemon, _ phase: String, _ x: Double, _ y: Double, at t: Double,
                    session: String = "s1") throws -> (JSONValue, [JSONValue]) {
        let (r, notes) = try d.request("input.pan", ["session": .string(session), "t": .number(t), "phase": .string(phase),
                                                     "translation": ["x": .number(x), "y": .number(y)]])
        return (r["result"] ?? .null, notes)
    }

    static func sheetY(_ d: Daemon, at t: Double, session: String = "s1") throws -> JSONValue? {
        let (_, notes) = try d.request("clock.tick", ["t": .number(t)])
        return notes.last { $0["method"] == "sheet.frame" && $0["params"]?["session"] == .string(session) }?["params"]?["sheet"]?["y"]
    }

    @Test func aSidewaysPanIsDeclinedAndAnsweredSo() throws {
        let d = try Self.daemon(options: ["gesture": ["slop": 10, "directionLock": true]])
        #expect(try Self.pan(d, "began", 0, 0, at: 16).0 == ["state": "presented", "gesture": "pending"])
        #expect(try Self.pan(d, "changed", 3, 6, at: 32).0 == ["state": "presented", "gesture": "pending"])
        #expect(try Self.sheetY(d, at: 40) == nil)  // nothing moved: no frame
        let (r, notes) = try Self.pan(d, "changed", 24, 5, at: 48)
        #expect(r == ["state": "presented", "gesture": "declined"])
        let event = notes.first { $0["method"] == "sheet.event" }?["params"]
        #expect(event == ["session": "s1", "t": 48, "type": "panDeclined", "reason": "direction"])
        #expect(try Self.pan(d, "changed", 24, 200, at: 64).0 == ["state": "presented", "gesture": "declined"])
        #expect(try Self.sheetY(d, at: 80) == nil)
        _ = try Self.pan(d, "ended", 24, 200, at: 96)
        #expect(try Self.pan(d, "began", 0, 0, at: 112).0["gesture"] == "pending")
        #expect(try Self.pan(d, "changed", 0, 30, at: 128).0 == ["state": "dragging", "gesture": "accepted"])
        #expect(try Self.sheetY(d, at: 128) == 530)
    }

    @Test func aPendingPanSurvivesSnapshotAndRestore() throws {
        let d = try Self.daemon(options: ["gesture": ["slop": 10, "failOffsetX": 20]])
        _ = try Self.pan(d, "began", 0, 0, at: 16)
        let snap = try d.call("session.snapshot", ["session": "s1"])
        #expect(snap["sheet"]?["pan"] == ["gesture": "pending", "origin": ["x": 0, "y": 0]])
        #expect(snap["sheet"]?["setup"]?["options"]?["gesture"] == ["slop": 10, "directionLock": false, "failOffsetX": 20])
        #expect(try d.call("session.restore", ["state": snap])["session"] == "s2")
        for s in ["s1", "s2"] {
            #expect(try Self.pan(d, "changed", 0, 40, at: 32, session: s).0["gesture"] == "accepted")
            #expect(try Self.sheetY(d, at: 32, session: s) == 540)
        }
    }

    @Test func rubberBandIsReplacedWholeByConfigure() throws {
        let d = try Self.daemon(options: [:])
        _ = try d.call("sheet.configure", ["session": "s1", "t": 8, "options": ["rubberBand": ["beyondLargest": false]]])
        let snap = try d.call("session.snapshot", ["session": "s1"])
        #expect(snap["sheet"]?["setup"]?["options"]?["rubberBand"] == ["beyondLargest": false, "belowSmallest": true, "coefficient": 0.55])
        _ = try d.call("sheet.selectDetent", ["session": "s1", "t": 8, "detent": "large", "animated": false])
        _ = try Self.pan(d, "began", 0, 0, at: 16)
        _ = try Self.pan(d, "changed", 0, -100, at: 32)
        let held = try Self.sheetY(d, at: 32)
        #expect(held == 57, "\(String(describing: held))")  // held at the large detent
        _ = try Self.pan(d, "changed", 0, -60, at: 48)
        #expect(try Self.sheetY(d, at: 48) == 97)
    }

    @Test func badGestureAndRubberBandOptionsAreRefused() throws {
        let d = try Self.daemon(options: [:])
        let bad: [(JSONValue, String)] = [
            (["gesture": ["failOffsetX": 0]], "params.options.gesture.failOffsetX"),
            (["gesture": ["slop": 101]], "params.options.gesture.slop"),
            (["gesture": ["slope": 1]], "params.options.gesture.slope"),
            (["rubberBand": ["coefficient": 0]], "params.options.rubberBand.coefficient"),
            (["rubberBand": ["coefficient": 2.5]], "params.options.rubberBand.coefficient"),
        ]
        for (options, path) in bad {
            let (r, _) = try d.request("sheet.configure", ["session": "s1", "t": 8, "options": options])
            #expect(r["error"]?["code"] == -32602)
            #expect(r["error"]?["message"]?.stringValue?.hasPrefix(path) == true, "\(r)")
        }
    }

    @Test func aSlowReleaseUnderTheVelocityThresholdIsDecidedByPosition() throws {
        for (threshold, dismissed) in [(0.0, true), (500.0, false)] {
            let d = try Self.daemon(options: [:], policies: ["config": ["deceleration": ["velocityThreshold": .number(threshold)]]])
            _ = try Self.pan(d, "began", 0, 0, at: 16)
            _ = try Self.pan(d, "changed", 0, 134, at: 32)  // position 200 of 334
            let (r, _) = try d.request("input.pan", ["session": "s1", "t": 48, "phase": "ended",
                                                     "translation": ["x": 0, "y": 134], "velocity": ["x": 0, "y": 400]])
            #expect(r["result"]?["state"] == (dismissed ? "dismissing" : "settling"), "threshold \(threshold)")
        }
    }
}
