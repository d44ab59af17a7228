import Testing
import SheetRPC
import SheetRPCTestSupport
import SheetServer

/// A clock the test moves by hand.
private final class ManualClock: @unchecked Sendable {
    var ms = 0.0
}

@Suite struct RealtimeTimeMappingTests {
    /// On the realtime clock, gesture samples keep the spacing the host stamped them with, so a
    /// late-arriving fast flick is still a fast flick.
    @Test func hostTimestampsDriveTheReleaseVelocity() throws {
        let clock = ManualClock()
        let service = SheetService(configuration: .init(now: { clock.ms }))
        let c = RPCConnection(service: service)
        func send(_ s: String) -> [JSONValue] { c.receive(s).compactMap { try? JSONCodec.decode($0) } }
        _ = send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"realtime"}}"#)
        _ = send(#"{"jsonrpc":"2.0","id":2,"method":"session.create","params":{"container":{"width":390,"height":844,"safeArea":{"top":47,"bottom":34}},"content":{"preferredHeight":300}}}"#)
        _ = send(#"{"jsonrpc":"2.0","id":3,"method":"sheet.present","params":{"session":"s1","animated":false}}"#)
        // Samples stamped 10 ms apart (20 pt each: 2000 pt/s) arrive 100 ms apart.
        clock.ms = 1000
        _ = send(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s1","t":50,"phase":"began","translation":{"x":0,"y":0}}}"#)
        clock.ms = 1100
        _ = send(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s1","t":60,"phase":"changed","translation":{"x":0,"y":20}}}"#)
        clock.ms = 1200
        let r = send(#"{"jsonrpc":"2.0","id":4,"method":"input.pan","params":{"session":"s1","t":70,"phase":"ended","translation":{"x":0,"y":40}}}"#)
        // 40 pt + 2000²/1600 pt projected: dismiss. (By arrival times it would be 200 pt/s: cancel.)
        #expect(r.last?["result"]?["state"] == "dismissing")
    }
}

/// An input that comes just after a grid point was due, before the loop has run its tick, is
/// applied at the grid point, and the tick draws it: the grid point is not lost to the race
/// between the loop's deadline check and the message's clock reading.
@Suite struct RealtimeGridPointTests {
    final class Clock: @unchecked Sendable { var now = 0.0 }

    static func tick(_ run: InProcess, at now: Double) -> [JSONValue] {
        RPCCollector.bodies { run.service.advance(to: now, emit: RPCNotifier($0)) }
            .compactMap { try? JSONCodec.decode($0) }
    }

    @Test(arguments: [false, true])
    func anInputAfterADueGridPointIsDrawnByItsTick(stamped: Bool) throws {
        let clock = Clock()
        let run = InProcess(configuration: .init(now: { clock.now }), initialize: ["clock": "realtime", "fps": 60])
        _ = run.call("session.create", ["container": ["width": 390, "height": 844], "content": ["preferredHeight": 300]])
        clock.now = 5
        _ = run.call("sheet.present", ["session": "s1"])
        let first = try #require(run.service.nextDeadline())  // the loop asks when to wake
        #expect(abs(first - 1000.0 / 60) < 1e-9)
        clock.now = first
        #expect(Self.tick(run, at: first).contains { $0["method"] == "sheet.frame" })
        let due = try #require(run.service.nextDeadline())  // presenting: the next grid point
        #expect(abs(due - 2000.0 / 60) < 1e-9)
        // The grid point passes; a dismiss arrives before the loop runs the tick.
        clock.now = due + 0.002
        var params: JSONObject = ["session": "s1"]
        if stamped { params["t"] = .number(clock.now) }
        let reply = run.request("sheet.dismiss", .object(params))
        #expect(reply.last?["result"]?["state"] == "dismissing")
        let willSettle = try #require(reply.first { $0["params"]?["type"] == "willSettle" })
        #expect(abs((willSettle["params"]?["t"]?.doubleValue ?? 0) - due) < 1e-9)  // not 0.002 ms later
        // The tick at that grid point runs and draws the dismissal's start; nothing is skipped.
        let frames = Self.tick(run, at: clock.now).filter { $0["method"] == "sheet.frame" }
        #expect(frames.count == 1)
        #expect(abs((frames.first?["params"]?["t"]?.doubleValue ?? 0) - due) < 1e-9)
        #expect(frames.first?["params"]?["state"] == "dismissing")
        #expect(run.service.skippedGridTicks == 0)
        #expect(abs((run.service.nextDeadline() ?? 0) - 3000.0 / 60) < 1e-9)
    }
}
