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
