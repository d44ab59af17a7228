import SheetRPC
import SheetServer

/// libFuzzer target: `session.restore` on mutated snapshots. The input is the `state` JSON
/// (libFuzzer mutates the seed snapshots as bytes), or, when it is not a JSON object, a list
/// of up to 8 structural edits of a real snapshot (three bytes each: place, operation, choice; see
/// `JSONMutation.mutate`), so most inputs reach the validation instead of the JSON parser.
/// The answer must be a restored session whose frames over the following ticks are finite
/// and inside the container, or `-32602` (`-32011` when it names a policy that is not loaded).
@_cdecl("LLVMFuzzerTestOneInput")
public func restoreFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    var state: JSONValue
    if let v = try? JSONCodec.decode(bytes), case .object = v {
        state = v
    } else {
        state = try! JSONCodec.decode(seedSnapshot)
        var i = 0
        while i + 3 <= min(size, 3 * 8) {  // at most 8 edits: floods compound quickly
            state = JSONMutation.mutate(state, place: Int(bytes[i]), op: Int(bytes[i + 1]), choice: Int(bytes[i + 2]))
            i += 3
        }
    }
    let connection = RPCConnection(service: SheetService(configuration: .init()))
    _ = connection.receive(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#.utf8))
    let request: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "session.restore", "params": ["state": state]]
    var answer: JSONValue = .null
    for body in connection.receive(JSONCodec.encode(request)) {
        FuzzChecks.checkBody(body)
        answer = (try? JSONCodec.decode(body)) ?? .null
    }
    if let error = answer["error"] {
        // -32602, or -32011 for a snapshot naming a policy this daemon does not have (a
        // plugin to load before restoring).
        let missingPlugin = error["code"] == .int(-32011)
            && (error["message"]?.stringValue ?? "").contains("load the plugin before restoring")
        if error["code"] != .int(-32602) && !missingPlugin {
            FuzzChecks.fail("restore answered \(error)", JSONCodec.encode(state))
        }
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

/// A real snapshot: an interactive pop under the finger (protocol/examples/20).
let seedSnapshot = #"{"format":"sheetd.snapshot/3","seq":31,"sheet":{"setup":{"container":{"width":390,"height":844,"safeArea":{"top":47,"bottom":34,"left":0,"right":0}},"detents":["fit"],"options":{"cornerRadius":10,"grabber":true,"dimAlpha":0.6,"dismissible":true,"scrollExpandsAtEdge":true,"pullBarHeight":20,"displayScale":1,"largeTopGap":10,"navigationBarHeight":56,"presentTiming":{"durationMs":300,"curve":[0.42,0,0.58,1]},"settleSpring":{"dampingRatio":1,"response":300},"contentTiming":{"durationMs":250,"curve":[0.42,0,0.58,1]}},"navigation":{"entries":[{"id":"root","preferredHeight":240,"navigationBar":true,"hidesBackButton":false}]}},"policies":{"dismissal":"deceleration","scrollHandoff":"edge","navigation":"slide"},"now":656,"lifecycle":"shown","goal":"detent","selectedDetent":"fit","extent":[{"start":0,"duration":0,"from":406.1538461538462,"to":406.1538461538462,"curve":[0,0,1,1]}],"keyboardHeight":0,"settling":false,"pendingDismissCancelled":false,"navigation":{"entries":[{"id":"root","preferredHeight":240,"navigationBar":true,"hidesBackButton":false},{"id":"details","preferredHeight":420,"navigationBar":true,"hidesBackButton":false}],"transition":{"operation":"pop","from":{"id":"details","preferredHeight":420,"navigationBar":true,"hidesBackButton":false},"to":{"id":"root","preferredHeight":240,"navigationBar":true,"hidesBackButton":false},"removed":[{"id":"details","preferredHeight":420,"navigationBar":true,"hidesBackButton":false}],"fromHeight":510,"toHeight":330,"start":500,"duration":0,"curve":[0,0,1,1],"startProgress":0.5769230769230769,"endProgress":0,"interactive":true,"committed":false}},"scroll":{"lastTranslationY":0,"lastAtTop":false,"insetTop":0,"pinOffsetY":0,"contentFits":false},"drag":{"source":"leftEdge","startExtent":0,"startTranslation":0,"extent":225,"originIndex":0,"goalBefore":"detent","wentBelowSmallest":false,"velocity":{"windowMs":100,"capacity":32,"samples":[[500,390],[528,365],[544,340],[560,315],[576,290],[592,265],[608,240],[624,215],[640,190],[656,165]]}}}}"#
