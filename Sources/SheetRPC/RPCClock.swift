import SheetWire

/// Which clock moves a service's time, as chosen by `initialize`: the wire's own enum
/// (`host`: time moves only on the host's `clock.tick`, output is a function of the input
/// stream; `realtime`: the service ticks itself through `RPCService.nextDeadline` and
/// `advance`, and a slow reader may skip to the newest frame of a session).
public typealias RPCClock = Initialize.Clock
