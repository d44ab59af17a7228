import SheetCore
import SheetRPC

/// Where the service puts the notifications (`sheet.frame`, `sheet.event`, `$/diagnostic`)
/// of the call or realtime tick being handled, as typed values: while one runs
/// (`streaming(to:_:)`) each is written at once into the connection's output, a frame's
/// members straight into the output's buffer, so no tick — even one over 100,000 sessions —
/// holds its frames. Anything queued outside a call is held and written first by the next one.
final class Outbox {
    /// A notification, typed until it is written.
    enum Message {
        case frame(SheetFrame, session: String, seq: Int, t: Double)
        case event(SheetEvent, session: String)
        /// A `$/diagnostic` with these params.
        case diagnostic(JSONValue)
    }

    private var sink: RPCNotifier?
    private var held: [Message] = []

    /// Writes `m` now (inside `streaming`) or holds it.
    func append(_ m: Message) {
        if let sink { Self.write(m, to: sink) } else { held.append(m) }
    }

    /// `append(.frame(...))` without copying the frame into a message first: written at once
    /// (inside `streaming`, as on every tick) or held.
    func appendFrame(_ f: borrowing SheetFrame, session: String, seq: Int, t: Double) {
        guard let sink else { return held.append(.frame(copy f, session: session, seq: seq, t: t)) }
        Self.writeFrame(f, session: session, seq: seq, t: t, to: sink)
    }

    private static func writeFrame(_ f: borrowing SheetFrame, session: String, seq: Int, t: Double, to emit: RPCNotifier) {
        emit.notify("sheet.frame", .frame(session: session), paramsBound: WireEncoding.frameBound(f, session: session)) { w in
            WireEncoding.frame(f, session: session, seq: seq, t: t, into: &w)
        }
    }

    /// Runs `body` with every appended notification written straight to `emit`.
    func streaming<R, E: Error>(to emit: RPCNotifier, _ body: () throws(E) -> R) throws(E) -> R {
        let saved = sink
        sink = emit
        defer { sink = saved }
        if !held.isEmpty {
            let early = held
            held.removeAll()
            for m in early { Self.write(m, to: emit) }
        }
        return try body()
    }

    private static func write(_ m: Message, to emit: RPCNotifier) {
        switch m {
        case .frame(let f, let session, let seq, let t):
            writeFrame(f, session: session, seq: seq, t: t, to: emit)
        case .event(let e, let session):
            emit.notify("sheet.event", .event, paramsBound: WireEncoding.eventBound(e, session: session)) { w in
                WireEncoding.event(e, session: session, into: &w)
            }
        case .diagnostic(let params):
            emit.notify("$/diagnostic", .diagnostic, params: params)
        }
    }
}
