import SheetRPC
import SheetRPCTestSupport
import SheetServer
import Testing

/// An output that says it is full once it holds `capacity` bodies, until `drain()`.
private final class SmallOutput: RPCOutput {
    var capacity: Int
    var pending: [[UInt8]] = []
    var written: [[UInt8]] = []
    private let scratch = MessageBuffer()

    init(capacity: Int) { self.capacity = capacity }

    func send(_ kind: RPCMessageKind, bound: Int, _ write: (inout JSONWriter) -> Void) {
        scratch.removeAll()
        _ = scratch.write(bound: bound, write)
        pending.append(Array(scratch.bytes))
    }

    var isFull: Bool { pending.count >= capacity }

    func drain() {
        written += pending
        pending.removeAll()
    }
}

/// `session.frame` and `clock.runUntilRest` (the harness verbs), in process on the host clock.
@Suite struct HarnessVerbsTests {
    static let create = #"{"jsonrpc":"2.0","id":"c","method":"session.create","params":{"container":{"width":390,"height":844,"safeArea":{"top":47,"bottom":34}},"content":{"preferredHeight":300}}}"#
    static let present = #"{"jsonrpc":"2.0","id":"p","method":"sheet.present","params":{"session":"s1","t":0}}"#

    /// A host-clock connection with s1 created and presented at 0.
    static func presented(initialize: String = #"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#) -> RPCConnection {
        let c = RPCConnection(service: SheetService(configuration: .init()))
        _ = c.receive(initialize)
        _ = c.receive(create)
        _ = c.receive(present)
        return c
    }

    static func text(_ bodies: [[UInt8]]) -> [String] { bodies.map { String(decoding: $0, as: UTF8.self) } }

    static func request(_ method: String, _ params: String, id: String = "r") -> String {
        #"{"jsonrpc":"2.0","id":"\#(id)","method":"\#(method)","params":\#(params)}"#
    }

    static func result(_ body: String) throws -> JSONValue {
        try #require(try JSONCodec.decode(Array(body.utf8)[...])["result"])
    }

