/// One JSON-RPC 2.0 connection over an `RPCService`, without any I/O: feed it message
/// bodies (framing already removed) and it writes what they produce to an `RPCOutput`,
/// in order, as it is produced.
///
/// It implements everything generic in JSON-RPC 2.0:
/// - requests, notifications (never answered), batches (answered as one array; an empty
///   batch is a single `-32600`; a batch of only notifications gets no reply);
/// - ids (string, number, null) echoed exactly: a real id such as `7.0` or `1e2` is echoed
///   with the bytes the client sent;
/// - `-32700` parse error (id null), `-32600` invalid request (wrong `jsonrpc`, bad id type,
///   missing or non-string `method`, `params` neither object nor array — `"params": null`
///   is accepted as absent, as some LSP clients send it —, a non-object batch element),
///   `-32601` method not found; service errors (`-32602`, `-32603`, application codes) are
///   passed through;
/// - a notification that fails (unknown method, bad params, service error, lifecycle) is
///   answered by a `$/diagnostic` notification `{method, code, message}`; unknown client
///   notifications whose method starts with `$/` (such as `$/cancelRequest`) are ignored;
/// - notifications the service emits while handling a call come out before that call's
///   response (for a batch, before the batch's response array).
///
/// The sheetd lifecycle is `RPCLifecycle`: before `initialize` every request gets `-32002`
/// and every notification a `$/diagnostic` (except `exit`); a second `initialize` gets
/// `-32010`; `shutdown` answers `null`, after it every request but `exit` gets `-32600`
/// "shutting down"; `exit` (notification or request) sets `exitCode` to 0 after `shutdown`,
/// else 1, and the connection ignores everything after it.
///
/// Back-pressure is `RPCBatch`: when the output says it is full, a batch stops between two
/// elements and the connection is `isPaused` until `resume(to:)` — the rest of the batch is
/// processed later, and its response array is still one message. A stepped call
/// (`RPCSteppedCall`, from an `RPCSteppingService`) stops the same way between two steps,
/// alone or inside a batch; its response comes after its last step.
///
/// Framing errors (`.error` events) are answered with id `null`: a malformed or truncated
/// frame with `-32700`, an oversized message with `-32600` (Invalid Request: it was refused
/// unread) whose message names the limit and whose `data` is `{limit, size?}`.
///
/// `service.methodNames` is read once, after `initialize` succeeds: at the first message that
/// needs it, so the `initialize` reply goes out before the service builds its method set (a
/// host waits for that reply at every start); the hot path does not rebuild it. Call
/// `refreshMethodNames()` if the service's method set changes.
public final class RPCConnection {
    /// The application behind this connection.
    public let service: any RPCService
    private var lifecycle = RPCLifecycle()
    /// The service's methods as last read; nil: read them at the next use (after `initialize`).
    /// Empty before `initialize` (nothing is served then).
    private var knownMethodNames: Set<String>? = []
    private var methodNames: Set<String> {
        if let names = knownMethodNames { return names }
        let names = service.methodNames
        knownMethodNames = names
        return names
    }
    private var batch: RPCBatch?
    /// The service's stepped calls, if it has any.
    private let steppingService: (any RPCSteppingService)?
    /// A stepped call stopped between two steps because the output was full.
    private var stepping: Stepping?

    public init(service: any RPCService) {
        self.service = service
        self.steppingService = service.steppingService
    }

    /// A stepped call being run: what its response needs.
    private struct Stepping {
        let call: any RPCSteppedCall
        let method: String
        /// The request's id; nil for a notification (no response, an error is a `$/diagnostic`).
        let id: JSONValue?
        let raw: ArraySlice<UInt8>?
    }

    /// `initialize` has succeeded.
    public var isInitialized: Bool { lifecycle.isInitialized }
    /// `shutdown` has been received.
    public var isShuttingDown: Bool { lifecycle.state == .shuttingDown || lifecycle.exitCode == 0 }
    /// Set by `exit`: 0 after `shutdown`, else 1. The connection ignores all later input.
    public var exitCode: Int32? { lifecycle.exitCode }

    /// Re-reads `service.methodNames`.
    public func refreshMethodNames() {
        knownMethodNames = service.methodNames
    }

    /// A batch's responses are held until its end (they form one message). Once they pass
    /// this many bytes, each further request of the batch is refused unexecuted with
    /// `-32012` (its notifications still run), so memory stays bounded whatever the batch.
    public static let maxBatchResponseBytes = 16 << 20

    // MARK: Input

    /// Handles a decoder event — a message or a framing error — sending what it produces to
    /// `out`. Returns `false` when it paused inside a batch because `out` was full (see `resume`).
    @discardableResult
    public func receive(_ event: FrameDecoder.Event, to out: some RPCOutput) -> Bool {
        switch event {
        case .message(let m): return receive(m[...], to: out)
        case .error(let e):
            if lifecycle.exitCode == nil { out.send(.response, RPCEncoder.error(id: .null, raw: nil, Self.answer(e))) }
            return true
        }
    }

