/// `initialize {clientInfo?, clock?, fps?}`: the first request of a connection.
public enum Initialize: WireMethod {
    public static let name = "initialize"
    /// The clock a connection runs on.
    public enum Clock: String, WireEnum {
        /// Time moves only on `clock.tick`: deterministic.
        case host
        /// The daemon ticks itself while anything moves.
        case realtime
    }
    public static let clientInfo = MemberSpec("clientInfo", .object, required: false)
    public static let clock = Member<Clock>.choice("clock", default: .host)
    public static let fps = Member<Double>.number("fps", in: WireRange.fps, default: 60)
    /// Reduced motion for every session that does not set `options.reduceMotion`.
    public static let reduceMotion = Member<Bool>.flag("reduceMotion", default: false)
    public static let members = [clientInfo, clock.spec, fps.spec, reduceMotion.spec]
    /// The names of `members`, without laying out a `[MemberSpec]` (the daemon checks a
    /// host's `initialize` against these before its reply; `LifecycleWireTests` holds them equal).
    public static let memberNames = [clientInfo.name, clock.name, fps.name, reduceMotion.name]
    /// Language-server members a client may send; accepted and ignored, not documented.
    public static let lspMembers = ["processId", "capabilities", "rootUri", "trace"]
    public static let result = WireResult.initialize
}

/// `shutdown`: the daemon answers, then waits for `exit`.
public enum Shutdown: WireMethod {
    public static let name = "shutdown"
    public static let members: [MemberSpec] = []
    public static let result = WireResult.null
}

/// `exit` (a notification): the daemon ends.
public enum Exit: WireMethod {
    public static let name = "exit"
    public static let members: [MemberSpec] = []
    public static let result = WireResult.null
}

/// `clock.tick {t}`: the host clock moves to `t` and the moving sessions' frames come out.
public enum ClockTick: WireMethod {
    public static let name = "clock.tick"
    public static let t = Member<Double>.number("t", in: WireRange.time)
    public static let members = [t.spec]
    public static let result = WireResult.tick
}
