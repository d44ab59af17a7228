/// `session.frame {session}`: the session's frame at the server's current time (a
/// `sheet.frame`'s params, `seq` the last one sent or 0). Nothing is emitted, nothing advances.
public enum SessionFrame: WireMethod {
    public static let name = "session.frame"
    public static let members = [CommandMembers.session.spec]
    public static let result = WireResult.frame
}

/// `clock.runUntilRest {fps?, maxMs?}`: host clock only; ticks at `t0 + k × 1000/fps`
/// (k = 1, 2, …; t0 the server's time) until every session rests or the next tick would pass
/// `t0 + maxMs`, emitting what those ticks would; answers `{t, ticks, frames, rested}`.
public enum ClockRunUntilRest: WireMethod {
    public static let name = "clock.runUntilRest"
    /// Ticks per second.
    public static let fps = Member<Double>.number("fps", in: WireRange.fps, default: 60)
    /// The longest run (ms after the server's time).
    public static let maxMs = Member<Double>.number("maxMs", in: 0...60_000, default: 10_000)
    public static let members = [fps.spec, maxMs.spec]
    public static let result = WireResult.runUntilRest
}