    @Test func runUntilRestEmitsExactlyWhatExplicitTicksAtItsTimesWould() throws {
        let run = Self.text(Self.presented().receive(Self.request("clock.runUntilRest", "{}")))
        let answer = try Self.result(try #require(run.last))
        let ticks = try #require(answer["ticks"]?.doubleValue)
        #expect(answer["rested"] == .bool(true))
        #expect(ticks == 18)  // the 292 ms presentation settles at the 18th tick (300 ms)
        #expect(answer["t"] == .number(300))
        #expect(answer["frames"] == .int(18))

        let c = Self.presented()
        var explicit: [String] = []
        for k in 1...Int(ticks) {
            let t = Double(k) * 1000 / 60
            let out = Self.text(c.receive(Self.request("clock.tick", String(decoding: JSONCodec.encode(["t": .number(t)]), as: UTF8.self))))
            #expect(out.last?.contains(#""result":{"t":"#) == true)
            explicit += out.dropLast()
        }
        #expect(Array(run.dropLast()) == explicit)
        // Times multiplied, not accumulated: the 3rd tick is at exactly 50.
        #expect(run[2].contains(#""t":50,"#))
        #expect(run[0].contains(#""t":16.666666666666668,"#))
        #expect(run[14].contains(#""t":250,"#))  // 15 × 1000 / 60, rounded once
        // From 100 at 60 fps: (100 × 60 + 5 × 1000) / 60, the double nearest 183⅓.
        let later = Self.presented()
        _ = later.receive(Self.request("clock.tick", #"{"t":100}"#))
        let from100 = Self.text(later.receive(Self.request("clock.runUntilRest", #"{"maxMs":90}"#)))
        #expect(from100[4].contains(#""t":183.33333333333334,"#))
        #expect(try Self.result(try #require(from100.last))["t"] == .double(183.33333333333334))
    }

    @Test func maxMsCutsTheRunAndAnotherRunGoesOnFromThere() throws {
        let c = Self.presented()
        let first = Self.text(c.receive(Self.request("clock.runUntilRest", #"{"fps":30,"maxMs":100}"#)))
        #expect(try Self.result(try #require(first.last)) == ["t": 100, "ticks": 3, "frames": 3, "rested": false])
        let second = Self.text(c.receive(Self.request("clock.runUntilRest", #"{"fps":30,"maxMs":1000}"#)))
        // From 100: ticks at 133.3…, …, 300 (the 6th) bring the sheet to rest.
        #expect(try Self.result(try #require(second.last)) == ["t": 300, "ticks": 6, "frames": 6, "rested": true])
        // A tick exactly at t0 + maxMs runs: 10 ms at 100 fps is one tick.
        let idle = Self.text(c.receive(Self.request("clock.runUntilRest", #"{"fps":100,"maxMs":10}"#)))
        #expect(try Self.result(try #require(idle.last)) == ["t": 300, "ticks": 0, "frames": 0, "rested": true])
    }

    @Test func aFingerDownNeverRests() throws {
        let c = Self.presented()
        _ = c.receive(Self.request("clock.runUntilRest", "{}"))
        _ = c.receive(Self.request("input.pan", #"{"session":"s1","t":300,"phase":"began","translation":{"x":0,"y":0}}"#))
        let out = Self.text(c.receive(Self.request("clock.runUntilRest", #"{"maxMs":50}"#)))
        // The drag's first frame, then nothing changes; three ticks, cut by maxMs.
        #expect(try Self.result(try #require(out.last)) == ["t": 350, "ticks": 3, "frames": 1, "rested": false])
    }

    @Test func runUntilRestIsRefusedOnTheRealtimeClock() throws {
        let c = RPCConnection(service: SheetService(configuration: .init()))
        _ = c.receive(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clock":"realtime"}}"#)
        let out = try JSONCodec.decode(try #require(c.receive(Self.request("clock.runUntilRest", "{}")).last)[...])
        #expect(out["error"]?["code"] == .int(-32010))
    }

    @Test func outOfRangeFpsAndMaxMsAreRefused() throws {
        let c = Self.presented()
        for params in [#"{"fps":0}"#, #"{"fps":241}"#, #"{"maxMs":-1}"#, #"{"maxMs":60001}"#, #"{"fps":"60"}"#, #"{"t":5}"#] {
            let out = try #require(c.receive(Self.request("clock.runUntilRest", params)).last)
            #expect(try JSONCodec.decode(out[...])["error"]?["code"] == .int(-32602), "\(params)")
        }
        // Nothing moved: the next run starts from 0.
        let run = Self.text(c.receive(Self.request("clock.runUntilRest", #"{"maxMs":20}"#)))
        #expect(try Self.result(try #require(run.last))["t"] == .number(1000 / 60.0))
    }

    @Test func runUntilRestPausesBetweenTicksOnAFullOutputWithTheSameBytes() throws {
        let expected = Self.presented().receive(Self.request("clock.runUntilRest", "{}"))
        let c = Self.presented()
        let out = SmallOutput(capacity: 2)
        var done = c.receive(Array(Self.request("clock.runUntilRest", "{}").utf8)[...], to: out)
        #expect(!done && c.isPaused)
        #expect(out.pending.count == 2)  // two ticks ran, then it stopped before the third
        var rounds = 0
        while !done {
            out.drain()
            done = c.resume(to: out)
            rounds += 1
        }
        out.drain()
        #expect(rounds == 9)
        #expect(out.written == expected)
    }

    @Test func runUntilRestInABatchPausesAndAnswersInTheBatchArray() throws {
        let batch = "[" + Self.request("clock.runUntilRest", #"{"maxMs":100}"#, id: "a") + ","
            + Self.request("session.frame", #"{"session":"s1"}"#, id: "b") + "]"
        let expected = Self.presented().receive(batch)
        let c = Self.presented()
        let out = SmallOutput(capacity: 1)
        var done = c.receive(Array(batch.utf8)[...], to: out)
        while !done {
            out.drain()
            done = c.resume(to: out)
        }
        out.drain()
        #expect(out.written == expected)
        let last = Self.text([try #require(out.written.last)])[0]
        #expect(last.hasPrefix(#"[{"jsonrpc":"2.0","id":"a","result":{"t":100,"ticks":6,"frames":6,"rested":false}}"#))
    }

    @Test func sessionFrameIsTheFrameNowAndConsumesNoSeq() throws {
        let c = Self.presented()
        // Before any frame: seq 0, at the server's time.
        let before = Self.text(c.receive(Self.request("session.frame", #"{"session":"s1"}"#)))
        #expect(before.count == 1)
        #expect(try Self.result(before[0])["seq"] == .int(0))
        let run = Self.text(c.receive(Self.request("clock.runUntilRest", #"{"maxMs":50}"#)))
        let last = try JSONCodec.decode(Array(run[run.count - 2].utf8)[...])["params"]
        let now = Self.text(c.receive(Self.request("session.frame", #"{"session":"s1"}"#)))
        #expect(now.count == 1)  // only the answer: nothing emitted
        #expect(try Self.result(now[0]) == last)
        // Again: the same (nothing advanced, no seq consumed).
        #expect(Self.text(c.receive(Self.request("session.frame", #"{"session":"s1"}"#))) == now)
        let tick = Self.text(c.receive(Self.request("clock.tick", #"{"t":60}"#)))
        #expect(tick[0].contains(#""seq":4,"t":60,"#))
        // At the server's time, even when the session was not ticked since: an input at 200
        // moves the server's time, and the frame is the presentation's at 200.
        _ = c.receive(Self.request("sheet.setContentHeight", #"{"session":"s2","t":200,"height":10}"#))
        _ = c.receive(Self.create)
        _ = c.receive(Self.request("sheet.present", #"{"session":"s2","t":200}"#))
        let s1 = try Self.result(Self.text(c.receive(Self.request("session.frame", #"{"session":"s1"}"#)))[0])
        #expect(s1["t"] == .int(200))
        #expect(s1["seq"] == .int(4))
    }

    /// A stack parent's `transform` follows its child at the server's time, as the next tick's.
    @Test func sessionFrameOfAStackParentReadsItsChildAtTheServersTime() throws {
        let d = InProcess()
        let container: JSONValue = ["width": 390, "height": 844, "safeArea": ["top": 47, "bottom": 34]]
        d.call("session.create", ["container": container, "detents": ["large"]])
        d.call("session.create", ["parent": "s1", "detents": ["large"]])
        d.call("session.create", ["container": container])
        d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        d.call("clock.tick", ["t": 0])
        d.call("sheet.present", ["session": "s2", "t": 0])
        d.call("clock.tick", ["t": 16])
        d.call("sheet.present", ["session": "s3", "t": 150])  // the server's time moves to 150, no tick
        let now = try #require(d.call("session.frame", ["session": "s1"]))
        let tick = d.request("clock.tick", ["t": 150])
        let next = try #require(tick.first { $0["params"]?["session"] == "s1" }?["params"])
        #expect(now["transform"] != nil && now["transform"] == next["transform"])
        #expect(JSONMutation.set(now, [.key("seq")], nil) == JSONMutation.set(next, [.key("seq")], nil))
    }

    @Test func sessionFrameOfAnUnknownSessionIsRefused() throws {
        let c = Self.presented()
        for params in [#"{"session":"s9"}"#] {
            let out = try JSONCodec.decode(try #require(c.receive(Self.request("session.frame", params)).last)[...])
            #expect(out["error"]?["code"] == .int(-32001))
        }
        for params in [#"{}"#, #"{"session":"s1","t":5}"#, #"{"session":1}"#] {
            let out = try JSONCodec.decode(try #require(c.receive(Self.request("session.frame", params)).last)[...])
            #expect(out["error"]?["code"] == .int(-32602), "\(params)")
        }
    }
}
