import SheetRPC
import SheetServer

/// libFuzzer target: `session.restore` on mutated snapshots. The input is the `state` JSON;
/// the answer must be a restored session whose frames over the following ticks are finite
/// and inside the container, or `-32602`.
@_cdecl("LLVMFuzzerTestOneInput")
public func restoreFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let state = try? JSONCodec.decode(UnsafeRawBufferPointer(start: data, count: size)) else { return 0 }
    let connection = RPCConnection(service: SheetService(configuration: .init()))
    _ = connection.receive(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#.utf8))
    let request: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "session.restore", "params": ["state": state]]
    var answer: JSONValue = .null
    for body in connection.receive(JSONCodec.encode(request)) {
        FuzzChecks.checkBody(body)
        answer = (try? JSONCodec.decode(body)) ?? .null
    }
    if let error = answer["error"] {
        if error["code"] != .int(-32602) { FuzzChecks.fail("restore answered \(error)", JSONCodec.encode(state)) }
        return 0
    }
    guard case .string(let id)? = answer["result"]?["session"] else {
        FuzzChecks.fail("restore answered \(answer)", JSONCodec.encode(state))
    }
    let snapshot: JSONValue = ["jsonrpc": "2.0", "id": 2, "method": "session.snapshot", "params": ["session": .string(id)]]
    let container = connection.receive(JSONCodec.encode(snapshot)).last
        .flatMap { try? JSONCodec.decode($0) }?["result"]?["sheet"]?["setup"]?["container"]
    let width = container?["width"]?.doubleValue ?? .nan, height = container?["height"]?.doubleValue ?? .nan
    var t = state["sheet"]?["now"]?.doubleValue ?? 0
    for (i, step) in [0.0, 16, 200, 5000].enumerated() {
        t = min(t + step, 1e15)
        let tick: JSONValue = ["jsonrpc": "2.0", "id": .int(Int64(10 + i)), "method": "clock.tick", "params": ["t": .number(t)]]
        for body in connection.receive(JSONCodec.encode(tick)) {
            FuzzChecks.checkBody(body)
            let m = (try? JSONCodec.decode(body)) ?? .null
            if m["method"] == "sheet.frame" { FuzzChecks.checkFrame(m["params"]!, width: width, height: height, body) }
            if m["error"] != nil { FuzzChecks.fail("tick failed", body) }
        }
    }
    return 0
}
