import Testing
import SheetRPC
import SheetRPCTestSupport

/// An output that says it is full once it holds `capacity` bodies, until `drain()`.
private final class SmallOutput: RPCOutput {
    var capacity: Int
    var pending: [[UInt8]] = []
    var written: [String] = []

    init(capacity: Int) { self.capacity = capacity }

    private let scratch = MessageBuffer()

    func send(_ kind: RPCMessageKind, bound: Int, _ write: (inout JSONWriter) -> Void) {
        scratch.removeAll()
        scratch.write(bound: bound, write)
        pending.append(Array(scratch.bytes))
    }
    var isFull: Bool { pending.count >= capacity }

    func drain() {
        written += pending.map { String(decoding: $0, as: UTF8.self) }
        pending.removeAll()
    }
}

private func ready() -> RPCConnection {
    let c = RPCConnection(service: FakeService())
    _ = c.receive(#"{"jsonrpc":"2.0","id":0,"method":"initialize"}"#)
    return c
}

/// Back-pressure: a batch stops between elements while the output is full and resumes
/// where it stopped, with the same bytes out as an unpaused run.
@Suite struct RPCConnectionPausingTests {
    static let batch = #"[{"jsonrpc":"2.0","id":1,"method":"emit","params":{"count":3}},"#
        + #"{"jsonrpc":"2.0","method":"emit","params":{"count":2}},"#
        + #"{"jsonrpc":"2.0","id":2,"method":"echo","params":[7]},"#
        + #"{"jsonrpc":"2.0","id":3,"method":"emit","params":{"count":1}}]"#

    @Test func aBatchPausesBetweenElementsAndResumesWhereItStopped() {
        let expected = ready().receive(Self.batch).map { String(decoding: $0, as: UTF8.self) }
        let c = ready()
        let out = SmallOutput(capacity: 2)
        var done = c.receive(Array(Self.batch.utf8)[...], to: out)
        // The first element ran (3 notes > capacity), then the batch paused before the second.
        #expect(!done && c.isPaused)
        #expect(out.pending.count == 3)
        var rounds = 0
        while !done {
            out.drain()
            done = c.resume(to: out)
            rounds += 1
        }
        out.drain()
        #expect(!c.isPaused)
        #expect(rounds == 2)
        #expect(out.written == expected)
        // The responses are one message, the last one.
        #expect(out.written.last == #"[{"jsonrpc":"2.0","id":1,"result":"done"},{"jsonrpc":"2.0","id":2,"result":[7]},{"jsonrpc":"2.0","id":3,"result":"done"}]"#)
    }

    @Test func aFullOutputStopsABatchBeforeItsFirstElement() {
        let c = ready()
        let out = SmallOutput(capacity: 0)
        #expect(!c.receive(Array(Self.batch.utf8)[...], to: out))
        #expect(out.pending.isEmpty && c.isPaused)
        out.capacity = 100
        #expect(c.resume(to: out))
        #expect(out.pending.count == 7)
    }

    @Test func anOversizedBatchResponseRefusesTheRestOfItsRequests() throws {
        let c = ready()
        // Each echo answers ~1 MiB: after 16 of them, requests are refused unexecuted.
        let big = String(repeating: "x", count: 1 << 20)
        let element = #"{"jsonrpc":"2.0","id":1,"method":"echo","params":["\#(big)"]}"#
        let note = #"{"jsonrpc":"2.0","method":"emit","params":{"count":1}}"#
        let batch = "[" + Array(repeating: element, count: 20).joined(separator: ",") + "," + note + "]"
        let out = c.receive(batch)
        #expect(out.count == 2)  // the notification's note, then the response array
        let responses = try #require(try JSONCodec.decode(out[1]).arrayValue)
        #expect(responses.count == 20)
        let refused = responses.filter { $0["error"]?["code"] == .int(-32012) }
        #expect(refused.count == 4)  // 16 ran (16 MiB and a few bytes), the other 4 were refused
        #expect(out[1].count < RPCConnection.maxBatchResponseBytes + (2 << 20))
    }
}
