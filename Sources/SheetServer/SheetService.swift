import SheetCore
import SheetRPC
import SheetPluginHost
import SheetWire

/// The daemon's brain: sessions, the method table, both clocks, policies and plugins.
///
/// It owns no file descriptor and reads no clock of its own except `Configuration.now` on
/// the realtime clock: the executable feeds it messages and deadlines. On the host clock the
/// output is a pure function of the input stream.
public final class SheetService: RPCService {
    /// What the executable hands the service.
    public struct Configuration: Sendable {
        /// Directories plugins may be loaded from (`--plugin-dir`, `SHEETD_PLUGIN_PATH`).
        public var pluginDirectories: [String]
        /// Directories searched first, lazily, for bundled `libsheetd-*.so` plugins (next to
        /// the executable; empty with `--no-default-plugins`).
        public var defaultPluginDirectories: [String] = []
        /// The realtime clock (ms, monotonic). Only read when a host picks `clock: "realtime"`.
        public var now: @Sendable () -> Double
        /// Where log lines go (stderr in the daemon).
        public var log: @Sendable (String) -> Void
        /// Where plugin and loader lines go, with their level; nil: to `log`.
        public var logAt: (@Sendable (PluginLogLevel, String) -> Void)?
        /// Most sessions alive at once (`-32012` beyond).
        public var maxSessions: Int
        /// Where plugin code runs (`--plugin-isolation`; in this process unless set).
        public var pluginIsolation: PluginIsolation = .trusted

        public init(pluginDirectories: [String] = [], now: @escaping @Sendable () -> Double = { 0 },
                    log: @escaping @Sendable (String) -> Void = { _ in }, maxSessions: Int = 100_000) {
            self.pluginDirectories = pluginDirectories
            self.now = now
            self.log = log
            self.maxSessions = maxSessions
        }
    }

    /// Which clock moves time: `host` (only `clock.tick`; output is deterministic) or
    /// `realtime` (the server ticks itself at `fps` while anything moves).
    public typealias ClockMode = RPCClock

    public let configuration: Configuration
    let plugins: PluginHost
    public private(set) var clock: ClockMode = .host
    public private(set) var fps: Double = 60
    /// `initialize {reduceMotion}`: the default of sessions that do not set `options.reduceMotion`.
    public private(set) var reduceMotion = false
    /// Live sessions by handle, and the moving ones (whose frame may differ from the last one sent).
    var sessions = SessionTable()
    var nextSessionNumber = 1
    var realtimeOrigin: Double = 0
    /// The host clock's time: the latest `t` seen on any tick or input. Time never goes
    /// backwards, for every session alike (an idle session is not ticked, so its own time
    /// may lag; an input is applied at least at this time).
    var hostNow = -Double.infinity
    /// Realtime clock: server time minus host time, from the first stamped input.
    var realtimeOffset: Double?
    /// Realtime clock: grid index of the last tick (see `nextDeadline`), `nil` while idle.
    var lastGridTick: Int?
    /// Notifications produced by the call being handled, streamed to the connection as they
    /// are produced (all before its response).
    let outbox = Outbox()
    /// The method being handled, which diagnostics name: a hot method by kind (set for every
    /// input on the fast path, so it holds no string), any other by name.
    var currentCall = CurrentMethod.named("")
    var currentMethod: String {
        get {
            switch currentCall {
            case .hot(let m): HotNames.name(of: m)
            case .named(let name): name
            }
        }
        set { currentCall = .named(newValue) }
    }
    enum CurrentMethod {
        case hot(HotMessage.Method)
        case named(String)
    }
    /// Stacked sheets.
    var stack = SessionStack()
    /// Messages the fast path handled, by method.
    public internal(set) var fastPathTaken = FastPathCounts()

