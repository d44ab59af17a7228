import SheetCore
import SheetPluginHost
import SheetRPC
import SheetWire

/// The method table: every wire method after `initialize`, registered by its type. It is built
/// at its first use — the first message after `initialize`, not for `initialize`'s reply, which
/// a host waits for at every start — and a name registered twice stops the daemon there
/// (`MethodTable` refuses it; `SheetService.methodInfos` builds it in the tests).
extension SheetService {
    /// One call of a method: its params and the member names its method declares.
    struct Call {
        let params: Params
        let allowed: [String]
    }

    typealias Handler = @Sendable (SheetService, Call) throws(RPCError) -> JSONValue

    static let methods: MethodTable<Handler> = {
        do throws(DuplicateMethodName) {
            return try makeMethods()
        } catch {
            fatalError("the method table names \(error.name) twice")
        }
    }()

    /// Every method the table dispatches, as SheetWire declares it (the openrpc.json check).
    public static var methodInfos: [WireProtocol.MethodInfo] { methods.all.map { $0.info } }

    static func makeMethods() throws(DuplicateMethodName) -> MethodTable<Handler> {
        var r = MethodTable<Handler>(minimumCapacity: 32)  // no regrowth while it fills
        try r.on(ClockTick.self) { s, c throws(RPCError) in try s.clockTick(c) }
        try r.on(SessionCreate.self) { s, c throws(RPCError) in try s.createSession(c) }
        try r.on(SessionDestroy.self) { s, c throws(RPCError) in try s.destroySession(c) }
        try r.on(SessionList.self) { s, c throws(RPCError) in
            try c.params.requireNone()
            return s.listSessions()
        }
        try r.on(SessionSnapshot.self) { s, c throws(RPCError) in try s.snapshot(c.params) }
        try r.on(SessionRestore.self) { s, c throws(RPCError) in try s.restore(c.params) }
        try r.on(SheetPresent.self) { s, c throws(RPCError) in try s.present(c) }
        try r.on(SheetDismiss.self) { s, c throws(RPCError) in try s.dismiss(c) }
        try r.on(SheetSelectDetent.self) { s, c throws(RPCError) in try s.selectDetent(c) }
        try r.on(SheetSetContentHeight.self) { s, c throws(RPCError) in try s.setContentHeight(c) }
        try r.on(SheetSetContainer.self) { s, c throws(RPCError) in try s.setContainer(c) }
        try r.on(SheetConfigure.self) { s, c throws(RPCError) in try s.configure(c) }
        try r.on(SheetSnapTo.self) { s, c throws(RPCError) in try s.snapTo(c) }
        try r.on(SheetPreviewRelease.self) { s, c throws(RPCError) in try s.previewRelease(c) }
        try r.on(NavPush.self) { s, c throws(RPCError) in try s.push(c) }
        try r.on(NavPop.self) { s, c throws(RPCError) in try s.pop(c) }
        try r.on(NavPopToRoot.self) { s, c throws(RPCError) in try s.popToRoot(c) }
        try r.on(NavSetStack.self) { s, c throws(RPCError) in try s.setStack(c) }
        try r.on(InputPan.self) { s, c throws(RPCError) in try s.pan(c) }
        try r.on(InputTap.self) { s, c throws(RPCError) in try s.tap(c) }
        try r.on(InputScroll.self) { s, c throws(RPCError) in try s.scroll(c) }
        try r.on(InputKeyboard.self) { s, c throws(RPCError) in try s.keyboard(c) }
        try r.on(InputAccessibilityAction.self) { s, c throws(RPCError) in try s.accessibilityAction(c) }
        try r.on(InputBack.self) { s, c throws(RPCError) in try s.back(c) }
        try r.on(PluginsList.self) { s, c throws(RPCError) in try s.listPlugins(c) }
        try r.on(PluginsLoad.self) { s, c throws(RPCError) in try s.loadPlugin(c) }
        try r.on(SessionFrame.self) { s, c throws(RPCError) in try s.sessionFrame(c) }
        try r.on(ClockRunUntilRest.self) { s, c throws(RPCError) in try s.runUntilRest(c) }
        return r
    }

    /// A session command or input: check its members, then `apply` it at its time.
    func command(_ c: Call, mayBeRefused: (inout Sheet) -> Bool = { _ in true },
                 _ body: (inout Sheet, Double) throws(SheetError) -> Void) throws(RPCError) -> JSONValue {
        try c.params.requireObject()
        try c.params.rejectUnknownKeys(c.allowed)
        return try apply(c.params, mayBeRefused: mayBeRefused, body)
    }