    /// Handles one message body, sending what it produces to `out` as it is produced. A batch
    /// is processed element by element: when `out.isFull` before an element, the connection
    /// keeps the rest, returns `false` and `isPaused` is true until `resume(to:)` finishes it
    /// (its response array is still sent as one message, after its last element).
    @discardableResult
    public func receive(_ message: ArraySlice<UInt8>, to out: some RPCOutput) -> Bool {
        message.withUnsafeBytes { bytes in receive(bytes, slice: { message }, to: out) }
    }

    /// `receive(_:to:)` for a message read where it lies (the daemon's input buffer,
    /// `FrameDecoder.withMessage`): the fast path reads `bytes`, and only a message it
    /// declines is taken as a slice, `slice()` (which retains the storage it slices: the hot
    /// messages go without).
    @discardableResult
    public func receive(_ bytes: UnsafeRawBufferPointer, slice: () -> ArraySlice<UInt8>, to out: some RPCOutput) -> Bool {
        precondition(batch == nil, "receive while a batch is paused: call resume(to:) first")
        switch lifecycle.state {
        case .exited: return true
        case .initialized: if receiveFast(bytes, to: out) { return true }
        case .uninitialized, .shuttingDown: break
        }
        return receiveGeneric(slice(), to: out)
    }

    /// `receive` for a message the fast path did not take.
    private func receiveGeneric(_ message: ArraySlice<UInt8>, to out: some RPCOutput) -> Bool {
        let value: JSONValue
        do {
            value = try JSONCodec.decode(message)
        } catch {
            if error.isNulInMemberName && NulMemberNameRefusal.refuse(message, to: out) { return true }
            out.send(.response, RPCEncoder.error(id: .null, raw: nil, RPCError.parseError("parse error: \(error)")))
            return true
        }
        guard case .array(let elements) = value else {
            if let r = process(value, source: message, element: nil, out: out) { out.send(.response, r) }
            return stepping == nil
        }
        guard !elements.isEmpty else {
            out.send(.response, RPCEncoder.error(id: .null, raw: nil, .invalidRequest("invalid request: empty batch")))
            return true
        }
        return run(RPCBatch(elements: elements, source: message), to: out)
    }

    /// A batch or a stepped call received but not finished because the output was full.
    public var isPaused: Bool { batch != nil || stepping != nil }

    /// Continues a paused stepped call, then a paused batch; returns `false` if it paused
    /// again (`true` when nothing was paused).
    @discardableResult
    public func resume(to out: some RPCOutput) -> Bool {
        if let s = stepping {
            stepping = nil
            guard case .done(let response) = runSteps(s, out: out) else { return false }
            if let b = batch {
                if let response { b.record(response) }
            } else {
                if let response { out.send(.response, response) }
                return true
            }
        }
        guard let b = batch else { return true }
        batch = nil
        return run(b, to: out)
    }

    /// Runs batch elements until the end (then sends the response array, if any) or until
    /// `out` is full before an element (then parks the batch and returns `false`).
    private func run(_ b: RPCBatch, to out: some RPCOutput) -> Bool {
        while true {
            switch b.step(outputIsFull: out.isFull, stopped: lifecycle.exitCode != nil) {
            case .pause:
                batch = b
                return false
            case .run(let i, let refusal):
                if let r = process(b.elements[i], source: b.source, element: i, refusing: refusal, out: out) {
                    b.record(r)
                }
                if stepping != nil {  // a stepped call paused: its response is recorded on resume
                    batch = b
                    return false
                }
            case .finish(let responses):
                if let responses { out.send(.response, responses) }
                return true
            }
        }
    }

    /// The error answering a framing error.
    private static func answer(_ frameError: FrameError) -> RPCError {
        switch frameError {
        case .oversize(let limit, let size):
            var data: JSONObject = ["limit": .int(Int64(limit))]
            if let size { data["size"] = .int(Int64(size)) }
            return RPCError(code: RPCError.invalidRequestCode, message: frameError.description, data: .object(data))
        case .malformedHeader, .truncated:
            return RPCError.parseError(frameError.description)
        }
    }

    // MARK: Clock

    /// The service's next deadline (ms), `nil` when idle or not initialized.
    public func nextDeadline() -> Double? {
        guard isInitialized, exitCode == nil else { return nil }
        return service.nextDeadline()
    }

    /// Lets the service advance its realtime clock, sending its notifications to `out`.
    public func advance(to now: Double, out: some RPCOutput) {
        guard isInitialized, exitCode == nil else { return }
        service.advance(to: now, emit: RPCNotifier(out))
    }

    // MARK: Dispatch

    private static let idKey: [UInt8] = Array("id".utf8)

