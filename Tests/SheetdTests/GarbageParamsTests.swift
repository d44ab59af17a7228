import Testing
import SheetRPC
import SheetRPCTestSupport
import SheetServer

/// Random, mostly wrong params for every method, straight into the service: every request gets
/// a well-formed answer, the daemon state stays consistent, and frames stay finite.
@Suite struct GarbageParamsTests {
    typealias Rng = T.Rng

    static let keys = ["session", "t", "phase", "translation", "velocity", "source", "height", "width", "detent",
                       "animated", "entry", "entries", "offsetY", "insetTop", "contentHeight", "viewportHeight",
                       "isTracking", "translationY", "velocityY", "container", "content", "detents", "options",
                       "policies", "state", "path", "target", "durationMs", "curve", "x", "y", "safeArea", "id"]

    static func value(_ rng: inout Rng, depth: Int = 0) -> JSONValue {
        switch rng.next() % (depth > 2 ? 8 : 11) {
        case 0: return .null
        case 1: return .bool(rng.next() % 2 == 0)
        case 2: return .int(Int64(bitPattern: rng.next()) % 2000 - 500)
        case 3: return .double(rng.pick([-1e300, -0.5, 0, 0.25, 16, 333.3, 1e300, 5e-324]))
        case 4: return .string(rng.pick(["s1", "s2", "", "began", "changed", "ended", "fit", "large", "sheet", "leftEdge",
                                         "dragBegan", "scrolled", "dimming", "easeIn", "🙂"]))  // (NUL is refused by design: -32700)
        case 5: return .int(Int64(rng.next() % 900))
        case 6: return .string("s1")
        case 7: return .double(Double(rng.next() % 100_000) / 100)
        case 8: return .array((0..<Int(rng.next() % 4)).map { _ in value(&rng, depth: depth + 1) })
        default:
            var o = JSONObject()
            for _ in 0..<Int(rng.next() % 5) { o[rng.pick(keys)] = value(&rng, depth: depth + 1) }
            return .object(o)
        }
    }

    @Test(arguments: 0..<8)
    func everyAnswerIsWellFormed(seed: Int) throws {
        var rng = Rng(state: UInt64(seed) &+ 99)
        let service = SheetService(configuration: .init())
        let c = RPCConnection(service: service)
        func send(_ message: JSONValue) -> [JSONValue] {
            c.receive(JSONCodec.encode(message)).map { bytes in
                guard let v = try? JSONCodec.decode(bytes) else {
                    Issue.record("not JSON: \(String(decoding: bytes, as: UTF8.self))")
                    return .null
                }
                return v
            }
        }
        _ = send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]])
        _ = send(["jsonrpc": "2.0", "id": 2, "method": "session.create",
                  "params": ["container": ["width": 390, "height": 844], "detents": ["fit", "medium", "large"],
                             "navigation": ["entries": [["id": "a", "preferredHeight": 300], ["id": "b", "preferredHeight": 500]]]]])
        let methods = service.methodNames.sorted()
        var id: Int64 = 10
        for _ in 0..<600 {
            id += 1
            var params = Self.value(&rng)
            if case .object(var o) = params, rng.next() % 3 != 0 {
                o["session"] = "s1"
                o["t"] = .int(Int64(id))
                params = .object(o)
            }
            let method = rng.pick(methods)
            let out = send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
            let response = out.last
            #expect(response?["id"] == .int(id), "\(method)")
            #expect((response?["result"] != nil) != (response?["error"] != nil), "\(method)")
            if let code = response?["error"]?["code"]?.doubleValue {
                #expect([-32602, -32600, -32001, -32010, -32011, -32012].contains(Int(code)), "\(method): \(code)")
            }
        }
        // The session still answers and still draws finite frames as time goes on.
        for t in stride(from: 1000, through: 3000, by: 250) {
            let out = send(["jsonrpc": "2.0", "id": 99, "method": "clock.tick", "params": ["t": .int(Int64(t + Int(id)))]])
            for f in out where f["method"] == "sheet.frame" {
                for key in ["x", "y", "width", "height"] {
                    #expect(f["params"]?["sheet"]?[key]?.doubleValue?.isFinite == true)
                }
            }
            #expect(out.last?["result"] != nil)
        }
    }
}
