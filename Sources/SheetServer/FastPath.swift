import SheetCore
import SheetRPC

/// The fast path for the hottest messages: decoded by `HotMessage` straight from bytes and
/// applied exactly as the method table applies them (same engine calls, same clock rules,
/// same errors, validate-then-apply), without a JSON tree or a `Params` lookup per member.
/// It declines (nil) whatever it does not handle exactly like the generic path: a session on
/// another edge than the bottom (whose inputs are checked by `checkEdgeSupport`), and every
/// message `HotMessage` does not recognise.
extension SheetService {
    public func fastPath(_ message: UnsafeRawBufferPointer, emit: RPCNotifier) -> RPCFastOutcome? {
        guard let m = HotMessage.parse(message) else { return nil }
        // The input's session, looked up once (nil: clock.tick, or no such session).
        let target = m.call.session.flatMap { sessions[handle: $0] }
        if let s = target, s.sheet.state.setup.edge != .bottom { return nil }
        fastPathTaken.count(m.call)
        currentCall = .hot(m.kind)
        return outbox.streaming(to: emit) { () -> RPCFastOutcome in
            do throws(RPCError) {
                if case .tick(let t) = m.call {  // its answer written without a JSONValue
                    let (t, frames) = try clockTickFrames(at: t)
                    return .numbers(id: m.id, "t", t, "frames", Double(frames))
                }
                return .result(id: m.id, try apply(m.call, to: target, answered: m.id != nil))
            } catch {
                return .error(id: m.id, method: m.method, error)
            }
        }
    }

    /// Applies the call; its answer (`null` for an input nobody reads the answer of).
    private func apply(_ call: HotMessage.Call, to target: Session?, answered: Bool) throws(RPCError) -> JSONValue {
        switch call {
        case .pan(let session, let t, let phase, let translation, let velocity, let source):
            let s = try found(target, session)
            var gesture = PanGesture.accepted
            try apply(to: s, time: inputTime(stamped: t), mayBeRefused: s.sheet.panMayBeRefused(phase, source: source)) {
                sheet, now throws(SheetError) in
                gesture = try sheet.pan(phase, translation: translation, velocity: velocity, source: source, at: now)
            }
            return answered ? ["state": .string(s.sheet.phase.rawValue), "gesture": .string(gesture.rawValue)] : .null
        case .scroll(let session, let t, let scroll):
            let s = try found(target, session)
            try apply(to: s, time: inputTime(stamped: t), mayBeRefused: true) { sheet, now throws(SheetError) in
                try sheet.scroll(scroll.sample, at: now)
            }
            return answered ? ["state": .string(s.sheet.phase.rawValue)] : .null
        case .tick(let t):
            return try clockTick(at: t)  // (fastPath answers ticks itself)
        }
    }

    private func found(_ target: Session?, _ handle: Int) throws(RPCError) -> Session {
        guard let s = target else { throw RPCError.unknownSession("s\(handle)") }
        return s
    }
}

/// How many messages of each hot method the fast path handled (tests read it to see that
/// the fast path engages at all).
public struct FastPathCounts: Sendable, Equatable {
    public internal(set) var pan = 0
    public internal(set) var scroll = 0
    public internal(set) var tick = 0

    public init() {}

    mutating func count(_ call: HotMessage.Call) {
        switch call {
        case .pan: pan += 1
        case .scroll: scroll += 1
        case .tick: tick += 1
        }
    }
}

extension HotMessage.Call {
    /// The session handle an input names; nil for `clock.tick`.
    var session: Int? {
        switch self {
        case .pan(let session, _, _, _, _, _), .scroll(let session, _, _): return session
        case .tick: return nil
        }
    }
}
