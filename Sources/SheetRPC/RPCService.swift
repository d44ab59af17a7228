/// The application behind a JSON-RPC connection.
///
/// `RPCConnection` owns everything generic — framing, batches, ids, the lifecycle
/// (`initialize` first, `shutdown`, `exit`), `-32601` for unknown methods and `$/diagnostic`
/// for failed notifications — and hands each valid call here. Notifications the service
/// sends to `emit` while handling a call are written before that call's response.
public protocol RPCService: AnyObject {
    /// Methods served after `initialize` (lifecycle methods excluded).
    var methodNames: Set<String> { get }
    /// Handle `initialize`; returns its result.
    func initialize(_ params: JSONValue?, emit: RPCNotifier) throws(RPCError) -> JSONValue
    /// Handle a method in `methodNames` (a request or a notification: the connection drops
    /// a notification's result and turns its error into a `$/diagnostic`).
    func call(_ method: String, params: JSONValue?, emit: RPCNotifier) throws(RPCError) -> JSONValue
    /// The clock `initialize` chose (the output paces and coalesces frames on the realtime one).
    var clock: RPCClock { get }
    /// Realtime clock only: when (ms on the loop's monotonic clock) `advance` is next due;
    /// `nil` when nothing moves (the loop then blocks on input alone).
    func nextDeadline() -> Double?
    /// Realtime clock only: advance to `now` (ms) and emit the frames that changed.
    func advance(to now: Double, emit: RPCNotifier)
    /// The fast path for hot messages, tried on each whole message (not batches) after
    /// `initialize` and before `shutdown`: nil leaves the message to the generic path;
    /// otherwise the message was handled exactly as `call` would have handled it.
    func fastPath(_ message: UnsafeRawBufferPointer, emit: RPCNotifier) -> RPCFastOutcome?
    /// The service as an `RPCSteppingService`, nil when it has no stepped calls (provided by
    /// the protocol extensions: no dynamic cast, which Embedded Swift, the WebAssembly build,
    /// does not have).
    var steppingService: (any RPCSteppingService)? { get }
}

extension RPCService {
    /// No stepped calls.
    public var steppingService: (any RPCSteppingService)? { nil }

    /// No fast path: every message takes the generic path.
    public func fastPath(_ message: UnsafeRawBufferPointer, emit: RPCNotifier) -> RPCFastOutcome? { nil }
}

/// What a service's fast path did with a message. `id` is the request's integer id, nil for
/// a notification (then a result is dropped and an error becomes a `$/diagnostic`).
public enum RPCFastOutcome {
    case result(id: Int64?, JSONValue)
    /// A result object of two number members, `{"a":x,"b":y}`, written straight into the
    /// output with no `JSONValue` in between (`clock.tick`'s `{t, frames}`, once per frame on
    /// the hot path): the bytes `.result` writes for the same object.
    case numbers(id: Int64?, StaticString, Double, StaticString, Double)
    case error(id: Int64?, method: String, RPCError)
}

/// A call that runs in steps (`clock.runUntilRest`: one tick per step): the connection runs
/// its steps one after another and, like a batch between elements, stops between two steps
/// while the output is full (it is then `isPaused` until `resume(to:)`). Each step's
/// notifications come out as it runs; the call's response comes after its last step.
public protocol RPCSteppedCall: AnyObject {
    /// Runs the next step, sending its notifications to `emit`: the call's result once it is
    /// done, nil while steps remain. An error ends the call (its response is that error).
    func step(emit: RPCNotifier) throws(RPCError) -> JSONValue?
}

/// Services whose methods may run in steps.
public protocol RPCSteppingService: RPCService {
    /// The stepped call `method` starts (its params checked), or nil: `call` handles `method`.
    func begin(_ method: String, params: JSONValue?) throws(RPCError) -> (any RPCSteppedCall)?
}

extension RPCSteppingService {
    /// Itself.
    public var steppingService: (any RPCSteppingService)? { self }
}
