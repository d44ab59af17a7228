import Foundation
import Testing
import SheetRPC

/// Live configuration through the built daemon: `sheet.configure` (merge, validate-then-apply),
/// `maxDetentHeight`, `sheet.snapTo` across snapshot/restore, the new inputs and events.
@Suite struct ConfigureEndToEndTests {
    static let create: JSONValue = [
        "container": ["width": 390, "height": 844, "safeArea": ["top": 47, "bottom": 34]],
        "content": ["preferredHeight": 300], "detents": ["fit", "medium", "large"],
    ]

    /// A host-clock daemon with `s1` presented at fit (at rest at t=400).
    static func presentedDaemon() throws -> Daemon {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        let created = try d.call("session.create", create)
        #expect(created["maxDetentHeight"] == 797)
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        _ = try d.call("clock.tick", ["t": 400])
        return d
    }

    /// Ticks at `t` and returns s1's frame (nil when none was sent).
    static func frame(_ d: Daemon, at t: Double, session: String = "s1") throws -> JSONValue? {
        let (_, notes) = try d.request("clock.tick", ["t": .number(t)])
        return notes.last { $0["method"] == "sheet.frame" && $0["params"]?["session"] == .string(session) }?["params"]
    }

    /// A frame goes out when something drawn changes, not when the same names come again as
    /// new strings: `sheet.configure` re-sending the detents (ids long enough to live on the
    /// heap, so each message makes new ones) sends no frame, now or later; a renamed selected
    /// detent sends one frame with the new name, then none.
    @Test func reSentDetentIdsSendNoFrame() throws {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        func detents(_ first: String) -> JSONValue {
            [["id": .string(first), "height": 300], ["id": "the-second-detent-with-a-long-identifier", "fraction": 0.9]]
        }
        let long = "the-first-detent-with-a-long-identifier", renamed = "the-first-detent-renamed-to-something-else"
        _ = try d.call("session.create", ["container": ["width": 390, "height": 844], "detents": detents(long)])
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        #expect(try Self.frame(d, at: 400)?["detent"] == .string(long))
        #expect(try Self.frame(d, at: 420) == nil)
        for t in [500.0, 600] {
            _ = try d.call("sheet.configure", ["session": "s1", "t": .number(t), "detents": detents(long)])
            #expect(try Self.frame(d, at: t + 20) == nil)
        }
        #expect(try Self.frame(d, at: 1000) == nil)
        _ = try d.call("sheet.configure", ["session": "s1", "t": 1100, "detents": detents(renamed),
                                           "selectedDetent": .string(renamed)])
        #expect(try Self.frame(d, at: 1120)?["detent"] == .string(renamed))
        #expect(try Self.frame(d, at: 1140) == nil)
        _ = try d.call("sheet.configure", ["session": "s1", "t": 1200, "detents": detents(renamed)])
        #expect(try Self.frame(d, at: 1220) == nil)
    }

    @Test func optionsMergeMemberByMember() throws {
        let d = try Self.presentedDaemon()
        _ = try d.call("sheet.configure", ["session": "s1", "t": 500, "options": ["cornerRadius": 20]])
        _ = try d.call("sheet.configure", ["session": "s1", "t": 510, "options": ["grabber": false, "largestUndimmedDetent": "medium"]])
        var f = try #require(try Self.frame(d, at: 520))
        #expect(f["sheet"]?["cornerRadius"] == 20 && f["grabber"]?["visible"] == false)
        #expect(f["dimming"]?["passthrough"] == true)
        _ = try d.call("sheet.configure", ["session": "s1", "t": 530, "options": ["largestUndimmedDetent": .null]])
        f = try #require(try Self.frame(d, at: 540))
        #expect(f["sheet"]?["cornerRadius"] == 20 && f["dimming"]?["passthrough"] == false)
        #expect(f["position"]?["index"] == 0 && f["keyboard"]?["overlap"] == 0)
    }

    @Test func aFailingConfigureChangesNothing() throws {
        let d = try Self.presentedDaemon()
        let before = try d.call("session.snapshot", ["session": "s1"])
        let bad: [(JSONValue, String)] = [
            (["session": "s1", "t": 600, "options": ["cornerRadius": 30], "detents": ["fit", "fit"]], "params.detents[1]"),
            (["session": "s1", "t": 600, "options": ["cornerRadius": 30], "selectedDetent": "nope"], "params.selectedDetent"),
            (["session": "s1", "t": 600, "options": ["cornerRadius": 30], "policies": ["dismissal": "nope"]], "params.policies.dismissal"),
            (["session": "s1", "t": 600, "options": ["cornerRadius": 30, "dragRegion": "handle"]], "params.options.dragRegion"),
            (["session": "s1", "t": 600, "detents": [["id": "x", "fromTop": -5]]], "params.detents[0].fromTop"),
            (["session": "s1", "t": 600, "options": ["largestUndimmedDetent": "small"]], "params.options.largestUndimmedDetent"),
        ]
        for (params, path) in bad {
            let (r, _) = try d.request("sheet.configure", params)
            #expect(r["error"]?["code"] == -32602)
            #expect(r["error"]?["message"]?.stringValue?.hasPrefix(path) == true, "\(r)")
        }
        #expect(try d.call("session.snapshot", ["session": "s1"]) == before)
        #expect(try Self.frame(d, at: 700) == nil)
    }

    @Test func snapshotCarriesSnapAndConfigureState() throws {
        let d = try Self.presentedDaemon()
        _ = try d.call("sheet.configure", ["session": "s1", "t": 500,
                                           "options": ["tapDimming": "collapse", "keyboard": "fill", "dragRegion": "grabber"],
                                           "policies": ["config": ["deceleration": ["skipDetents": false]]]])
        _ = try d.call("sheet.snapTo", ["session": "s1", "t": 500, "height": 604.5])
        _ = try Self.frame(d, at: 560)
        let snap = try d.call("session.snapshot", ["session": "s1"])
        let restored = try d.call("session.restore", ["state": snap])
        #expect(restored["session"] == "s2")
        for t in stride(from: 576.0, through: 1200, by: 16) {
            let (_, notes) = try d.request("clock.tick", ["t": .number(t)])
            let frames = notes.filter { $0["method"] == "sheet.frame" }.compactMap { $0["params"]?.objectValue }
            guard frames.count == 2 else { #expect(frames.isEmpty); continue }
            var a = frames[0], b = frames[1]
            a["session"] = nil
            b["session"] = nil
            #expect(a == b, "t=\(t)")
        }
        // The restored session keeps the grabber-only drag region: a content pan is ignored.
        let (pan, _) = try d.request("input.pan", ["session": "s2", "t": 1400, "phase": "began", "translation": ["x": 0, "y": 0]])
        #expect(pan["result"]?["state"] == "presented")
        let (tap, notes) = try d.request("input.tap", ["session": "s2", "t": 1500, "target": "grabber"])
        #expect(tap["result"]?["state"] == "settling")
        #expect(notes.contains { $0["params"]?["type"] == "detentChanged" && $0["params"]?["detent"] == "medium" })
    }

    @Test func dismissAttemptedCarriesItsCause() throws {
        let d = try Self.presentedDaemon()
        _ = try d.call("sheet.configure", ["session": "s1", "t": 500, "options": ["dismissible": false]])
        let (_, notes) = try d.request("input.tap", ["session": "s1", "t": 510, "target": "dimming"])
        let event = try #require(notes.first { $0["method"] == "sheet.event" }?["params"])
        #expect(event["type"] == "dismissAttempted" && event["cause"] == "tap")
    }
}
