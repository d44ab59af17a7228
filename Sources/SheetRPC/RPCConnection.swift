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
/// Output goes to an `RPCOutput` as it is produced. When the output says it is full, a batch
/// stops between two elements and the connection is `isPaused` until `resume(to:)` — the
/// rest of the batch is processed later, and its response array is still one message.
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

    /// Handles one message body and returns everything it produced.
    public func receive(_ message: ArraySlice<UInt8>) -> [[UInt8]] {
        let out = RPCCollector()
        receive(message, to: out)
        return out.bodies
    }

    /// Handles a decoder event: a message or a framing error.
    public func receive(_ event: FrameDecoder.Event) -> [[UInt8]] {
        let out = RPCCollector()
        receive(event, to: out)
        return out.bodies
    }

    /// The answer to a framing error (see the type's documentation for the codes).
    public func receive(frameError: FrameError) -> [[UInt8]] {
        let out = RPCCollector()
        receive(frameError: frameError, to: out)
        return out.bodies
    }

    /// Handles a decoder event, sending what it produces to `out` as it is produced.
    /// Returns `false` when it paused inside a batch because `out` was full (see `resume`).
    @discardableResult
    public func receive(_ event: FrameDecoder.Event, to out: some RPCOutput) -> Bool {
        switch event {
        case .message(let m): return receive(m[...], to: out)
        case .error(let e):
            receive(frameError: e, to: out)
            return true
        }
    }

    /// Handles one message body, sending what it produces to `out` as it is produced. A batch
    /// is processed element by element: when `out.isFull` before an element, the connection
    /// keeps the rest, returns `false` and `isPaused` is true until `resume(to:)` finishes it
    /// (its response array is still sent as one message, after its last element).
    @discardableResult
    public func receive(_ message: ArraySlice<UInt8>, to out: some RPCOutput) -> Bool {
        precondition(batch == nil, "receive while a batch is paused: call resume(to:) first")
        guard exitCode == nil else { return true }
        if isInitialized && !isShuttingDown && receiveFast(message, to: out) { return true }
        let value: JSONValue
        do {
            value = try JSONCodec.decode(message)
        } catch {
            if error.isNulInMemberName, let answer = Self.refuseNulMemberName(message) {
                out.send(answer)
                return true
            }
            out.send(Self.errorResponse(id: .null, raw: nil, RPCError.parseError("parse error: \(error)")))
            return true
        }
        guard case .array(let elements) = value else {
            if let r = process(value, source: message, element: nil, out: out) { out.send(r) }
            return true
        }
        guard !elements.isEmpty else {
            out.send(Self.errorResponse(id: .null, raw: nil, .invalidRequest("invalid request: empty batch")))
            return true
        }
        return run(Batch(elements: elements, source: message), to: out)
    }

    /// A batch received but not finished because the output was full.
    public var isPaused: Bool { batch != nil }

    /// Continues a paused batch; returns `false` if it paused again (`true` when nothing was paused).
    @discardableResult
    public func resume(to out: some RPCOutput) -> Bool {
        guard let b = batch else { return true }
        batch = nil
        return run(b, to: out)
    }

    /// The answer to a framing error, sent to `out`.
    public func receive(frameError: FrameError, to out: some RPCOutput) {
        guard exitCode == nil else { return }
        let error: RPCError
        switch frameError {
        case .oversize(let limit, let size):
            var data: JSONObject = ["limit": .int(Int64(limit))]
            if let size { data["size"] = .int(Int64(size)) }
            error = RPCError(code: RPCError.invalidRequestCode, message: frameError.description, data: .object(data))
        case .malformedHeader, .truncated:
            error = RPCError.parseError(frameError.description)
        }
        out.send(Self.errorResponse(id: .null, raw: nil, error))
    }

    /// A batch being processed: its elements, the next one to run and the responses so far
    /// (the inside of the response array).
    private final class Batch {
        let elements: [JSONValue]
        let source: ArraySlice<UInt8>
        var next = 0
        var responses: [UInt8] = []

        init(elements: [JSONValue], source: ArraySlice<UInt8>) {
            self.elements = elements
            self.source = source
        }
    }

    private var batch: Batch?

    /// A batch's responses are held until its end (they form one message). Once they pass
    /// this many bytes, each further request of the batch is refused unexecuted with
    /// `-32012` (its notifications still run), so memory stays bounded whatever the batch.
    public static let maxBatchResponseBytes = 16 << 20

    private static let batchResponseTooLarge = RPCError.limitExceeded(
        "batch response over \(maxBatchResponseBytes >> 20) MiB: request not run; send it again in another batch")

    /// Runs batch elements until the end (then sends the response array, if any) or until
    /// `out` is full before an element (then parks the batch and returns `false`).
    private func run(_ b: Batch, to out: some RPCOutput) -> Bool {
        while b.next < b.elements.count && exitCode == nil {
            if out.isFull {
                batch = b
                return false
            }
            let i = b.next
            b.next += 1
            let refusal = b.responses.count > Self.maxBatchResponseBytes ? Self.batchResponseTooLarge : nil
            if let r = process(b.elements[i], source: b.source, element: i, refusing: refusal, out: out) {
                b.responses.append(b.responses.isEmpty ? UInt8(ascii: "[") : UInt8(ascii: ","))
                b.responses.append(contentsOf: r)
            }
        }
        if !b.responses.isEmpty {
            b.responses.append(UInt8(ascii: "]"))
            out.send(b.responses)
        }
        return true
    }

    /// Valid JSON whose member name holds `\u0000` (the decoder cannot represent it): a
    /// `-32602` naming the member, answering the request's id (a `$/diagnostic` for a
    /// notification). Nil when the message is not a single object.
    private static func refuseNulMemberName(_ message: ArraySlice<UInt8>) -> [UInt8]? {
        guard let name = RawMemberScanner.firstMemberNameWithNUL(in: message) else { return nil }
        func member(_ key: String) -> (JSONValue, ArraySlice<UInt8>)? {
            guard let raw = RawMemberScanner.member(Array(key.utf8), in: message),
                  let value = try? JSONCodec.decode(raw) else { return nil }
            return (value, raw)
        }
        guard message.first(where: { $0 != 32 && $0 != 9 && $0 != 10 && $0 != 13 }) == UInt8(ascii: "{") else {
            return nil
        }
        let error = RPCError.invalidParams(
            "member name \"\(String(decoding: name, as: UTF8.self))\": NUL characters (\\u0000) are not supported in member names")
        guard let (id, raw) = member("id") else {
            var params: JSONObject = [:]
            if case .string(let method)? = member("method")?.0 { params["method"] = .string(method) }
            params["code"] = .int(Int64(error.code))
            params["message"] = .string(error.message)
            return encode(notification: RPCNotification(method: "$/diagnostic", params: .object(params)))
        }
        switch id {
        case .string, .int, .null: return errorResponse(id: id, raw: nil, error)
        case .double: return errorResponse(id: id, raw: raw, error)
        default: return errorResponse(id: .null, raw: nil, error)
        }
    }

    // MARK: Clock

    /// The service's next deadline (ms), `nil` when idle or not initialized.
    public func nextDeadline() -> Double? {
        guard isInitialized, exitCode == nil else { return nil }
        return service.nextDeadline()
    }

    /// Lets the service advance its realtime clock; returns the notifications it emitted.
    public func advance(to now: Double) -> [[UInt8]] {
        let out = RPCCollector()
        advance(to: now, out: out)
        return out.bodies
    }

    /// Lets the service advance its realtime clock, sending its notifications to `out`.
    public func advance(to now: Double, out: some RPCOutput) {
        guard isInitialized, exitCode == nil else { return }
        service.advance(to: now) { out.send(Self.encode(notification: $0)) }
    }

    // MARK: Dispatch

    private static let idKey: [UInt8] = Array("id".utf8)

    /// Validates and dispatches one request or notification; returns its response, if any.
    private func process(_ v: JSONValue, source: ArraySlice<UInt8>, element: Int?,
                         refusing refusal: RPCError? = nil, out: some RPCOutput) -> [UInt8]? {
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
            notify(method, params, out: out)
            return nil
        }
        if let refusal { return Self.errorResponse(id: id, raw: raw, refusal) }
        do throws(RPCError) {
            let result = try request(method, params, out: out)
            return Self.resultResponse(id: id, raw: raw, result)
        } catch {
            return Self.errorResponse(id: id, raw: raw, error)
        }
    }

    private func request(_ method: String, _ params: JSONValue?, out: some RPCOutput) throws(RPCError) -> JSONValue {
        switch method {
        case "initialize":
            if isShuttingDown { throw Self.shuttingDown }
            if isInitialized {
                throw RPCError.invalidState("initialize was already received; it may be sent only once")
            }
            let result = try service.initialize(params) { out.send(Self.encode(notification: $0)) }
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
                out.send(Self.encode(notification: $0))
            }
        }
    }

    private func notify(_ method: String, _ params: JSONValue?, out: some RPCOutput) {
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
                    out.send(Self.encode(notification: $0))
                }
            }
        } catch {
            out.send(Self.diagnostic(method: method, error))
        }
    }

    /// The service's fast path (`RPCService.fastPath`); false when it declined the message.
    private func receiveFast(_ message: ArraySlice<UInt8>, to out: some RPCOutput) -> Bool {
        let outcome = message.withUnsafeBytes { bytes in
            service.fastPath(bytes) { out.send(Self.encode(notification: $0)) }
        }
        switch outcome {
        case nil: return false
        case .result(let id?, let result)?: out.send(Self.resultResponse(id: .int(id), raw: nil, result))
        case .result(nil, _)?: break
        case .error(let id?, _, let error)?: out.send(Self.errorResponse(id: .int(id), raw: nil, error))
        case .error(nil, let method, let error)?: out.send(Self.diagnostic(method: method, error))
        }
        return true
    }

    /// The `$/diagnostic` answering a failed notification.
    private static func diagnostic(method: String, _ error: RPCError) -> [UInt8] {
        encode(notification: RPCNotification(
            method: "$/diagnostic",
            params: ["method": .string(method), "code": .int(Int64(error.code)), "message": .string(error.message)]))
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
        if let message = n.encodedMessage { return message }
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
