import Testing
import SheetRPC
import SheetServer

/// Each outgoing message tells the output what it is (a frame names its session by integer
/// handle, for the realtime clock's slow-reader coalescing), and every message written in
/// place — frames by the frame writer — has exactly the bytes the JSON codec writes for the
/// same value.
@Suite struct OutputKindTests {
    static let messages = [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"host"}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"session.create","params":{"container":{"width":390,"height":844,"safeArea":{"top":47,"bottom":34}},"content":{"preferredHeight":300}}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"sheet.present","params":{"session":"s1","t":0}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"clock.tick","params":{"t":16}}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"clock.tick","params":{"t":1000}}"#,
        #"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s9","t":1001,"phase":"began","translation":{"x":0,"y":0}}}"#,
        #"{"jsonrpc":"2.0","method":"no.such.method"}"#,
    ]

    @Test func messagesCarryTheirKindAndTheCodecsBytes() throws {
        let connection = RPCConnection(service: SheetService(configuration: .init()))
        let out = RPCCollector()
        for m in Self.messages { connection.receive(Array(m.utf8)[...], to: out) }
        var seen: [String: Int] = [:]
        for (body, kind) in zip(out.bodies, out.kinds) {
            let value = try JSONCodec.decode(body)
            #expect(JSONCodec.encode(value) == body, "\(String(decoding: body, as: UTF8.self))")
            let expected: RPCMessageKind
            switch value["method"]?.stringValue {
            case "sheet.frame"?:
                // The kind names the session by its integer handle: `n` of the id `"s<n>"`.
                let id = try #require(value["params"]?["session"]?.stringValue)
                expected = .frame(session: try #require(Int(id.dropFirst())))
            case "sheet.event"?: expected = .event
            case "$/diagnostic"?: expected = .diagnostic
            default: expected = .response
            }
            #expect(kind == expected, "\(String(decoding: body, as: UTF8.self))")
            seen[value["method"]?.stringValue ?? "response", default: 0] += 1
        }
        #expect(seen["sheet.frame", default: 0] >= 2)
        #expect(seen["sheet.event", default: 0] >= 1)
        #expect(seen["$/diagnostic"] == 2)
        #expect(seen["response"] == 5)
    }
}
