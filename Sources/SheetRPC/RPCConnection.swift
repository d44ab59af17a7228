/// One JSON-RPC 2.0 connection over an `RPCService`, without any I/O: feed it message
/// bodies (framing already removed) and write out what it returns, in order.
///
/// It implements everything generic in JSON-RPC 2.0 and the sheetd lifecycle:
/// - requests, notifications (never answered), batches (answered as one array; an empty
///   batch is a single `-32600`; a batch of only notifications gets no reply);
/// - ids (string, number, null) echoed exactly: a real id such as `7.0` or `1e2` is echoed
///   with the bytes the client sent;
/// - `-32700` parse error (id null), `-32600` invalid request (wrong `jsonrpc`, bad id type,
///   missing or non-string `method`, `params` neither object nor array — `"params": null`
///   is accepted as absent, as some LSP clients send it —, a non-object batch element), `-32601` method not found; service errors (`-32602`, `-32603`, application
///   codes) are passed through;
/// - lifecycle: before `initialize` every request gets `-32002` and every notification a
///   `$/diagnostic` (except `exit`); a second `initialize` gets `-32010`; `shutdown` answers
///   `null`, after it every request but `exit` gets `-32600` "shutting down"; the `exit`
///   notification (or request) sets `exitCode` to 0 after `shutdown`, else 1, and the
///   connection ignores everything after it;
/// - a notification that fails (unknown method, bad params, service error, lifecycle) is
///   answered by a `$/diagnostic` notification `{method, code, message}`; unknown client
///   notifications whose method starts with `$/` (such as `$/cancelRequest`) are ignored;
/// - notifications the service emits while handling a call come out before that call's
///   response (for a batch, before the batch's response array).
///
/// Framing errors (`receive(frameError:)`) are answered with id `null`: a malformed or
/// truncated frame with `-32700`, an oversized message with `-32600` (Invalid Request: it
/// was refused unread) whose message names the limit and whose `data` is `{limit, size?}`.
///
/// `service.methodNames` is read once, when `initialize` succeeds (the hot path does not
/// rebuild it); call `refreshMethodNames()` if the service's method set changes.
public final class RPCConnection {
    /// The application behind this connection.
    public let service: any RPCService
    /// `initialize` has succeeded.
    public private(set) var isInitialized = false
    /// `shutdown` has been received.
    public private(set) var isShuttingDown = false
    /// Set by `exit`: 0 after `shutdown`, else 1. The connection ignores all later input.
    public private(set) var exitCode: Int32?

    private var methodNames: Set<String> = []

    public init(service: any RPCService) {
        self.service = service
    }

    /// Re-reads `service.methodNames`.
    public func refreshMethodNames() {
        methodNames = service.methodNames
    }

    // MARK: Input

    /// Handles one message body (a request, a notification or a batch) and returns the
    /// message bodies to send, in order (unframed; see `FrameEncoder`).
    public func receive(_ message: [UInt8]) -> [[UInt8]] {
        receive(message[...])
    }

    /// Handles one message body given as text.
    public func receive(_ message: String) -> [[UInt8]] {
        receive(Array(message.utf8)[...])
    }

    /// Handles one message body.
    public func receive(_ message: ArraySlice<UInt8>) -> [[UInt8]] {
        guard exitCode == nil else { return [] }
        var out: [[UInt8]] = []
        let value: JSONValue
        do {
            value = try JSONCodec.decode(message)
        } catch {
            out.append(Self.errorResponse(id: .null, raw: nil, RPCError.parseError("parse error: \(error)")))
            return out
        }
        if case .array(let elements) = value {
            guard !elements.isEmpty else {
                out.append(Self.errorResponse(id: .null, raw: nil, .invalidRequest("invalid request: empty batch")))
                return out
            }
            var responses: [[UInt8]] = []
            for (i, e) in elements.enumerated() {
                if exitCode != nil { break }
                if let r = process(e, source: message, element: i, out: &out) { responses.append(r) }
            }
            if !responses.isEmpty {
                var batch: [UInt8] = [UInt8(ascii: "[")]
                batch.reserveCapacity(responses.reduce(2) { $0 + $1.count + 1 })
                for (i, r) in responses.enumerated() {
                    if i > 0 { batch.append(UInt8(ascii: ",")) }
                    batch.append(contentsOf: r)
                }
                batch.append(UInt8(ascii: "]"))
                out.append(batch)
            }
        } else if let r = process(value, source: message, element: nil, out: &out) {
            out.append(r)
        }
        return out
    }

