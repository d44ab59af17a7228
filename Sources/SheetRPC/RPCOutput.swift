/// Where an `RPCConnection` sends its outgoing message bodies: in order, one at a time, as
/// they are produced (a `sheet.frame` of a 100,000-session tick is handed over before the
/// next one is computed).
///
/// `isFull` is the back-pressure signal: while it is true, the connection stops between the
/// elements of a batch and reports itself paused (`RPCConnection.isPaused`); the owner of
/// the output calls `RPCConnection.resume(to:)` once it has drained.
public protocol RPCOutput: AnyObject {
    /// One message body (unframed; see `FrameEncoder`).
    func send(_ body: [UInt8])
    /// More is pending than the output wants to hold: take no more work.
    var isFull: Bool { get }
}

/// An `RPCOutput` that keeps every body in memory and is never full (tests, `replay`, the
/// in-process benchmark).
public final class RPCCollector: RPCOutput {
    /// The bodies sent so far.
    public var bodies: [[UInt8]] = []

    public init() {}

    public func send(_ body: [UInt8]) { bodies.append(body) }

    public var isFull: Bool { false }
}
