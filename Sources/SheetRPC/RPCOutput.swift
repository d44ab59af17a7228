/// Where an `RPCConnection` sends its outgoing messages: in order, one at a time, as they
/// are produced (a `sheet.frame` of a 100,000-session tick is handed over before the next
/// one is computed).
///
/// Each message comes with its `RPCMessageKind` and a `write` that puts its body (unframed,
/// at most `bound` bytes) into a buffer the output owns, `MessageBuffer.write(bound:_:)` or
/// `FrameEncoder.frame(into:bound:_:)`: a frame's members are written straight into the
/// output chunk.
///
/// `isFull` is the back-pressure signal: while it is true, the connection stops between the
/// elements of a batch and reports itself paused (`RPCConnection.isPaused`); the owner of
/// the output calls `RPCConnection.resume(to:)` once it has drained.
public protocol RPCOutput: AnyObject {
    /// One message body of `kind`, written by `write` (at most `bound` bytes).
    func send(_ kind: RPCMessageKind, bound: Int, _ write: (inout JSONWriter) -> Void)
    /// More is pending than the output wants to hold: take no more work.
    var isFull: Bool { get }
}

extension RPCOutput {
    /// One message body already in bytes.
    public func send(_ kind: RPCMessageKind, _ body: [UInt8]) {
        send(kind, bound: body.count) { $0.json(body) }
    }
}

/// An `RPCOutput` that keeps every body in memory and is never full (tests, `replay`, the
/// in-process benchmark).
public final class RPCCollector: RPCOutput {
    /// The bodies sent so far.
    public var bodies: [[UInt8]] = []
    /// The kind of each body.
    public var kinds: [RPCMessageKind] = []
    private let scratch = MessageBuffer()

    public init() {}

    /// The bodies `body` sends to a fresh collector (in-process use: `replay`, the bench).
    public static func bodies(_ body: (RPCCollector) -> Void) -> [[UInt8]] {
        let out = RPCCollector()
        body(out)
        return out.bodies
    }

    public func send(_ kind: RPCMessageKind, bound: Int, _ write: (inout JSONWriter) -> Void) {
        scratch.removeAll()
        scratch.write(bound: bound, write)
        bodies.append(Array(scratch.bytes))
        kinds.append(kind)
    }

    public var isFull: Bool { false }
}
