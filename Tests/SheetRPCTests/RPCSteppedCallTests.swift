import Testing
import SheetRPC
import SheetRPCTestSupport

/// A service whose `count {n}` runs in n steps, each emitting one `test.step`, then answers
/// `"counted"`; `n` < 0 is refused before any step. Everything else is `echo`.
private final class SteppingService: RPCSteppingService {
    var clock = RPCClock.host
    var methodNames: Set<String> { ["count", "echo"] }

    func initialize(_ params: JSONValue?, emit: RPCNotifier) throws(RPCError) -> JSONValue { "ok" }

    func call(_ method: String, params: JSONValue?, emit: RPCNotifier) throws(RPCError) -> JSONValue {
        params ?? .null
    }

    func nextDeadline() -> Double? { nil }
    func advance(to now: Double, emit: RPCNotifier) {}

    final class Count: RPCSteppedCall {
        let n: Int
        var done = 0
        init(n: Int) { self.n = n }
        func step(emit: RPCNotifier) throws(RPCError) -> JSONValue? {
            guard done < n else { return "counted" }
            emit.notify("test.step", .event, params: ["i": .int(Int64(done))])
            done += 1
            return nil
        }
    }

    func begin(_ method: String, params: JSONValue?) throws(RPCError) -> (any RPCSteppedCall)? {
        guard method == "count" else { return nil }
        let n = Int(params?["n"]?.doubleValue ?? 0)
        guard n >= 0 else { throw RPCError.invalidParams("params.n: expected a count") }
        return Count(n: n)
    }
}

/// An output full once it holds `capacity` bodies, until `drain()`.
private final class SmallOutput: RPCOutput {
    let capacity: Int
    var pending: [String] = []
    var written: [String] = []
    private let scratch = MessageBuffer()
    init(capacity: Int) { self.capacity = capacity }
    func send(_ kind: RPCMessageKind, bound: Int, _ write: (inout JSONWriter) -> Void) {
        scratch.removeAll()
        _ = scratch.write(bound: bound, write)
        pending.append(String(decoding: scratch.bytes, as: UTF8.self))
    }
    var isFull: Bool { pending.count >= capacity }
    func drain() { written += pending; pending.removeAll() }
}

/// Stepped calls (`RPCSteppedCall`): steps run one after another, the connection pauses
/// between two while the output is full (alone, as a notification, inside a batch) and the
/// bytes are those of an unpaused run.
@Suite struct RPCSteppedCallTests {
    static func ready() -> RPCConnection {
        let c = RPCConnection(service: SteppingService())
        _ = c.receive(#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#)
        return c
    }

    /// Runs `message` on an output of `capacity`, draining it whenever the connection pauses.
    static func paused(_ message: String, capacity: Int) -> (written: [String], pauses: Int) {
        let c = ready(), out = SmallOutput(capacity: capacity)
        var done = c.receive(Array(message.utf8)[...], to: out), pauses = 0
        while !done {
            #expect(c.isPaused)
            pauses += 1
            out.drain()
            done = c.resume(to: out)
        }
        out.drain()
        #expect(!c.isPaused)
        return (out.written, pauses)
    }

    static func unpaused(_ message: String) -> [String] {
        ready().receive(message).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aRequestRunsItsStepsThenAnswers() {
        let m = #"{"jsonrpc":"2.0","id":1,"method":"count","params":{"n":3}}"#
        let out = Self.unpaused(m)
        #expect(out.count == 4)
        #expect(out.last == #"{"jsonrpc":"2.0","id":1,"result":"counted"}"#)
        let (written, pauses) = Self.paused(m, capacity: 1)
        #expect(written == out)
        #expect(pauses == 3)  // before the 2nd and 3rd step, and before the answer
    }

    @Test func aNotificationPausesTooAndAnswersNothing() {
        let m = #"{"jsonrpc":"2.0","method":"count","params":{"n":2}}"#
        let (written, pauses) = Self.paused(m, capacity: 1)
        #expect(written == Self.unpaused(m) && written.count == 2 && pauses == 2)
    }

    @Test func insideABatchTheAnswerJoinsTheBatchArray() {
        let m = #"[{"jsonrpc":"2.0","id":1,"method":"count","params":{"n":2}},"#
            + #"{"jsonrpc":"2.0","method":"count","params":{"n":1}},"#
            + #"{"jsonrpc":"2.0","id":2,"method":"echo","params":[7]}]"#
        let out = Self.unpaused(m)
        #expect(out.last == #"[{"jsonrpc":"2.0","id":1,"result":"counted"},{"jsonrpc":"2.0","id":2,"result":[7]}]"#)
        #expect(out.count == 4)
        for capacity in 1...3 { #expect(Self.paused(m, capacity: capacity).written == out) }
    }

    @Test func aRefusedStartIsAnErrorOrADiagnostic() {
        #expect(Self.unpaused(#"{"jsonrpc":"2.0","id":1,"method":"count","params":{"n":-1}}"#)
                == [#"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"params.n: expected a count"}}"#])
        let note = Self.unpaused(#"{"jsonrpc":"2.0","method":"count","params":{"n":-1}}"#)
        #expect(note.count == 1 && note[0].contains(#""method":"$/diagnostic""#))
    }

    @Test func beforeInitializeTheLifecycleAnswers() {
        let c = RPCConnection(service: SteppingService())
        let out = c.receive(#"{"jsonrpc":"2.0","id":1,"method":"count","params":{"n":1}}"#)
        #expect(out.count == 1 && String(decoding: out[0], as: UTF8.self).contains("-32002"))
    }
}
