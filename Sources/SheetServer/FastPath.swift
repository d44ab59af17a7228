import SheetWire
import SheetCore
import SheetRPC

/// The fast path for the hottest messages: decoded by `HotMessage` straight from bytes and
/// applied exactly as the method table applies them (same engine calls, same clock rules,
/// same errors, validate-then-apply), without a JSON tree or a `Params` lookup per member.
/// It declines (nil) whatever it does not handle exactly like the generic path: a session on
/// another edge than the bottom (whose inputs are checked by `checkEdgeSupport`), a present or
/// dismiss of a sheet in a stack (whose parent or children take part), one without `t` on the
/// host clock (an error the generic path words), and every message `HotMessage` does not
/// recognise.
extension SheetService {
    public func fastPath(_ message: UnsafeRawBufferPointer, emit: RPCNotifier) -> RPCFastOutcome? {
        // The input's session starts loading before the message is parsed, and arrives while
        // it is: its object and, where they were at its last input, its blocks, all at once
        // (a message read member by member is prefetched once it has been read).
        let head = HotMessage.CanonicalHead(message)
        var ahead: Unmanaged<Session>?
        if let head, let (s, hints) = sessions.unretainedWithHints(handle: head.session) {
            Session.prefetch(s)
            hints.prefetch()
            ahead = s
        }
        guard let m = HotMessage.parse(message, head: head) else { return nil }
        // The input's session (nil: clock.tick, or no such session), borrowed rather than
        // retained (see `SessionTable.unretained(handle:)`).
        let handle = m.call.session
        let target = handle == head?.session ? ahead : handle.flatMap { sessions.unretained(handle: $0) }
        if let target, handle != head?.session { Self.prefetch(target) }
        if let target, target._withUnsafeGuaranteedRef({ $0.sheet.state.setup.edge != .bottom }) { return nil }
        if m.kind == .present || m.kind == .dismiss, case .command(_, let t, _, _) = m.call {
            if t == nil && clock != .realtime { return nil }
            if !stack.isEmpty, let target, target._withUnsafeGuaranteedRef({ isStacked($0.id) }) { return nil }
        }
        fastPathTaken.count(m.kind)
        currentCall = .hot(m.kind)
        return outbox.streaming(to: emit) { () -> RPCFastOutcome in
            do throws(RPCError) {
                if case .tick(let t) = m.call {  // its answer written without a JSONValue
                    let (t, frames) = try clockTickFrames(at: t, emit: emit)
                    return .numbers(id: m.id, "t", t, "frames", Double(frames))
                }
                return .result(id: m.id, try apply(m.call, to: target, answered: m.id != nil))
            } catch {
                return .error(id: m.id, method: m.method, error)
            }
        }
    }

    /// Starts loading an input's session: its object, and the blocks it points to (whose
    /// addresses are read from the object, so those wait for it while the parse goes on).
    @inline(__always)
    private static func prefetch(_ s: Unmanaged<Session>) {
        Session.prefetch(s)
        Session.prefetchStorage(s, depth: 0)
    }

    /// Applies the call; its answer (`null` for an input nobody reads the answer of).
    private func apply(_ call: HotMessage.Call, to target: Unmanaged<Session>?, answered: Bool) throws(RPCError) -> JSONValue {
        switch call {
        case .tick(let t):
            return try clockTick(at: t)  // (fastPath answers ticks itself)
        case .pan(let handle, _, _, _, _, _), .scroll(let handle, _, _), .command(let handle, _, _, _):
            guard let target else { throw RPCError.unknownSession("s\(handle)") }
            defer { sessions.keepHints(for: target) }  // where its blocks are, for its next input
            // The session borrowed, not retained (see `SessionTable.unretained(handle:)`).
            return try target._withUnsafeGuaranteedRef { s in
                Result { () throws(RPCError) in try apply(input: call, to: s, answered: answered) }
            }.get()
        }
    }

    /// Whether the sheet `id` has a parent or children (its present or dismiss may move them).
    private func isStacked(_ id: String) -> Bool {
        stack.parent[id] != nil || !stack.children(of: id).isEmpty
    }

    /// Applies an input (`pan`, `scroll`) or a command (`present`, `dismiss`) to its session.
    private func apply(input call: HotMessage.Call, to s: Session, answered: Bool) throws(RPCError) -> JSONValue {
        switch call {
        case .pan(_, let t, let phase, let translation, let velocity, let source):
            var gesture = PanGesture.accepted
            try apply(to: s, time: inputTime(stamped: t), mayBeRefused: s.sheet.panMayBeRefused(phase, source: source)) {
                sheet, now throws(SheetError) in
                gesture = try sheet.pan(phase, translation: translation, velocity: velocity, source: source, at: now)
            }
            return answered ? ["state": .string(s.sheet.phase.rawValue), "gesture": .string(gesture.rawValue)] : .null
        case .scroll(_, let t, let scroll):
            try apply(to: s, time: inputTime(stamped: t), mayBeRefused: true) { sheet, now throws(SheetError) in
                try sheet.scroll(scroll.sample, at: now)
            }
            return answered ? ["state": .string(s.sheet.phase.rawValue)] : .null
        case .command(_, let t, let presents, let animated):
            // A refused present or dismiss changes nothing in the sheet (`Sheet.present`): no
            // copy to roll back to (a copy and its release cost a tenth of the command).
            try apply(to: s, time: inputTime(stamped: t), mayBeRefused: false) { sheet, now throws(SheetError) in
                if presents { try sheet.present(at: now, animated: animated) } else { try sheet.dismiss(at: now, animated: animated) }
            }
            return answered ? ["state": .string(s.sheet.phase.rawValue)] : .null
        case .tick:
            preconditionFailure("clock.tick is not an input")
        }
    }
}

/// How many messages of each hot method the fast path handled (tests read it to see that
/// the fast path engages at all).
public struct FastPathCounts: Sendable, Equatable {
    public internal(set) var pan = 0
    public internal(set) var scroll = 0
    public internal(set) var tick = 0
    public internal(set) var present = 0
    public internal(set) var dismiss = 0

    public init() {}

    @inline(__always)
    mutating func count(_ method: HotMessage.Method) {
        switch method {
        case .pan: pan += 1
        case .scroll: scroll += 1
        case .tick: tick += 1
        case .present: present += 1
        case .dismiss: dismiss += 1
        }
    }
}

extension HotMessage.Call {
    /// The session handle an input or command names; nil for `clock.tick`.
    var session: Int? {
        switch self {
        case .pan(let session, _, _, _, _, _), .scroll(let session, _, _), .command(let session, _, _, _): return session
        case .tick: return nil
        }
    }
}