    public init(configuration: Configuration) {
        self.configuration = configuration
        let reserved = BuiltinPolicies.dismissalNames + BuiltinPolicies.scrollHandoffNames
            + BuiltinPolicies.navigationNames
        let log = configuration.log
        self.plugins = PluginHost(allowedDirectories: Self.copy(configuration.pluginDirectories),
                                  defaultDirectories: Self.copy(configuration.defaultPluginDirectories),
                                  reservedNames: reserved, isolation: configuration.pluginIsolation,
                                  log: configuration.logAt ?? { _, line in log(line) })
        // Explicit plugin directories are opened at start (refusals reported at once); the
        // default ones alone are opened on first use (start-up stays cheap).
        if !configuration.pluginDirectories.isEmpty { plugins.loadAll() }
        // The method table is built at its first use, after the `initialize` reply (the
        // connection reads `methodNames` then): a table naming a method twice stops there.
    }

    /// `list`, passed on by value: copied in place from one stored property into another, a
    /// `[String]` went through Array's value witnesses, laying out `Array<String>`'s metadata
    /// before the `initialize` reply (15k instructions; bench/README.md, Start-up IV).
    @inline(never)
    private static func copy(_ list: [String]) -> [String] { list }

    // MARK: - RPCService

    public var methodNames: Set<String> { Set(Self.methods.names) }

    public func initialize(_ params: JSONValue?, emit: RPCNotifier) throws(RPCError) -> JSONValue {
        let p = Params(params)
        if p.exists {
            try p.requireObject()
            // By `Initialize.memberNames`, not `members`: that static `[MemberSpec]` is laid out
            // at its first use (9k instructions, before the reply a host waits for at every
            // start; a test holds the names to `members`).
            try p.rejectUnknownKeys(Initialize.memberNames + Initialize.lspMembers)
        }
        // Read from the members' fields in place: the reply that a host waits for at every start
        // copies no `Member<T>` (each copy lays out that type's metadata at run time).
        let clockParam = p[Initialize.clock.name]
        let requested: ClockMode? = clockParam.exists ? try clockParam.choice(ClockMode.self) : nil
        let rate = try p.number(Initialize.fps.name, in: Initialize.fps.spec.range, default: Initialize.fps.defaultValue)
        let reduced = try p.flag(Initialize.reduceMotion.name, default: Initialize.reduceMotion.defaultValue)
        clock = requested ?? clock
        fps = rate
        reduceMotion = reduced
        realtimeOrigin = configuration.now()
        // Built member by member, not from a dictionary literal: its `(String, JSONValue)...`
        // array is the first of that element type, laid out at run time (9k instructions before
        // the reply). Same members, same order.
        var server = JSONObject(minimumCapacity: 2)
        server["name"] = "sheetd"
        server["version"] = .string(Self.version)
        var result = JSONObject(minimumCapacity: 6)
        result["serverInfo"] = .object(server)
        result["protocolVersion"] = "1"
        result["clock"] = .string(clock.rawValue)
        result["fps"] = .number(fps)
        result["reduceMotion"] = .bool(reduceMotion)
        result["policies"] = policiesJSON()
        return .object(result)
    }

    public func call(_ method: String, params: JSONValue?, emit: RPCNotifier) throws(RPCError) -> JSONValue {
        guard let entry = Self.methods[method] else { throw RPCError.methodNotFound(method) }
        currentMethod = method
        return try outbox.streaming(to: emit) { () throws(RPCError) in
            let p = Params(params)
            try checkEdgeSupport(entry, p)
            return try entry.handler(self, Call(params: p, allowed: entry.allowed))
        }
    }

    /// Realtime clock: the next tick is due at the next point of the grid
    /// `origin + k * 1000/fps` (origin: `initialize`). After idle, that is the first grid
    /// point not before now; while moving, the one after the last tick.
    public func nextDeadline() -> Double? {
        guard clock == .realtime, !sessions.moving.isEmpty else { return nil }
        return realtimeOrigin + Double(nextGridIndex()) * gridInterval
    }

