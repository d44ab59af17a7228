import SheetRPC

/// Test conveniences: feed a connection one message and get back every body it produced,
/// collected in memory (an `RPCCollector`, which is never full).
extension RPCConnection {
    /// Handles one message body given as text.
    public func receive(_ message: String) -> [[UInt8]] {
        receive(Array(message.utf8))
    }

    /// Handles one message body.
    public func receive(_ message: [UInt8]) -> [[UInt8]] {
        RPCCollector.bodies { receive(message[...], to: $0) }
    }

    /// Handles a decoder event: a message or a framing error.
    public func receive(_ event: FrameDecoder.Event) -> [[UInt8]] {
        RPCCollector.bodies { receive(event, to: $0) }
    }

    /// Lets the service advance its realtime clock; the notifications it sent.
    public func advance(to now: Double) -> [[UInt8]] {
        RPCCollector.bodies { advance(to: now, out: $0) }
    }
}
