import SheetRPC

/// A scriptable `RPCService` for connection tests.
///
/// Methods: `echo` (returns params), `emit` (emits `params.count` `test.note` notifications,
/// then returns `"done"`), `fail` (throws `params.code`/`params.message`), `params` (a
/// -32602 from `Params`), `slow` (sets a deadline). `calls` records what reached it.
final class FakeService: RPCService {
    var calls: [(method: String, isNotification: Bool)] = []
    var initializeError: RPCError?
    var deadline: Double?
    var advanced: [Double] = []

    var methodNames: Set<String> { ["echo", "emit", "emitThenFail", "fail", "params", "slow", "$/custom"] }

    func initialize(_ params: JSONValue?, emit: (RPCNotification) -> Void) throws(RPCError) -> JSONValue {
        calls.append(("initialize", false))
        if let initializeError { throw initializeError }
        emit(RPCNotification(method: "test.hello", params: [:]))
        return ["serverInfo": ["name": "fake"]]
    }

    func call(_ method: String, params: JSONValue?, isNotification: Bool,
              emit: (RPCNotification) -> Void) throws(RPCError) -> JSONValue {
        calls.append((method, isNotification))
        switch method {
        case "echo":
            return params ?? .null
        case "emit":
            let n = Int(params?["count"]?.doubleValue ?? 1)
            for i in 0..<n { emit(RPCNotification(method: "test.note", params: ["i": .int(Int64(i))])) }
            return "done"
        case "emitThenFail":
            emit(RPCNotification(method: "test.note", params: ["i": 0]))
            throw RPCError.invalidState("nope")
        case "fail":
            throw RPCError(code: Int(params?["code"]?.doubleValue ?? -32603),
                           message: params?["message"]?.stringValue ?? "boom")
        case "params":
            _ = try Params(params)["width"].number(in: 0...1e9)
            return .null
        case "slow":
            deadline = 100
            return .null
        case "$/custom":
            return .null
        default:
            throw RPCError.methodNotFound(method)
        }
    }

    func nextDeadline() -> Double? { deadline }

    func advance(to now: Double, emit: (RPCNotification) -> Void) {
        advanced.append(now)
        emit(RPCNotification(method: "test.frame", params: ["t": .number(now)]))
        deadline = nil
    }
}