    /// Realtime clock: ticks at the latest grid point not after `now` (grid points missed by
    /// a late wake-up are skipped, never caught up, so the grid never drifts) and emits the
    /// frames that changed, stamped with the grid time.
    public func advance(to now: Double, emit: RPCNotifier) {
        guard clock == .realtime else { return }
        let due = nextGridIndex()
        let k = max(due, Int(((now - realtimeOrigin) / gridInterval).rounded(.down)))
        // An input applied after this grid point (one that came before the loop had asked
        // for the deadline, so it was not held to it: `inputTime`) moved time past it: time
        // never goes backwards and frames stay on the grid, so the tick waits for the first
        // grid point at or after that input.
        if Double(k) * gridInterval < hostNow {
            let next = Int((hostNow / gridInterval).rounded(.up))
            skippedGridTicks += next - due
            lastGridTick = next - 1
            return
        }
        skippedGridTicks += k - due
        lastGridTick = k
        currentMethod = "clock.tick"
        hostNow = Double(k) * gridInterval
        outbox.streaming(to: emit) { _ = tick(at: hostNow, emit: emit) }
        if sessions.moving.isEmpty { lastGridTick = nil }
    }

    /// Realtime clock: the time of the grid point whose tick comes next, once the loop has
    /// asked for it (`nextDeadline`) while something moves; nil otherwise.
    private var pendingGridTime: Double? {
        guard let last = lastGridTick, !sessions.moving.isEmpty else { return nil }
        return Double(last + 1) * gridInterval
    }

    /// Realtime clock: grid points skipped so far because a tick could not run in time.
    public private(set) var skippedGridTicks = 0

    private var gridInterval: Double { 1000 / fps }

    /// The grid index of the next tick; pinned when the clock wakes from idle.
    private func nextGridIndex() -> Int {
        if let last = lastGridTick { return last + 1 }
        let since = max(configuration.now() - realtimeOrigin, hostNow)
        let k = Int((since / gridInterval).rounded(.up))
        lastGridTick = k - 1
        return k
    }

    // MARK: - Frames

    /// Advance every moving session to `t` (in creation order) and send a frame for each
    /// one that changed, to `emit`: the notifier of the `streaming` call the tick runs in,
    /// handed down so that a frame is written without a reference count (see `Outbox`).
    func tick(at t: Double, emit: RPCNotifier) -> Int {
        var count = 0
        prepareStacks(at: t)
        sessions.beginSweep()
        // The sessions moving as the tick begins, by index, each borrowed from the table
        // rather than retained (a session the tick marks moving waits for the next one).
        let stamp = FormattedNumber(t)  // every frame's `t`, formatted once
        let n = sessions.moving.count
        for i in 0..<n {
            // Prefetch: each session's object three visits ahead, with its blocks where they
            // were at its last tick. A session without such hints (moving since this tick's
            // last) is staged instead: the blocks its object points to two ahead, what those
            // point to one ahead (see `Prefetch`).
            if i + 3 < n {
                Session.prefetch(sessions.movingSession(at: i + 3))
                sessions.movingHints(at: i + 3).prefetch()
            }
            if i + 2 < n, sessions.movingHints(at: i + 2).isEmpty {
                Session.prefetchStorage(sessions.movingSession(at: i + 2), depth: 0)
            }
            if i + 1 < n, sessions.movingHints(at: i + 1).isEmpty {
                Session.prefetchStorage(sessions.movingSession(at: i + 1), depth: 1)
            }
            sessions.movingSession(at: i)._withUnsafeGuaranteedRef { s in
                if tick(s, at: t, stamp: stamp, emit: emit) { count += 1 }
            }
            sessions.sweep(at: i)
        }
        sessions.endSweep(visited: n)
        return count
    }