    /// The members of a call that is not a session command: an object with declared members.
    func checkMembers(_ c: Call) throws(RPCError) {
        try c.params.requireObject()
        try c.params.rejectUnknownKeys(c.allowed)
    }

    func clockTick(_ c: Call) throws(RPCError) -> JSONValue {
        guard clock == .host else {
            throw RPCError.invalidState("clock.tick drives the host clock; this server runs the realtime clock")
        }
        try checkMembers(c)
        return try clockTick(at: try c.params.read(ClockTick.t))
    }

    /// `clock.tick` at a validated `t`: its answer `{t, frames}`.
    func clockTick(at t: Double) throws(RPCError) -> JSONValue {
        let (t, count) = try clockTickFrames(at: t, emit: outbox.current)
        return ["t": .number(t), "frames": .int(Int64(count))]
    }

    /// `clock.tick` at a validated `t`, its frames to `emit`: the time it ticked at and the
    /// frames it sent (the fast path writes its answer from these).
    func clockTickFrames(at t: Double, emit: RPCNotifier) throws(RPCError) -> (t: Double, frames: Int) {
        guard clock == .host else {
            throw RPCError.invalidState("clock.tick drives the host clock; this server runs the realtime clock")
        }
        let t = max(t, hostNow)
        hostNow = t
        return (t, tick(at: t, emit: emit))
    }

    func createSession(_ c: Call) throws(RPCError) -> JSONValue {
        let p = c.params
        try checkMembers(c)
        guard sessions.count < configuration.maxSessions else {
            throw RPCError.limitExceeded("too many sessions: at most \(configuration.maxSessions) at once")
        }
        let (setupParams, parent) = try stackParams(p)  // a child takes its parent's container
        var setup = try Wire.setup(setupParams)
        if setup.options.reduceMotionSetting == nil && reduceMotion { setup.options.reduceMotion = true }  // the server's default
        let names = try policyNames(p[SessionCreate.policies.name])
        // Everything is checked before a policy (perhaps a plugin's) is instantiated.
        try Self.validate(setup, at: p)
        var policies = try makePolicies(names, path: p[SessionCreate.policies.name].path)
        policies.detentResolvers = try makeDetentResolvers([(setup.detents, setupParams[SetupMembers.detents.name].path)], names: names)
        var sheet = Sheet(validated: setup, policies: policies, policyNames: names)
        if let parent { sheet.stackDepth = stack.depth(of: parent) + 1 }  // policies see it (plugin ABI 1.2)
        let s = addSession(sheet)
        if let parent { stack.link(s.id, to: parent) }
        // Along the sheet's axis (the width for a left or right sheet).
        return Self.withMaxDetentHeight(["session": .string(s.id)], setup.options.edge.axisContainer(setup.container))
    }

    /// The one validation of a setup, whoever built it (`session.create`, `session.restore`):
    /// `SheetSetup.validate`, its places put under `p`'s (`params`, `params.state.sheet.setup`).
    static func validate(_ setup: SheetSetup, at p: Params) throws(RPCError) {
        do { try setup.validate() } catch { throw RPCError(error, at: p.path) }
    }

    /// A new session with the next fresh id, marked for the next frame.
    func addSession(_ sheet: consuming Sheet, seq: Int = 0) -> Session {
        let s = Session(sheet: sheet, order: nextSessionNumber, seq: seq)
        nextSessionNumber += 1
        drain(s, id: s.id)
        sessions.insert(s)
        sessions.markMoving(s)
        return s
    }

    func destroySession(_ c: Call) throws(RPCError) -> JSONValue {
        try checkMembers(c)
        let id = try c.params.read(CommandMembers.session)
        guard sessions[id] != nil else { throw RPCError.unknownSession(id) }
        try checkNotParent(id)
        stack.remove(id)
        sessions.removeValue(forKey: id)
        return .null
    }

    func listSessions() -> JSONValue {
        .array(sessions.sorted { $0.value.order < $1.value.order }.map {
            ["session": .string($0.key), "state": .string($0.value.sheet.phase.rawValue)]
        })
    }

    func selectDetent(_ c: Call) throws(RPCError) -> JSONValue {
        let detent = try c.params.read(SheetSelectDetent.detent)
        let animated = try c.params.read(Animated.member)
        return try command(c) { sheet, t throws(SheetError) in try sheet.selectDetent(detent, at: t, animated: animated) }
    }

