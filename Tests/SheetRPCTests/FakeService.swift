import SheetRPC

/// A scriptable `RPCService` for connection tests.
///
/// Methods: `echo` (returns params), `emit` (emits `params.count` `test.note` notifications,
/// then returns `"done"`), `fail` (throws `params.code`/`params.message`), `params` (a
/// -32602 from `Params`), `slow` (sets a deadline). `calls` records what reached it.
final class FakeService: RPCService {
    var calls: [String] = []
    var clock = RPCClock.host
    var initializeError: RPCError?
    var deadline: Double?
    var advanced: [Double] = []

    /// How many times the connection read `methodNames`.
    var methodNameReads = 0

    var methodNames: Set<String> {
        methodNameReads += 1
        return ["echo", "emit", "emitThenFail", "fail", "params", "slow", "$/custom"]
    }

    func initialize(_ params: JSONValue?, emit: RPCNotifier) throws(RPCError) -> JSONValue {
        calls.append("initialize")
        if let initializeError { throw initializeError }
        emit.notify("test.hello", .event, params: [:])
        return ["serverInfo": ["name": "fake"]]
    }

    func call(_ method: String, params: JSONValue?, emit: RPCNotifier) throws(RPCError) -> JSONValue {
        calls.append(method)
        switch method {
        case "echo":
            return params ?? .null
        case "emit":
            let n = Int(params?["count"]?.doubleValue ?? 1)
            for i in 0..<n { emit.notify("test.note", .event, params: ["i": .int(Int64(i))]) }
            return "done"
        case "emitThenFail":
            emit.notify("test.note", .event, params: ["i": 0])
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

    func advance(to now: Double, emit: RPCNotifier) {
        advanced.append(now)
        emit.notify("test.frame", .frame(session: 1), params: ["t": .number(now)])
        deadline = nil
    }
}
