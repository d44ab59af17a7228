@preconcurrency import Foundation
import SheetCore
import SheetRPC
import SheetPluginHost

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
        /// The realtime clock (ms, monotonic). Only read when a host picks `clock: "realtime"`.
        public var now: @Sendable () -> Double
        /// Where log lines go (stderr in the daemon).
        public var log: @Sendable (String) -> Void
        /// Most sessions alive at once (`-32012` beyond).
        public var maxSessions: Int

        public init(pluginDirectories: [String] = [], now: @escaping @Sendable () -> Double = { 0 },
                    log: @escaping @Sendable (String) -> Void = { _ in }, maxSessions: Int = 100_000) {
            self.pluginDirectories = pluginDirectories
            self.now = now
            self.log = log
            self.maxSessions = maxSessions
        }
    }

    /// Which clock moves time.
    public enum ClockMode: String, Sendable {
        /// Time moves only on `clock.tick`; output is deterministic.
        case host
        /// The server ticks itself at `fps` while anything moves.
        case realtime
    }

    public static let version = "0.1.0"

    public let configuration: Configuration
    let plugins: PluginHost
    public private(set) var clock: ClockMode = .host
    public private(set) var fps: Double = 60
    /// Live sessions by handle, and the moving ones (whose frame may differ from the last one sent).
    var sessions = SessionTable()
    var nextSessionNumber = 1
    /// Where frames are written before they become messages.
    let frameScratch = JSONScratch()
    var realtimeOrigin: Double = 0
    /// The host clock's time: the latest `t` seen on any tick or input. Time never goes
    /// backwards, for every session alike (an idle session is not ticked, so its own time
    /// may lag; an input is applied at least at this time).
    var hostNow = -Double.infinity
    /// Realtime clock: server time minus host time, from the first stamped input.
    var realtimeOffset: Double?
    var lastRealtimeTick: Double?
    /// Notifications produced by the call being handled, flushed before its response.
    var outbox: [RPCNotification] = []
    var currentMethod = ""

    public init(configuration: Configuration) {
        self.configuration = configuration
        let reserved = Set(BuiltinPolicies.dismissalNames + BuiltinPolicies.scrollHandoffNames
                           + BuiltinPolicies.navigationNames)
        self.plugins = PluginHost(allowedDirectories: configuration.pluginDirectories,
                                  reservedNames: reserved, log: configuration.log)
        _ = plugins.loadAll()
    }

    // MARK: - RPCService

    public var methodNames: Set<String> { Set(Self.allHandlers.keys) }

    static let allHandlers = handlers.merging(navigationHandlers) { a, _ in a }

    public func initialize(_ params: JSONValue?, emit: (RPCNotification) -> Void) throws(RPCError) -> JSONValue {
        let p = Params(params)
        if p.exists {
            try p.requireObject()
            try p.rejectUnknownKeys(["clientInfo", "clock", "fps", "processId", "capabilities", "rootUri", "trace"])
        }
        if let c = try p["clock"].optionalOneOf(["host", "realtime"]) { clock = ClockMode(rawValue: c)! }
        fps = try p["fps"].optionalNumber(in: 1...240) ?? 60
        realtimeOrigin = configuration.now()
        return ["serverInfo": ["name": "sheetd", "version": .string(Self.version)],
                "protocolVersion": "1", "clock": .string(clock.rawValue), "fps": .number(fps),
                "policies": policiesJSON()]
    }

    public func call(_ method: String, params: JSONValue?, isNotification: Bool,
                     emit: (RPCNotification) -> Void) throws(RPCError) -> JSONValue {
        guard let handler = Self.allHandlers[method] else { throw RPCError.methodNotFound(method) }
        currentMethod = method
        defer {
            for n in outbox { emit(n) }
            outbox.removeAll(keepingCapacity: true)
        }
        return try handler(self, Params(params))
    }

    public func nextDeadline() -> Double? {
        guard clock == .realtime, !sessions.moving.isEmpty else { return nil }
        let interval = 1000 / fps
        guard let last = lastRealtimeTick else { return configuration.now() }
        return last + interval
    }

    public func advance(to now: Double, emit: (RPCNotification) -> Void) {
        guard clock == .realtime else { return }
        lastRealtimeTick = now
        currentMethod = "clock.tick"
        hostNow = max(hostNow, now - realtimeOrigin)
        _ = tick(at: hostNow)
        for n in outbox { emit(n) }
        outbox.removeAll(keepingCapacity: true)
        if sessions.moving.isEmpty { lastRealtimeTick = nil }
    }

    // MARK: - Frames

    /// Advance every moving session to `t` (in creation order) and queue a frame for each
    /// one that changed, written straight into its message bytes.
    func tick(at t: Double) -> Int {
        var count = 0
        sessions.forEachMoving { s in
            var frame = Self.draw(&s.sheet, at: t)
            if frame != s.lastFrame {
                s.seq += 1
                outbox.append(RPCNotification(method: "sheet.frame",
                                              encodedMessage: WireEncoding.frameMessage(frame, session: s.id, seq: s.seq, t: t,
                                                                                     scratch: frameScratch)))
                count += 1
                // One-shot members are spent once sent; they do not count as a later change.
                s.sheet.didDeliverFrame()
                frame.scroll.flingVelocityY = nil
                s.lastFrame = frame
            }
            drain(s, id: s.id)
            return Self.isActive(&s.sheet)
        }
        return count
    }

    // Reading a `Sheet` stored in a class through `inout` uses it in place; a plain read
    // (`s.sheet.frame()`) copies the whole value first (a retain per member) on every frame.

    /// Advances `sheet` to `t` and returns its frame, in place.
    static func draw(_ sheet: inout Sheet, at t: Double) -> SheetFrame {
        sheet.advance(to: t)
        return sheet.frame()
    }

    /// `sheet.isActive`, read in place.
    static func isActive(_ sheet: inout Sheet) -> Bool { sheet.isActive }

    /// Queue the session's pending events and diagnostics.
    func drain(_ s: Session, id: String) {
        let (events, diagnostics) = s.sheet.takeOutput()
        for e in events {
            outbox.append(RPCNotification(method: "sheet.event", params: WireEncoding.event(e, session: id)))
        }
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
        outbox.append(RPCNotification(method: "$/diagnostic", params: .object(o)))
    }

    // MARK: - Helpers for handlers

    /// The engine time of an input: its `t` on the host clock. On the realtime clock, the
    /// host's `t` mapped onto the server's clock (offset fixed by the first stamped input,
    /// never later than now, never backwards), so gesture samples keep the spacing the host
    /// measured and pipe jitter does not distort release velocities; unstamped inputs use now.
    func time(_ p: Params) throws(RPCError) -> Double {
        if clock == .realtime { return time(stamped: try p["t"].optionalNumber(in: Wire.time)) }
        return time(stamped: try p["t"].number(in: Wire.time))
    }

    /// `time(_:)` for an already validated `t` (nil: unstamped, realtime clock only).
    func time(stamped hostT: Double?) -> Double {
        if clock == .realtime {
            let now = configuration.now() - realtimeOrigin
            var t = now
            if let hostT {
                let offset = realtimeOffset ?? (now - hostT)
                realtimeOffset = offset
                t = min(now, hostT + offset)
            }
            t = max(t, hostNow)
            hostNow = t
            return t
        }
        let t = max(hostT!, hostNow)
        hostNow = t
        return t
    }

    /// Run `body` on the named session, then publish its output and mark it for the next frame.
    func withSession(_ p: Params, _ body: (inout Sheet) throws(SheetError) -> Void) throws(RPCError) -> JSONValue {
        let id = try p["session"].string()
        guard let s = sessions[id] else { throw RPCError.unknownSession(id) }
        return try withSession(s, body)
    }

    /// Run `body` on `s`, then publish its output and mark it for the next frame.
    func withSession(_ s: Session, _ body: (inout Sheet) throws(SheetError) -> Void) throws(RPCError) -> JSONValue {
        try apply(to: s, body)
        return ["state": .string(s.sheet.phase.rawValue)]
    }

    /// `withSession` without building the answer (a notification's is never read).
    func apply(to s: Session, _ body: (inout Sheet) throws(SheetError) -> Void) throws(RPCError) {
        do {
            try body(&s.sheet)
        } catch {
            drain(s, id: s.id)
            throw RPCError(error)
        }
        drain(s, id: s.id)
        sessions.markMoving(s)
    }

    func policiesJSON() -> JSONValue {
        func names(_ builtin: [String], _ kind: PolicyKind) -> JSONValue {
            .array((builtin + plugins.plugins.filter { $0.kind == kind }.map(\.name)).map { .string($0) })
        }
        return ["dismissal": names(BuiltinPolicies.dismissalNames, .dismissal),
                "scrollHandoff": names(BuiltinPolicies.scrollHandoffNames, .scrollHandoff),
                "navigation": names(BuiltinPolicies.navigationNames, .navigation)]
    }
}

extension RPCError {
    /// The JSON-RPC error for an engine refusal.
    init(_ error: SheetError) {
        switch error.kind {
        case .invalidParams: self = .invalidParams(error.message)
        case .invalidState: self = .invalidState(error.message)
        case .limitExceeded: self = .limitExceeded(error.message)
        }
    }
}
