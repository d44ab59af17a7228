import SheetCore
import SheetRPC
import SheetWire

/// The harness verbs: `session.frame` (a session's frame now, emitting nothing) and
/// `clock.runUntilRest` (host-clock ticks until every session rests, in steps under
/// back-pressure).
extension SheetService: RPCSteppingService {
    /// The server's time: the host clock's time (0 before any `t` was seen), or now on the
    /// realtime clock.
    var serverTime: Double {
        if clock == .realtime { return inputTime(stamped: nil).t }
        return hostNow.isFinite ? hostNow : 0
    }

    /// `session.frame {session}`: the frame a tick at the server's time would compute, from a
    /// copy of the session (nothing advances, nothing is sent, no `seq` is consumed: `seq` is
    /// the last one sent, 0 before any).
    func sessionFrame(_ c: Call) throws(RPCError) -> JSONValue {
        try checkMembers(c)
        let id = try c.params.read(CommandMembers.session)
        guard let s = sessions[id] else { throw RPCError.unknownSession(id) }
        let t = serverTime
        var sheet = s.sheet.copy()
        sheet.advance(to: t)
        var values = sheet.frameValues()
        decorate(&values, of: id, at: t)  // a parent's transform from its children at `t` too
        let names = sheet.frameNames()
        return try WireEncoding.answer(bound: WireEncoding.frameBound(values, detent: names.detent, navIDs: names.navIDs),
                                       SessionFrame.name) { w in
            WireEncoding.frame(values, detent: names.detent, navIDs: names.navIDs, session: s.order, seq: s.seq,
                               t: FormattedNumber(t), into: &w)
        }
    }

    /// `clock.runUntilRest` run to its end at once, inside `call` (a caller of `call` rather
    /// than of the connection: every step, no pause).
    func runUntilRest(_ c: Call) throws(RPCError) -> JSONValue {
        let run = try beginRunUntilRest(c)
        let emit = outbox.current
        while true {
            if let answer = run.next(emit: emit) { return answer }
        }
    }

    func beginRunUntilRest(_ c: Call) throws(RPCError) -> RunUntilRest {
        guard clock == .host else {
            throw RPCError.invalidState("clock.runUntilRest drives the host clock; this server runs the realtime clock")
        }
        if c.params.exists { try checkMembers(c) }  // every member is optional: params may be absent
        let fps = try c.params.read(ClockRunUntilRest.fps)
        let maxMs = try c.params.read(ClockRunUntilRest.maxMs)
        return RunUntilRest(service: self, t0: serverTime, fps: fps, maxMs: maxMs)
    }

    public func begin(_ method: String, params: JSONValue?) throws(RPCError) -> (any RPCSteppedCall)? {
        guard method == ClockRunUntilRest.name, let entry = Self.methods[method] else { return nil }
        currentMethod = method
        return try beginRunUntilRest(Call(params: Params(params), allowed: entry.allowed))
    }

    /// One `clock.runUntilRest`: each step is one tick (or, last, the answer).
    final class RunUntilRest: RPCSteppedCall {
        let service: SheetService
        let t0: Double
        let fps: Double
        let end: Double
        private var ticks = 0
        private var frames = 0

        init(service: SheetService, t0: Double, fps: Double, maxMs: Double) {
            self.service = service
            self.t0 = t0
            self.fps = fps
            self.end = t0 + maxMs
        }

        func step(emit: RPCNotifier) -> JSONValue? {
            service.currentMethod = ClockRunUntilRest.name
            return service.outbox.streaming(to: emit) { next(emit: emit) }
        }

        /// The next tick (its frames to `emit`, its other notifications into the outbox), or
        /// the answer.
        func next(emit: RPCNotifier) -> JSONValue? {
            let s = service
            // Rest: no session is moving (none animates, none is held by a finger, every frame
            // has been sent).
            if s.sessions.moving.isEmpty { return answer(rested: true) }
            let t = Self.time(t0, tick: ticks + 1, fps: fps)
            guard t <= end else { return answer(rested: false) }
            ticks += 1
            s.hostNow = max(t, s.hostNow)
            frames += s.tick(at: s.hostNow, emit: emit)
            return nil
        }

        /// Tick `k`'s time, `t0 + k × 1000 / fps`: multiplied, not accumulated, and rounded once
        /// (the double nearest the exact time) whenever `t0 × fps` is a whole number, as with a
        /// whole-millisecond `t0`: the 15th tick at 60 fps from 0 is 250, not 15 ×
        /// 16.666666666666668 = 250.00000000000003, and from 100 the 5th is 183.33333333333334.
        static func time(_ t0: Double, tick k: Int, fps: Double) -> Double {
            let scaled = t0 * fps
            guard scaled == scaled.rounded(), abs(scaled) < 0x1p52 else { return t0 + Double(k) * 1000 / fps }
            return (scaled + Double(k) * 1000) / fps
        }

        private func answer(rested: Bool) -> JSONValue {
            ["t": .number(ticks == 0 ? t0 : service.hostNow), "ticks": .int(Int64(ticks)),
             "frames": .int(Int64(frames)), "rested": .bool(rested)]
        }
    }
}
