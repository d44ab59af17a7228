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
let seedSnapshot = #"{"format":"sheetd.snapshot/2","seq":31,"sheet":{"drag":{"estimator":{"capacity":32,"samples":[{"time":500,"value":390},{"time":528,"value":365},{"time":544,"value":340},{"time":560,"value":315},{"time":576,"value":290},{"time":592,"value":265},{"time":608,"value":240},{"time":624,"value":215},{"time":640,"value":190},{"time":656,"value":165}],"window":100},"extent":225,"goalBefore":"detent","originIndex":0,"source":"leftEdge","startExtent":0,"startTranslation":0,"wentBelowSmallest":false},"goal":"detent","keyboardHeight":0,"lifecycle":"shown","motion":{"segments":[{"curve":{"bezier":{"_0":{"x1":0,"x2":1,"y1":0,"y2":1}}},"duration":0,"from":406.1538461538462,"start":0,"to":406.1538461538462}]},"nav":{"entries":[{"hidesBackButton":false,"id":"root","navigationBar":true,"preferredHeight":240},{"hidesBackButton":false,"id":"details","navigationBar":true,"preferredHeight":420}],"transition":{"committed":false,"curve":{"x1":0,"x2":1,"y1":0,"y2":1},"duration":0,"endProgress":0,"from":{"hidesBackButton":false,"id":"details","navigationBar":true,"preferredHeight":420},"fromHeight":510,"interactive":true,"operation":"pop","removed":[{"hidesBackButton":false,"id":"details","navigationBar":true,"preferredHeight":420}],"start":500,"startProgress":0.5769230769230769,"to":{"hidesBackButton":false,"id":"root","navigationBar":true,"preferredHeight":240},"toHeight":330}},"now":656,"pendingDismissCancelled":false,"scroll":{"contentFits":false,"insetTop":0,"lastAtTop":false,"lastTranslationY":0,"pinOffsetY":0},"selected":"fit","settling":false,"setup":{"container":{"width":390,"height":844,"safeArea":{"top":47,"bottom":34,"left":0,"right":0}},"detents":["fit"],"options":{"cornerRadius":10,"grabber":true,"dimAlpha":0.6,"dismissible":true,"scrollExpandsAtEdge":true,"pullBarHeight":20,"displayScale":1,"largeTopGap":10,"navigationBarHeight":56,"presentTiming":{"durationMs":300,"curve":[0.42,0,0.58,1]},"settleSpring":{"dampingRatio":1,"response":300},"contentTiming":{"durationMs":250,"curve":[0.42,0,0.58,1]}},"navigation":{"entries":[{"id":"root","preferredHeight":240,"navigationBar":true,"hidesBackButton":false}]}},"policies":{"dismissal":"deceleration","scrollHandoff":"edge","navigation":"slide"}}}"#
