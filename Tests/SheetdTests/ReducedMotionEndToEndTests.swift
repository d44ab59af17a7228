import Testing
import SheetRPC
import SheetRPCTestSupport
import SheetServer
import SheetTestSupport

/// Reduced motion through the wire: `initialize {reduceMotion}` and `options.reduceMotion`,
/// `opacity` in frames (fast path included), snapshots that keep it and a running fade.
@Suite struct ReducedMotionEndToEndTests {
    static func frames(_ out: [JSONValue]) -> [JSONValue] {
        out.filter { $0["method"] == "sheet.frame" }.compactMap { $0["params"] }
    }

    static func create(_ d: InProcess, options: JSONValue? = nil) {
        var p: JSONObject = ["container": IPhone.json, "content": ["preferredHeight": 300], "detents": ["fit", "large"]]
        if let options { p["options"] = options }
        d.call("session.create", .object(p))
    }

    @Test func initializeEchoesTheDefaultAndSessionsOverrideIt() throws {
        let on = InProcess(initialize: ["reduceMotion": true])
        let plain = InProcess()
        #expect(plain.service.reduceMotion == false && on.service.reduceMotion == true)
        Self.create(on)                                   // s1: the server's default (on)
        Self.create(on, options: ["reduceMotion": false])  // s2: off
        Self.create(plain, options: ["reduceMotion": true])  // s1 of plain: on
        for d in [on, plain] {
            d.call("sheet.present", ["session": "s1", "t": 0])
            if d === on { d.call("sheet.present", ["session": "s2", "t": 0]) }
        }
        let tickOn = Self.frames(on.request("clock.tick", ["t": 150]))
        #expect(tickOn.map { $0["opacity"] } == [.double(0.5), nil])
        #expect(tickOn.map { $0["sheet"]?["y"] } == [.int(510), .int(677)])
        let tickPlain = Self.frames(plain.request("clock.tick", ["t": 150]))
        #expect(tickPlain.first?["opacity"] == .double(0.5))
        // `opacity` is the member right after `dimming`.
        let raw = String(decoding: JSONCodec.encode(try #require(tickOn.first)), as: UTF8.self)
        #expect(raw.contains(#""dimming":{"alpha":0.3,"passthrough":false},"opacity":0.5,"grabber":"#))
    }

    @Test func initializeRefusesANonBooleanReduceMotion() throws {
        let c = RPCConnection(service: SheetService(configuration: .init()))
        let out = try JSONCodec.decode(try #require(c.receive(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"reduceMotion":1}}"#).last)[...])
        #expect(out["error"]?["code"] == .int(-32602))
    }

    @Test func configureTurnsItOnAndOff() {
        let d = InProcess()
        Self.create(d)
        d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        #expect(Self.frames(d.request("clock.tick", ["t": 0])).first?["opacity"] == nil)
        d.call("sheet.configure", ["session": "s1", "t": 10, "options": ["reduceMotion": true]])
        #expect(Self.frames(d.request("clock.tick", ["t": 10])).first?["opacity"] == .int(1))
        d.call("sheet.configure", ["session": "s1", "t": 20, "options": ["reduceMotion": false]])
        let f = Self.frames(d.request("clock.tick", ["t": 20]))
        #expect(f.count == 1 && f.first?["opacity"] == nil)
    }

    @Test func aSnapshotKeepsReducedMotionAndARunningFade() throws {
        let d = InProcess(initialize: ["reduceMotion": true])
        Self.create(d)
        d.call("sheet.present", ["session": "s1", "t": 0])
        d.call("clock.tick", ["t": 100])
        let snap = try #require(d.call("session.snapshot", ["session": "s1"]))
        #expect(snap["sheet"]?["setup"]?["options"]?["reduceMotion"] == .bool(true))
        #expect(snap["sheet"]?["fade"] != nil)
        // Restored into a server whose default is off: it keeps fading where it was.
        let other = InProcess()
        let restored = try #require(other.call("session.restore", ["state": snap])?["session"]?.stringValue)
        let a = Self.frames(d.request("clock.tick", ["t": 200]))
        let b = Self.frames(other.request("clock.tick", ["t": 200]))
        #expect(a.first?["opacity"] == .double(0.7682))
        #expect(b.first?["opacity"] == a.first?["opacity"] && b.first?["sheet"] == a.first?["sheet"])
        #expect(restored == "s1")
    }

    @Test func aSnapshotWithoutItRestoresWithItOff() throws {
        let d = InProcess()
        Self.create(d)
        d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        let snap = try #require(d.call("session.snapshot", ["session": "s1"]))
        #expect(snap["sheet"]?["setup"]?["options"]?["reduceMotion"] == nil)
        let on = InProcess(initialize: ["reduceMotion": true])
        on.call("session.restore", ["state": snap])
        #expect(Self.frames(on.request("clock.tick", ["t": 10])).first?["opacity"] == nil)
    }

    @Test func aFadeHeadingElsewhereThan0Or1IsRefused() throws {
        let d = InProcess(initialize: ["reduceMotion": true])
        Self.create(d)
        d.call("sheet.present", ["session": "s1", "t": 0])
        var snap = try #require(d.call("session.snapshot", ["session": "s1"]))
        snap = JSONMutation.set(snap, [.key("sheet"), .key("fade"), .index(0), .key("to")], .double(0.5))
        let error = try #require(InProcess().error("session.restore", ["state": snap]))
        #expect(error["code"] == .int(-32602))
        #expect(error["message"]?.stringValue?.contains("params.state.sheet.fade") == true)
    }

    @Test func theFastPathWritesTheSameReducedMotionFrames() {
        func run(spaced: Bool) -> [String] {
            let c = RPCConnection(service: SheetService(configuration: .init(now: { 500 })))
            var out: [String] = []
            for m in [#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"reduceMotion":true}}"#] + HotPathTests.stream {
                for reply in c.receive(spaced ? " " + m : m) { out.append(String(decoding: reply, as: UTF8.self)) }
            }
            return out
        }
        let fast = run(spaced: false)
        #expect(fast.contains { $0.contains(#""opacity":"#) })
        #expect(fast == run(spaced: true))
    }
}
