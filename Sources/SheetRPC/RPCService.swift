/// A notification the server sends to the host (`sheet.frame`, `sheet.event`, `$/diagnostic`).
public struct RPCNotification: Sendable, Equatable {
    public var method: String
    public var params: JSONValue
    /// The whole message already encoded (`{"jsonrpc":"2.0","method":…,"params":…}`), for
    /// hot notifications written straight into bytes; `params` is then `null`.
    public var encodedMessage: [UInt8]?

    public init(method: String, params: JSONValue) {
        self.method = method
        self.params = params
    }

    /// A notification whose message bytes are already written.
    public init(method: String, encodedMessage: [UInt8]) {
        self.method = method
        self.params = .null
        self.encodedMessage = encodedMessage
    }
}

/// The application behind a JSON-RPC connection.
///
/// `RPCConnection` owns everything generic — framing, batches, ids, the lifecycle
/// (`initialize` first, `shutdown`, `exit`), `-32601` for unknown methods and `$/diagnostic`
/// for failed notifications — and hands each valid call here. Notifications the service
/// emits while handling a call are written before that call's response.
public protocol RPCService: AnyObject {
    /// Methods served after `initialize` (lifecycle methods excluded).
    var methodNames: Set<String> { get }
    /// Handle `initialize`; returns its result.
    func initialize(_ params: JSONValue?, emit: (RPCNotification) -> Void) throws(RPCError) -> JSONValue
    /// Handle a method in `methodNames`. `isNotification` is true when nobody will read the
    /// result (errors then become `$/diagnostic`).
    func call(_ method: String, params: JSONValue?, isNotification: Bool,
              emit: (RPCNotification) -> Void) throws(RPCError) -> JSONValue
    /// Realtime clock only: when (ms on the loop's monotonic clock) `advance` is next due;
    /// `nil` when nothing moves (the loop then blocks on input alone).
    func nextDeadline() -> Double?
    /// Realtime clock only: advance to `now` (ms) and emit the frames that changed.
    func advance(to now: Double, emit: (RPCNotification) -> Void)
    /// The fast path for hot messages, tried on each whole message (not batches) after
    /// `initialize` and before `shutdown`: nil leaves the message to the generic path;
    /// otherwise the message was handled exactly as `call` would have handled it.
    func fastPath(_ message: UnsafeRawBufferPointer, emit: (RPCNotification) -> Void) -> RPCFastOutcome?
}

extension RPCService {
    /// No fast path: every message takes the generic path.
    public func fastPath(_ message: UnsafeRawBufferPointer, emit: (RPCNotification) -> Void) -> RPCFastOutcome? { nil }
}

/// What a service's fast path did with a message. `id` is the request's integer id, nil for
/// a notification (then a result is dropped and an error becomes a `$/diagnostic`).
public enum RPCFastOutcome {
    case result(id: Int64?, JSONValue)
    case error(id: Int64?, method: String, RPCError)
}
