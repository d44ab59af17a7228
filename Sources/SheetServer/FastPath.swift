import SheetCore
import SheetRPC

/// The fast path for the hottest messages: decoded by `HotMessage` straight from bytes and
/// applied exactly as the method table applies them (same engine calls, same clock rules,
/// same errors), without a JSON tree or a `Params` lookup per member.
extension SheetService {
    public func fastPath(_ message: UnsafeRawBufferPointer, emit: (RPCNotification) -> Void) -> RPCFastOutcome? {
        guard let m = HotMessage.parse(message) else { return nil }
        currentMethod = m.method
        defer {
            for n in outbox { emit(n) }
            outbox.removeAll(keepingCapacity: true)
        }
        do throws(RPCError) {
            return .result(id: m.id, try apply(m.call, answered: m.id != nil))
        } catch {
            return .error(id: m.id, method: m.method, error)
        }
    }

    /// Applies the call; its answer (`null` for an input nobody reads the answer of).
    private func apply(_ call: HotMessage.Call, answered: Bool) throws(RPCError) -> JSONValue {
        switch call {
        case .pan(let session, let t, let phase, let translation, let velocity, let source):
            let (s, now) = try self.session(session, at: t)
            try apply(to: s) { sheet throws(SheetError) in
                try sheet.pan(phase, translation: translation, velocity: velocity, source: source, at: now)
            }
            return answered ? ["state": .string(s.sheet.phase.rawValue)] : .null
        case .scroll(let session, let t, let sample):
            let (s, now) = try self.session(session, at: t)
            try apply(to: s) { sheet throws(SheetError) in try sheet.scroll(sample, at: now) }
            return answered ? ["state": .string(s.sheet.phase.rawValue)] : .null
        case .tick(let t):
            guard clock == .host else {
                throw RPCError.invalidState("clock.tick drives the host clock; this server runs the realtime clock")
            }
            let t = max(t, hostNow)
            hostNow = t
            let count = tick(at: t)
            return ["t": .number(t), "frames": .int(Int64(count))]
        }
    }

    /// Applies the input's time (as `command` does, before the lookup), then finds the session.
    private func session(_ handle: Int, at t: Double) throws(RPCError) -> (Session, Double) {
        let now = time(stamped: t)
        guard let s = sessions[handle: handle] else { throw RPCError.unknownSession("s\(handle)") }
        return (s, now)
    }
}
