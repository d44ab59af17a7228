import SheetRPC

/// A session handle (`session.create` / `session.restore`): the wire's session methods with
/// `session` filled in, and the session's frames and events as `AsyncStream`s.
///
/// Commands and inputs are sent as requests and return the session's state right after them;
/// one that is not allowed throws `SheetClientError.rpc` (code `-32010`). `t` is the host's
/// time in ms (required on the host clock; optional on the realtime clock).
public final class SheetSession: Sendable {
    /// The wire's session id (`"s1"`).
    public let id: String
    /// The client this session lives on.
    public let client: SheetClient
    /// Every `sheet.frame` of this session, as it arrives (one consumer). Finishes when the
    /// session is destroyed or the connection ends. Frames are buffered until consumed (a
    /// harness that only reads `tick`'s results may ignore the stream).
    public let frames: AsyncStream<Frame>
    /// Every `sheet.event` of this session, as it arrives (one consumer).
    public let events: AsyncStream<SheetEvent>
    /// For the root of a restored stack (`SheetClient.restoreSession`): every sheet restored
    /// below it, in the snapshot's order (the original stack's creation order), each a handle
    /// of its own. Empty for any other session (a handle does not track the children created
    /// over it later).
    public let children: [SheetSession]
    private let connection: Connection

    init(id: String, client: SheetClient, connection: Connection, children: [SheetSession] = []) {
        self.id = id
        self.client = client
        self.connection = connection
        self.children = children
        let (frames, frameSink) = AsyncStream.makeStream(of: Frame.self)
        let (events, eventSink) = AsyncStream.makeStream(of: SheetEvent.self)
        self.frames = frames
        self.events = events
        connection.register(id, .init(frames: frameSink, events: eventSink))
    }

    /// Any session method by wire name, with `session` filled in.
    @discardableResult
    public func request(_ method: String, _ params: JSONObject = [:]) async throws(SheetClientError) -> JSONValue {
        var p = params
        p["session"] = .string(id)
        return try await connection.call(method, p).0
    }

    private func command(_ method: String, t: Double?, _ build: (inout ParamsBuilder) -> Void = { _ in })
        async throws(SheetClientError) -> SheetState
    {
        var p = ParamsBuilder()
        p.set("session", id)
        p.set("t", t)
        build(&p)
        let result = try await connection.call(method, p.object).0
        return SheetState(rawValue: result.string("state"))
    }

    // MARK: sheet.*

    /// `sheet.present {t, animated, stackBehavior?}`. `stackBehavior` matters for a child whose
    /// parent is shown (`nil`: the daemon's default, `.push`); the answer is this sheet's state
    /// (`dismissed` while a `.replace`/`.switch` parent leaves).
    @discardableResult
    public func present(t: Double? = nil, animated: Bool = true, stackBehavior: StackBehavior? = nil)
        async throws(SheetClientError) -> SheetState
    {
        try await command("sheet.present", t: t) {
            $0.set("animated", animated)
            $0.set("stackBehavior", stackBehavior?.rawValue)
        }
    }

    /// `sheet.dismiss {t, animated}`.
    @discardableResult
    public func dismiss(t: Double? = nil, animated: Bool = true) async throws(SheetClientError) -> SheetState {
        try await command("sheet.dismiss", t: t) { $0.set("animated", animated) }
    }

    /// `sheet.selectDetent {t, detent, animated}`.
    @discardableResult
    public func selectDetent(_ detent: String, t: Double? = nil, animated: Bool = true)
        async throws(SheetClientError) -> SheetState
    {
        try await command("sheet.selectDetent", t: t) { $0.set("detent", detent); $0.set("animated", animated) }
    }

    /// `sheet.setContentHeight {t, height, entry?}`.
    @discardableResult
    public func setContentHeight(_ height: Double, t: Double? = nil, entry: String? = nil)
        async throws(SheetClientError) -> SheetState
    {
        try await command("sheet.setContentHeight", t: t) { $0.set("height", height); $0.set("entry", entry) }
    }