    /// One session's part of a tick; whether it sent a frame.
    private func tick(_ s: Session, at t: Double, stamp: FormattedNumber, emit: RPCNotifier) -> Bool {
        // Whether it still moves, known now: nothing below changes that (`drain` reaches a
        // stack's other sessions only).
        let active = s.sheet.advance(to: t)
        var values = s.sheet.tickFrame()
        decorate(&values, of: s.id)  // stack transform
        // The names are compared in place and copied only when they change; the values are
        // plain data.
        let namesChanged = s.sheet.refreshNames(&s.lastNames)
        let changed = namesChanged || s.lastFrame.differs(from: values)
        if changed {
            s.seq += 1
            // The names lent in place; the ids of navigation entries only when there are any
            // (no array is made, or released, for a sheet without navigation).
            if values.nav.count > 0 {
                let navIDs = s.sheet.navIDs
                s.sheet.withDetentID {
                    Outbox.writeFrame(values, detent: $0, navIDs: navIDs, handle: s.order, seq: s.seq, t: stamp, to: emit)
                }
            } else {
                s.sheet.withDetentID {
                    Outbox.writeFrame(values, detent: $0, navIDs: nil, handle: s.order, seq: s.seq, t: stamp, to: emit)
                }
            }
            // One-shot members are spent once sent; they do not count as a later change.
            s.sheet.didDeliverFrame()
            values.scroll.flingVelocityY = nil
            s.lastFrame.record(values)
        }
        drain(s, id: s.id)
        if !active { s.isMoving = false }
        return changed
    }

    /// Queue the session's pending events and diagnostics.
    func drain(_ s: Session, id: String) {
        guard s.sheet.hasOutput else { return }
        let (events, diagnostics) = s.sheet.takeOutput()
        for e in events {
            outbox.append(.event(e, session: id))
        }
        react(to: events, of: id)  // stack sequencing
        for d in diagnostics {
            switch d.kind {
            case .detentsSorted: diagnose(d.message, code: 0, session: id)
            case .policyFallback: diagnose(d.message, code: RPCError.pluginErrorCode, session: id)
            }
        }
    }

    /// Queue a `$/diagnostic` warning about the current call.
    func diagnose(_ message: String, code: Int, session: String?) {
        var o: JSONObject = ["method": .string(currentMethod), "code": .int(Int64(code)), "message": .string(message),
                             "severity": "warning"]
        if let session { o["session"] = .string(session) }
        outbox.append(.diagnostic(.object(o)))
    }

    // MARK: - Helpers for handlers

    /// The engine time of an input: its `t` on the host clock. On the realtime clock, the
    /// host's `t` mapped onto the server's clock (offset fixed by the first stamped input,
    /// never later than now, never backwards), so gesture samples keep the spacing the host
    /// measured and pipe jitter does not distort release velocities; unstamped inputs use now.
    ///
    /// Pure: it returns the time and the realtime offset, which `commit(time:)` makes
    /// current only once the message has succeeded (a refused message moves no clock).
    func inputTime(_ p: Params) throws(RPCError) -> InputTime {
        if clock == .realtime { return inputTime(stamped: try p["t"].optionalNumber(in: Wire.time)) }
        return inputTime(stamped: try p["t"].number(in: Wire.time))
    }

    /// `inputTime(_:)` for an already validated `t` (nil: unstamped, realtime clock only).
    ///
    /// On the realtime clock an input never lands after the grid point whose tick is pending:
    /// one that comes when that point has just passed (the loop checked the deadline a moment
    /// before the message read the clock) is applied at the grid point, and the tick then
    /// draws it. Applied later, it would have moved time past the grid point and cost the
    /// frame (`advance(to:)` skips a grid point that time has passed).
    func inputTime(stamped hostT: Double?) -> InputTime {
        if clock == .realtime {
            let now = configuration.now() - realtimeOrigin
            var t = now
            var offset = realtimeOffset
            if let hostT {
                let o = offset ?? (now - hostT)
                offset = o
                t = min(now, hostT + o)
            }
            if let grid = pendingGridTime { t = min(t, grid) }
            return InputTime(t: max(t, hostNow), realtimeOffset: offset)
        }
        return InputTime(t: max(hostT!, hostNow), realtimeOffset: realtimeOffset)
    }

