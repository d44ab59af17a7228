/// Where a service sends the notifications of the message or clock tick it is handling:
/// straight into the connection's output, in order, before that message's response.
///
/// A notification has one representation, `{"jsonrpc":"2.0","method":…,"params":…}` with
/// its `RPCMessageKind`, written by `RPCEncoder` into the output's buffer. Its params are
/// either written in place (`notify(_:_:paramsBound:_:)`, the frame writer: no copy) or
/// given as a `JSONValue` (`notify(_:_:params:)`).
public struct RPCNotifier {
    /// Where the notifications go.
    public let output: any RPCOutput

    /// A notifier writing into `output`.
    public init(_ output: any RPCOutput) {
        self.output = output
    }

    /// Sends `method` with params written by `params` (one JSON value, at most `paramsBound` bytes).
    public func notify(_ method: String, _ kind: RPCMessageKind, paramsBound: Int,
                       _ params: (inout JSONWriter) -> Void) {
        output.send(kind, bound: RPCEncoder.notificationBound(method: method) + paramsBound) { w in
            RPCEncoder.notification(method, into: &w, params)
        }
    }

    /// Sends `method` with `params`.
    public func notify(_ method: String, _ kind: RPCMessageKind, params: JSONValue) {
        let encoded = JSONCodec.encode(params)
        notify(method, kind, paramsBound: encoded.count) { $0.json(encoded) }
    }
}