    /// Validates and dispatches one request or notification; returns its response, if any.
    private func process(_ v: JSONValue, source: ArraySlice<UInt8>, element: Int?,
                         refusing refusal: RPCError? = nil, out: some RPCOutput) -> [UInt8]? {
        guard case .object(let o) = v else {
            return RPCEncoder.error(id: .null, raw: nil,
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
                return RPCEncoder.error(id: .null, raw: nil, .invalidRequest(
                    "invalid request: id must be a string, a number or null, got \(idValue.typeName)"))
            }
        } else {
            isNotification = true
        }
        guard case .string("2.0")? = o["jsonrpc"] else {
            return RPCEncoder.error(id: id, raw: raw, .invalidRequest("invalid request: \"jsonrpc\" must be \"2.0\""))
        }
        guard case .string(let method)? = o["method"] else {
            let got = o["method"].map { "got \($0.typeName)" } ?? "missing"
            return RPCEncoder.error(id: id, raw: raw, .invalidRequest("invalid request: \"method\" must be a string (\(got))"))
        }
        var params = o["params"]
        if let p = params {
            switch p {
            case .object, .array: break
            case .null: params = nil  // some LSP clients send `"params": null`; treat as absent
            default:
                return RPCEncoder.error(id: id, raw: raw, .invalidRequest(
                    "invalid request: \"params\" must be an object or an array, got \(p.typeName)"))
            }
        }

        if isNotification {
            notify(method, params, out: out)
            return nil
        }
        if let refusal { return RPCEncoder.error(id: id, raw: raw, refusal) }
        do throws(RPCError) {
            if let call = try begin(method, params) {
                guard case .done(let response) = runSteps(Stepping(call: call, method: method, id: id, raw: raw),
                                                          out: out) else { return nil }
                return response
            }
            return RPCEncoder.result(id: id, raw: raw, try request(method, params, out: out))
        } catch {
            return RPCEncoder.error(id: id, raw: raw, error)
        }
    }

    /// The stepped call `method` starts, if the service runs it in steps and the lifecycle
    /// dispatches it now (otherwise nil: the ordinary path answers it, refusals included).
    private func begin(_ method: String, _ params: JSONValue?) throws(RPCError) -> (any RPCSteppedCall)? {
        guard let steppingService, lifecycle.state == .initialized,
              methodNames.contains(method) else { return nil }
        return try steppingService.begin(method, params: params)
    }

    private enum StepsOutcome {
        /// The output filled up between two steps: the call is kept in `stepping`.
        case paused
        /// Done: its response (nil for a notification).
        case done([UInt8]?)
    }

    /// Runs a stepped call's steps until its end or until the output is full before a step.
    private func runSteps(_ s: Stepping, out: some RPCOutput) -> StepsOutcome {
        do throws(RPCError) {
            while true {
                if out.isFull {
                    stepping = s
                    return .paused
                }
                if let result = try s.call.step(emit: RPCNotifier(out)) {
                    guard let id = s.id else { return .done(nil) }
                    return .done(RPCEncoder.result(id: id, raw: s.raw, result))
                }
            }
        } catch {
            guard let id = s.id else {
                RPCNotifier(out).notify("$/diagnostic", .diagnostic, params: RPCEncoder.diagnostic(method: s.method, error))
                return .done(nil)
            }
            return .done(RPCEncoder.error(id: id, raw: s.raw, error))
        }
    }

    private func request(_ method: String, _ params: JSONValue?, out: some RPCOutput) throws(RPCError) -> JSONValue {
        switch lifecycle.request(method, served: methodNames.contains(method)) {
        case .initialize:
            let result = try service.initialize(params, emit: RPCNotifier(out))
            lifecycle.initialized()
            knownMethodNames = nil  // read when a later message needs them, not for this reply
            return result
        case .shutdown:
            try Params(params).requireNone()
            lifecycle.shutDown()
            return .null
        case .exited:
            return .null
        case .refuse(let error):
            throw error
        case .dispatch:
            return try service.call(method, params: params, emit: RPCNotifier(out))
        }
    }

    private func notify(_ method: String, _ params: JSONValue?, out: some RPCOutput) {
        do throws(RPCError) {
            if let call = try begin(method, params) {
                _ = runSteps(Stepping(call: call, method: method, id: nil, raw: nil), out: out)
                return
            }
            switch lifecycle.notification(method, served: methodNames.contains(method)) {
            case .ignore: return
            case .refuse(let error): throw error
            case .dispatch: _ = try service.call(method, params: params, emit: RPCNotifier(out))
            }
        } catch {
            RPCNotifier(out).notify("$/diagnostic", .diagnostic, params: RPCEncoder.diagnostic(method: method, error))
        }
    }

    /// The service's fast path (`RPCService.fastPath`); false when it declined the message.
    private func receiveFast(_ bytes: UnsafeRawBufferPointer, to out: some RPCOutput) -> Bool {
        switch service.fastPath(bytes, emit: RPCNotifier(out)) {
        case nil: return false
        case .result(let id?, let result)?: out.send(.response, RPCEncoder.result(id: .int(id), raw: nil, result))
        case .result(nil, _)?, .numbers(nil, _, _, _, _)?: break
        case .numbers(let id?, let a, let x, let b, let y)?:
            out.send(.response, bound: RPCEncoder.numbersBound(a, b)) { w in RPCEncoder.numbers(id: id, a, x, b, y, into: &w) }
        case .error(let id?, _, let error)?: out.send(.response, RPCEncoder.error(id: .int(id), raw: nil, error))
        case .error(nil, let method, let error)?:
            RPCNotifier(out).notify("$/diagnostic", .diagnostic, params: RPCEncoder.diagnostic(method: method, error))
        }
        return true
    }
}