    /// An input's engine time and the realtime offset it fixes (see `inputTime`).
    struct InputTime {
        var t: Double
        var realtimeOffset: Double?
    }

    func commit(time: InputTime) {
        hostNow = time.t
        realtimeOffset = time.realtimeOffset
    }

    /// Validate-then-apply for a session command: the session must exist and the time be
    /// valid; `body` runs on a copy of the engine state, which replaces the session's only if
    /// it succeeds. A refusal (`SheetError`) leaves the session, the clock and the output
    /// exactly as they were. On success the clock moves, the session's events are queued and
    /// it is marked for the next frame. When `mayBeRefused` says the engine cannot refuse
    /// this command in the session's state, `body` runs in place (no copy).
    func apply(_ p: Params, mayBeRefused: (inout Sheet) -> Bool = { _ in true },
               _ body: (inout Sheet, Double) throws(SheetError) -> Void) throws(RPCError) -> JSONValue {
        let id = try p["session"].string()
        guard let s = sessions[id] else { throw RPCError.unknownSession(id) }
        let time = try inputTime(p)
        try apply(to: s, time: time, mayBeRefused: mayBeRefused(&s.sheet), body)
        return ["state": .string(s.sheet.phase.rawValue)]
    }

    /// `apply` on a found session at a validated time, without building the answer (a
    /// notification's is never read; the fast path uses it directly).
    func apply(to s: Session, time: InputTime, mayBeRefused: Bool,
               _ body: (inout Sheet, Double) throws(SheetError) -> Void) throws(RPCError) {
        do {
            if mayBeRefused {
                var sheet = s.sheet.copy()
                try body(&sheet, time.t)
                s.sheet = sheet
            } else {
                try body(&s.sheet, time.t)
            }
        } catch {
            throw RPCError(error, at: "params")
        }
        commit(time: time)
        drain(s, id: s.id)
        sessions.markMoving(s)
    }

    /// Marks the session `id` (if it lives) for the next tick.
    func markMoving(_ id: String) {
        if let s = sessions[id] { sessions.markMoving(s) }
    }

    func policiesJSON() -> JSONValue {
        // The built-in names, then the opened plugins' of each kind, written straight into each
        // list (no intermediate `[String]`s; part of the `initialize` reply).
        let opened = plugins.openedPlugins
        func names(_ builtin: [String], _ kind: PolicyKind) -> JSONValue {
            var list: [JSONValue] = []
            list.reserveCapacity(builtin.count)
            for name in builtin { list.append(.string(name)) }
            for plugin in opened where plugin.kind == kind { list.append(.string(plugin.name)) }
            return .array(list)
        }
        var o = JSONObject(minimumCapacity: 4)
        o["dismissal"] = names(BuiltinPolicies.dismissalNames, .dismissal)
        o["scrollHandoff"] = names(BuiltinPolicies.scrollHandoffNames, .scrollHandoff)
        o["navigation"] = names(BuiltinPolicies.navigationNames, .navigation)
        o["detentResolver"] = names(BuiltinPolicies.detentResolverNames, .detentResolver)
        return .object(o)
    }
}

extension RPCError {
    /// The JSON-RPC error for an engine refusal.
    init(_ error: SheetError) {
        switch error.kind {
        case .invalidParams: self = .invalidParams(error.message)
        case .invalidState: self = .invalidState(error.message)
        case .policyFault: self = .pluginError(error.message)
        case .limitExceeded: self = .limitExceeded(error.message)
        }
    }

    /// The JSON-RPC error for an engine refusal whose place is relative to `prefix` (`params`
    /// for a command's own members, `params.state.sheet.setup` for a restored setup).
    init(_ error: SheetError, at prefix: String) {
        guard error.kind == .invalidParams else { self.init(error); return }
        self = .invalidParams("\(prefix).\(error.message)")
    }
}