    func setContentHeight(_ c: Call) throws(RPCError) -> JSONValue {
        let height = try c.params.read(SheetSetContentHeight.height)
        let entry = try c.params.read(SheetSetContentHeight.entry)
        return try command(c) { sheet, t throws(SheetError) in try sheet.setContentHeight(height, entry: entry, at: t) }
    }

    func snapTo(_ c: Call) throws(RPCError) -> JSONValue {
        let height = try c.params.read(SheetSnapTo.height)
        let animated = try c.params.read(Animated.member)
        return try command(c) { sheet, t throws(SheetError) in try sheet.snapTo(height: height, animated: animated, at: t) }
    }

    /// `sheet.previewRelease`: the dry run, at the server's time, on a copy of the sheet.
    func previewRelease(_ c: Call) throws(RPCError) -> JSONValue {
        try checkMembers(c)
        let id = try c.params.read(CommandMembers.session)
        let velocity = try Wire.vector(c.params[SheetPreviewRelease.velocity.name], in: InputPan.velocityRange)
        guard let s = sessions[id] else { throw RPCError.unknownSession(id) }
        let now = clock == .realtime ? inputTime(stamped: nil).t : hostNow
        let intent: SettleIntent
        do {
            intent = try s.sheet.previewRelease(velocity: velocity, at: now)
        } catch {
            throw RPCError(error, at: "params")
        }
        return try WireEncoding.answer(bound: WireEncoding.settleIntentBound(intent), SheetPreviewRelease.name) { w in
            w.beginObject()
            WireEncoding.settleIntent(intent, into: &w)
            w.endObject()
        }
    }

    func pan(_ c: Call) throws(RPCError) -> JSONValue {
        let p = c.params
        let phase = PanPhase(try p.read(InputPan.phase))
        let translation = try Wire.vector(p[InputPan.translation.name], in: InputPan.translationRange)
        let velocity = try Wire.velocityVector(p[InputPan.velocity.name])
        let source = PanSource(try p.read(InputPan.source))
        var gesture = PanGesture.accepted
        var answer = try command(c, mayBeRefused: { $0.panMayBeRefused(phase, source: source) }) { sheet, t throws(SheetError) in
            gesture = try sheet.pan(phase, translation: translation, velocity: velocity, source: source, at: t)
        }
        if case .object(var o) = answer {
            o["gesture"] = .string(gesture.rawValue)
            answer = .object(o)
        }
        return answer
    }

    func tap(_ c: Call) throws(RPCError) -> JSONValue {
        let target = try c.params.read(InputTap.target)
        return try command(c) { sheet, t throws(SheetError) in
            switch target {
            case .grabber: sheet.tapGrabber(at: t)
            case .dimming: sheet.tapDimming(at: t)
            }
        }
    }

    func keyboard(_ c: Call) throws(RPCError) -> JSONValue {
        let p = c.params
        let height = try p.read(InputKeyboard.height)
        let duration = try p.read(InputKeyboard.durationMs)
        let curve = p[InputKeyboard.curve.name].exists ? try Wire.curve(p[InputKeyboard.curve.name]) : .easeInOut
        return try command(c) { sheet, t throws(SheetError) in
            sheet.setKeyboard(height: height, timing: BezierTiming(duration: duration, curve: curve), at: t)
        }
    }

    func listPlugins(_ c: Call) throws(RPCError) -> JSONValue {
        try c.params.requireNone()
        return .array(plugins.plugins.map(SheetService.pluginJSON))
    }

    func loadPlugin(_ c: Call) throws(RPCError) -> JSONValue {
        try checkMembers(c)
        let path = try c.params.read(PluginsLoad.path)
        do {
            return SheetService.pluginJSON(try plugins.load(path: path))
        } catch {
            throw RPCError.pluginError("params.path: \(error)")
        }
    }

    static func pluginJSON(_ info: PluginInfo) -> JSONValue {
        ["name": .string(info.name), "kind": .string(info.kind.rawValue), "version": .string(info.version),
         "path": .string(info.path), "status": .string(info.status.rawValue), "failures": .int(Int64(info.failures))]
    }
}

extension MethodTable where Handler == SheetService.Handler {
    // The handler's type spelled out: a typed-throws closure literal given straight to the
    // generic `register` crashes Swift 6.3's SIL generation.

    mutating func on<M: WireMethod>(_ method: M.Type, _ handler: @escaping SheetService.Handler) throws(DuplicateMethodName) {
        try register(method, handler)
    }

    mutating func on<M: SessionCommand>(_ method: M.Type, _ handler: @escaping SheetService.Handler) throws(DuplicateMethodName) {
        try register(method, handler)
    }
}