    /// Handles a decoder event: a message or a framing error.
    public func receive(_ event: FrameDecoder.Event) -> [[UInt8]] {
        switch event {
        case .message(let m): return receive(m)
        case .error(let e): return receive(frameError: e)
        }
    }

    /// The answer to a framing error (see the type's documentation for the codes).
    public func receive(frameError: FrameError) -> [[UInt8]] {
        guard exitCode == nil else { return [] }
        let error: RPCError
        switch frameError {
        case .oversize(let limit, let size):
            var data: JSONObject = ["limit": .int(Int64(limit))]
            if let size { data["size"] = .int(Int64(size)) }
            error = RPCError(code: RPCError.invalidRequestCode, message: frameError.description, data: .object(data))
        case .malformedHeader, .truncated:
            error = RPCError.parseError(frameError.description)
        }
        return [Self.errorResponse(id: .null, raw: nil, error)]
    }

    // MARK: Clock

    /// The service's next deadline (ms), `nil` when idle or not initialized.
    public func nextDeadline() -> Double? {
        guard isInitialized, exitCode == nil else { return nil }
        return service.nextDeadline()
    }

    /// Lets the service advance its realtime clock; returns the notifications it emitted.
    public func advance(to now: Double) -> [[UInt8]] {
        guard isInitialized, exitCode == nil else { return [] }
        var out: [[UInt8]] = []
        service.advance(to: now) { out.append(Self.encode(notification: $0)) }
        return out
    }

    // MARK: Dispatch

    private static let idKey: [UInt8] = Array("id".utf8)

    /// Validates and dispatches one request or notification; returns its response, if any.
    private func process(_ v: JSONValue, source: ArraySlice<UInt8>, element: Int?,
                         out: inout [[UInt8]]) -> [UInt8]? {
        guard case .object(let o) = v else {
            return Self.errorResponse(id: .null, raw: nil,
                                      .invalidRequest("invalid request: expected an object, got \(v.typeName)"))
        }
        var id: JSONValue = .null
        var raw: ArraySlice<UInt8>?
        let isNotification: Bool
        if let idValue = o["id"] {
            isNotification = false
            switch idValue {
            case .string, .int, .null:
                id = idValue
            case .double:
                id = idValue
                raw = RawMemberScanner.member(Self.idKey, in: source, element: element)
            default:
                return Self.errorResponse(id: .null, raw: nil, .invalidRequest(
                    "invalid request: id must be a string, a number or null, got \(idValue.typeName)"))
            }
        } else {
            isNotification = true
        }
        guard case .string("2.0")? = o["jsonrpc"] else {
            return Self.errorResponse(id: id, raw: raw, .invalidRequest("invalid request: \"jsonrpc\" must be \"2.0\""))
        }
        guard case .string(let method)? = o["method"] else {
            let got = o["method"].map { "got \($0.typeName)" } ?? "missing"
            return Self.errorResponse(id: id, raw: raw, .invalidRequest("invalid request: \"method\" must be a string (\(got))"))
        }
        var params = o["params"]
        if let p = params {
            switch p {
            case .object, .array: break
            case .null: params = nil  // some LSP clients send `"params": null`; treat as absent
            default:
                return Self.errorResponse(id: id, raw: raw, .invalidRequest(
                    "invalid request: \"params\" must be an object or an array, got \(p.typeName)"))
            }
        }

        if isNotification {
            notify(method, params, out: &out)
            return nil
        }
        do throws(RPCError) {
            let result = try request(method, params, out: &out)
            return Self.resultResponse(id: id, raw: raw, result)
        } catch {
            return Self.errorResponse(id: id, raw: raw, error)
        }
    }

