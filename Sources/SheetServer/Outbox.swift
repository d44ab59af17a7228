import SheetCore
import SheetRPC

/// Where the service puts the notifications (`sheet.event`, `$/diagnostic`) of the call or
/// realtime tick being handled, as typed values: while one runs (`streaming(to:_:)`) each is
/// written at once into the connection's output. Anything queued outside a call is held and
/// written first by the next one.
///
/// Frames (`sheet.frame`) do not pass through here: a tick, which always runs inside
/// `streaming`, is handed that call's notifier and writes each frame's members straight into
/// the output's buffer (`writeFrame`), so no tick — even one over 100,000 sessions — holds its
/// frames, and a frame costs no reference count (reading a notifier stored here would retain
/// its output for every frame).
final class Outbox {
    /// A notification, typed until it is written.
    enum Message {
        case event(SheetEvent, session: String)
        /// A `$/diagnostic` with these params.
        case diagnostic(JSONValue)
    }

    /// The output of the `streaming` call running, nil outside one. Unowned: the caller's
    /// notifier holds it until its `streaming` returns (which restores the previous one), and
    /// storing a strong reference would retain the output on entering a call and release it on
    /// leaving, once per message on the hot path.
    private unowned(unsafe) var sink: (any RPCOutput)?
    private var held: [Message] = []

    /// Writes `m` now (inside `streaming`) or holds it.
    func append(_ m: Message) {
        if let sink { Self.write(m, to: RPCNotifier(sink)) } else { held.append(m) }
    }

    /// The notifier of the running `streaming` call, for code that was not handed it (a
    /// handler of the method table runs inside one).
    var current: RPCNotifier {
        guard let sink else { preconditionFailure("Outbox.current outside streaming") }
        return RPCNotifier(sink)
    }

    /// Writes a `sheet.frame` of the session whose handle is `handle` (wire id `"s<handle>"`) to
    /// `emit`, its members straight into the output (the names as `WireEncoding.frame` takes
    /// them); its kind names the session by handle.
    static func writeFrame(_ f: FrameValues, detent: String, navIDs: [String]?, handle: Int, seq: Int,
                           t: FormattedNumber, to emit: RPCNotifier) {
        emit.notify("sheet.frame", .frame(session: handle),
                    paramsBound: WireEncoding.frameBound(f, detent: detent, navIDs: navIDs)) { w in
            WireEncoding.frame(f, detent: detent, navIDs: navIDs, session: handle, seq: seq, t: t, into: &w)
        }
    }

    /// Runs `body` with every appended notification written straight to `emit`. (Always
    /// inlined: specialized for its closure instead, it retains what the closure captures —
    /// the service and the output — for every message.)
    @inline(__always)
    func streaming<R, E: Error>(to emit: RPCNotifier, _ body: () throws(E) -> R) throws(E) -> R {
        if !held.isEmpty {
            let early = held
            held.removeAll()
            for m in early { Self.write(m, to: emit) }
        }
        unowned(unsafe) let saved = sink  // (unowned: a strong copy would be retained)
        sink = emit.output
        defer { sink = saved }
        return try body()
    }

    private static func write(_ m: Message, to emit: RPCNotifier) {
        switch m {
        case .event(let e, let session):
            emit.notify("sheet.event", .event, paramsBound: WireEncoding.eventBound(e, session: session)) { w in
                WireEncoding.event(e, session: session, into: &w)
            }
        case .diagnostic(let params):
            emit.notify("$/diagnostic", .diagnostic, params: params)
        }
    }
}