    /// `sheet.setContainer {t, width, height, safeArea?}`.
    @discardableResult
    public func setContainer(_ container: Container, t: Double? = nil) async throws(SheetClientError) -> SheetState {
        try await command("sheet.setContainer", t: t) { p in
            for (key, value) in container.members.members { p.set(key, value) }
        }
    }

    // MARK: nav.*

    /// `nav.push {t, entry, animated}`.
    @discardableResult
    public func push(_ entry: NavEntry, t: Double? = nil, animated: Bool = true) async throws(SheetClientError) -> SheetState {
        try await command("nav.push", t: t) { $0.set("entry", entry.json); $0.set("animated", animated) }
    }

    /// `nav.pop {t, animated}`.
    @discardableResult
    public func pop(t: Double? = nil, animated: Bool = true) async throws(SheetClientError) -> SheetState {
        try await command("nav.pop", t: t) { $0.set("animated", animated) }
    }

    /// `nav.popToRoot {t, animated}`.
    @discardableResult
    public func popToRoot(t: Double? = nil, animated: Bool = true) async throws(SheetClientError) -> SheetState {
        try await command("nav.popToRoot", t: t) { $0.set("animated", animated) }
    }

    /// `nav.setStack {t, entries, animated}`.
    @discardableResult
    public func setStack(_ entries: [NavEntry], t: Double? = nil, animated: Bool = true)
        async throws(SheetClientError) -> SheetState
    {
        try await command("nav.setStack", t: t) { $0.set("entries", .array(entries.map(\.json))); $0.set("animated", animated) }
    }

    // MARK: input.*

    /// `input.pan {t, phase, translation, velocity?, source}`.
    @discardableResult
    public func pan(t: Double? = nil, phase: PanPhase, translation: Vector, velocity: Vector? = nil,
                    source: PanSource = .sheet) async throws(SheetClientError) -> SheetState
    {
        try await command("input.pan", t: t) { p in
            p.set("phase", phase.rawValue)
            p.set("translation", translation.json)
            p.set("velocity", velocity?.json)
            if source != .sheet { p.set("source", source.rawValue) }
        }
    }

    /// `input.tap {t, target: "dimming"}`.
    @discardableResult
    public func tap(t: Double? = nil, target: String = "dimming") async throws(SheetClientError) -> SheetState {
        try await command("input.tap", t: t) { $0.set("target", target) }
    }

    /// `input.scroll {t, phase, offsetY, insetTop, contentHeight, viewportHeight, isTracking, translationY, velocityY?, entry?}`.
    @discardableResult
    public func scroll(t: Double? = nil, phase: ScrollPhase, offsetY: Double, insetTop: Double, contentHeight: Double,
                       viewportHeight: Double, isTracking: Bool, translationY: Double, velocityY: Double? = nil,
                       entry: String? = nil) async throws(SheetClientError) -> SheetState
    {
        try await command("input.scroll", t: t) { p in
            p.set("phase", phase.rawValue)
            p.set("offsetY", offsetY)
            p.set("insetTop", insetTop)
            p.set("contentHeight", contentHeight)
            p.set("viewportHeight", viewportHeight)
            p.set("isTracking", isTracking)
            p.set("translationY", translationY)
            p.set("velocityY", velocityY)
            p.set("entry", entry)
        }
    }

    /// `input.keyboard {t, height, durationMs?, curve?}` (height 0: hidden).
    @discardableResult
    public func keyboard(t: Double? = nil, height: Double, durationMs: Double? = nil, curve: String? = nil)
        async throws(SheetClientError) -> SheetState
    {
        try await command("input.keyboard", t: t) { p in
            p.set("height", height)
            p.set("durationMs", durationMs)
            p.set("curve", curve)
        }
    }

    // MARK: session.*

    /// `session.snapshot`: the opaque state object (store it verbatim; `restoreSession` takes it).
    public func snapshot() async throws(SheetClientError) -> JSONValue {
        try await request("session.snapshot")
    }

    /// `session.destroy`: ends the session and finishes its streams.
    public func destroy() async throws(SheetClientError) {
        try await request("session.destroy")
        connection.unregister(id)
    }
}
