import Testing
import SheetRPC
import SheetTestSupport

/// Sheet stacks through the built daemon over pipes: a chained dismissal that reaches a sheet
/// under the user's finger takes it from the finger and goes on (nothing is skipped), and the
/// finger's later pans are ignored.
@Suite struct StackChainEndToEndTests {
    /// The messages a request produced (notifications, then its response).
    static func send(_ d: Daemon, _ method: String, _ params: JSONValue) throws -> [JSONValue] {
        let (r, notes) = try d.request(method, params)
        return notes + [r]
    }

    @Test func chainedDismissalTakesTheNextSheetFromTheFinger() throws {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        let phone = IPhone.json
        _ = try d.call("session.create", ["container": phone, "detents": ["large"]])
        _ = try d.call("session.create", ["parent": "s1", "content": ["preferredHeight": 500]])
        _ = try d.call("session.create", ["parent": "s2", "content": ["preferredHeight": 300]])
        for s in ["s1", "s2", "s3"] { _ = try d.call("sheet.present", ["session": .string(s), "t": 0, "animated": false]) }
        _ = try Self.send(d, "clock.tick", ["t": 0])
        var out: [JSONValue] = []
        #expect(try d.call("sheet.dismiss", ["session": "s1", "t": 100]) == ["state": "presented"])
        // The user grabs s2 while s3 leaves; pans are requests here so their answers show.
        let pan = { (t: Double, phase: String, y: Double) throws -> JSONValue in
            try d.call("input.pan", ["session": "s2", "t": .number(t), "phase": .string(phase), "translation": ["x": 0, "y": .number(y)]])
        }
        #expect(try pan(150, "began", 0) == ["state": "dragging", "gesture": "accepted"])
        #expect(try pan(166, "changed", 50) == ["state": "dragging", "gesture": "accepted"])
        for t in stride(from: 166.0, through: 422, by: 16) { out += try Self.send(d, "clock.tick", ["t": .number(t)]) }
        // The finger is still down: its pans change nothing now.
        #expect(try pan(438, "changed", 10) == ["state": "dismissing", "gesture": "accepted"])
        #expect(try pan(454, "ended", 10) == ["state": "dismissing", "gesture": "accepted"])
        for t in stride(from: 454.0, through: 1200, by: 16) { out += try Self.send(d, "clock.tick", ["t": .number(t)]) }
        let events = out.filter { $0["method"] == "sheet.event" && $0["params"]?["type"] != "willSettle" }.map {
            "\($0["params"]?["session"]?.stringValue ?? "") \($0["params"]?["type"]?.stringValue ?? "")"
        }
        #expect(events == ["s3 dismissed", "s2 dismissed", "s1 dismissed"])
        #expect(!out.contains { $0["method"] == "$/diagnostic" || $0["error"] != nil })
        // s2 leaves from where the finger held it (y 360): no jump back to its detent.
        let s2 = out.filter { $0["method"] == "sheet.frame" && $0["params"]?["session"] == "s2" }.compactMap { $0["params"] }
        let ys = s2.compactMap { $0["sheet"]?["y"]?.doubleValue }
        #expect(ys.contains(360) && !ys.drop(while: { $0 != 360 }).contains { $0 < 360 })
        #expect(s2.last?["state"] == "dismissed")
        _ = try d.call("shutdown")
        d.send(["jsonrpc": "2.0", "method": "exit"])
        #expect(try d.waitForExit() == 0)
    }
}
