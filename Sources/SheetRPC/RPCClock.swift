/// Which clock moves a service's time, as chosen by `initialize`.
public enum RPCClock: String, Sendable {
    /// Time moves only on the host's `clock.tick`; output is a function of the input stream.
    case host
    /// The service ticks itself (`RPCService.nextDeadline`, `advance`): frames are paced, and
    /// a slow reader may skip to the newest frame of a session.
    case realtime
}