    private func request(_ method: String, _ params: JSONValue?, out: inout [[UInt8]]) throws(RPCError) -> JSONValue {
        switch method {
        case "initialize":
            if isShuttingDown { throw Self.shuttingDown }
            if isInitialized {
                throw RPCError.invalidState("initialize was already received; it may be sent only once")
            }
            let result = try service.initialize(params) { out.append(Self.encode(notification: $0)) }
            isInitialized = true
            refreshMethodNames()
            return result
        case "exit":
            exitCode = isShuttingDown ? 0 : 1
            return .null
        default:
            guard isInitialized else { throw RPCError.notInitialized(method) }
            if isShuttingDown { throw Self.shuttingDown }
            if method == "shutdown" {
                try Params(params).requireNone()
                isShuttingDown = true
                return .null
            }
            guard methodNames.contains(method) else { throw RPCError.methodNotFound(method) }
            return try service.call(method, params: params, isNotification: false) {
                out.append(Self.encode(notification: $0))
            }
        }
    }

    private func notify(_ method: String, _ params: JSONValue?, out: inout [[UInt8]]) {
        if method == "exit" {
            exitCode = isShuttingDown ? 0 : 1
            return
        }
        do throws(RPCError) {
            switch method {
            case "initialize", "shutdown":
                throw RPCError.invalidRequest("\(method) must be sent as a request (with an id)")
            default:
                if method.hasPrefix("$/") && !methodNames.contains(method) { return }
                guard isInitialized else { throw RPCError.notInitialized(method) }
                if isShuttingDown { throw Self.shuttingDown }
                guard methodNames.contains(method) else { throw RPCError.methodNotFound(method) }
                _ = try service.call(method, params: params, isNotification: true) {
                    out.append(Self.encode(notification: $0))
                }
            }
        } catch {
            out.append(Self.encode(notification: RPCNotification(
                method: "$/diagnostic",
                params: ["method": .string(method), "code": .int(Int64(error.code)), "message": .string(error.message)])))
        }
    }

    private static let shuttingDown = RPCError.invalidRequest("shutting down: only exit is accepted after shutdown")

    // MARK: Encoding

    private static let head: [UInt8] = Array("{\"jsonrpc\":\"2.0\",".utf8)
    private static let idPrefix: [UInt8] = Array("\"id\":".utf8)
    private static let resultPrefix: [UInt8] = Array(",\"result\":".utf8)
    private static let errorPrefix: [UInt8] = Array(",\"error\":".utf8)
    private static let methodPrefix: [UInt8] = Array("\"method\":".utf8)
    private static let paramsPrefix: [UInt8] = Array(",\"params\":".utf8)

    /// `{"jsonrpc":"2.0","method":…,"params":…}`
    public static func encode(notification n: RPCNotification) -> [UInt8] {
        var b: [UInt8] = []
        b.reserveCapacity(128)
        b.append(contentsOf: head)
        b.append(contentsOf: methodPrefix)
        JSONCodec.appendString(n.method, into: &b)
        b.append(contentsOf: paramsPrefix)
        JSONCodec.encode(n.params, into: &b)
        b.append(UInt8(ascii: "}"))
        return b
    }

    /// `{"jsonrpc":"2.0","id":…,"result":…}`
    public static func encode(resultFor id: JSONValue, _ result: JSONValue) -> [UInt8] {
        resultResponse(id: id, raw: nil, result)
    }

    /// `{"jsonrpc":"2.0","id":…,"error":{"code":…,"message":…,"data"?:…}}`
    public static func encode(errorFor id: JSONValue, _ error: RPCError) -> [UInt8] {
        errorResponse(id: id, raw: nil, error)
    }

    private static func appendID(_ id: JSONValue, raw: ArraySlice<UInt8>?, into b: inout [UInt8]) {
        b.append(contentsOf: head)
        b.append(contentsOf: idPrefix)
        if let raw { b.append(contentsOf: raw) } else { JSONCodec.encode(id, into: &b) }
    }

    private static func resultResponse(id: JSONValue, raw: ArraySlice<UInt8>?, _ result: JSONValue) -> [UInt8] {
        var b: [UInt8] = []
        b.reserveCapacity(128)
        appendID(id, raw: raw, into: &b)
        b.append(contentsOf: resultPrefix)
        JSONCodec.encode(result, into: &b)
        b.append(UInt8(ascii: "}"))
        return b
    }

    private static func errorResponse(id: JSONValue, raw: ArraySlice<UInt8>?, _ error: RPCError) -> [UInt8] {
        var b: [UInt8] = []
        b.reserveCapacity(128)
        appendID(id, raw: raw, into: &b)
        b.append(contentsOf: errorPrefix)
        JSONCodec.encode(error.json, into: &b)
        b.append(UInt8(ascii: "}"))
        return b
    }
}
