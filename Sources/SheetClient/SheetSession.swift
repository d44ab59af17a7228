import SheetRPC
import SheetWire

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
        p[CommandMembers.session.name] = .string(id)
        return try await connection.call(method, p).0
    }

    private func command(_ method: String, t: Double?, _ build: (inout ParamsBuilder) -> Void = { _ in })
        async throws(SheetClientError) -> SheetState
    {
        SheetState(rawValue: try await commandResult(method, t: t, build).string("state"))
    }

    /// A session command's whole result.
    private func commandResult(_ method: String, t: Double?, _ build: (inout ParamsBuilder) -> Void)
        async throws(SheetClientError) -> JSONValue
    {
        var p = ParamsBuilder()
        p.set(CommandMembers.session.name, id)
        p.set(CommandMembers.t.name, t)
        build(&p)
        return try await connection.call(method, p.object).0
    }

    // MARK: sheet.*

    /// `sheet.present {t, animated, stackBehavior?}`. `stackBehavior` matters for a child whose
    /// parent is shown (`nil`: the daemon's default, `.push`); the answer is this sheet's state
    /// (`dismissed` while a `.replace`/`.switch` parent leaves).
    @discardableResult
    public func present(t: Double? = nil, animated: Bool = true, stackBehavior: StackBehavior? = nil)
        async throws(SheetClientError) -> SheetState
    {
        try await command(SheetPresent.name, t: t) {
            $0.set(Animated.member.name, animated)
            $0.set(SheetPresent.stackBehavior.name, stackBehavior?.rawValue)
        }
    }

    /// `sheet.dismiss {t, animated}`.
    @discardableResult
    public func dismiss(t: Double? = nil, animated: Bool = true) async throws(SheetClientError) -> SheetState {
        try await command(SheetDismiss.name, t: t) { $0.set(Animated.member.name, animated) }
    }

    /// `sheet.selectDetent {t, detent, animated}`.
    @discardableResult
    public func selectDetent(_ detent: String, t: Double? = nil, animated: Bool = true)
        async throws(SheetClientError) -> SheetState
    {
        try await command(SheetSelectDetent.name, t: t) {
            $0.set(SheetSelectDetent.detent.name, detent)
            $0.set(Animated.member.name, animated)
        }
    }

    /// `sheet.setContentHeight {t, height, entry?}`.
    @discardableResult
    public func setContentHeight(_ height: Double, t: Double? = nil, entry: String? = nil)
        async throws(SheetClientError) -> SheetState
    {
        try await command(SheetSetContentHeight.name, t: t) {
            $0.set(SheetSetContentHeight.height.name, height)
            $0.set(SheetSetContentHeight.entry.name, entry)
        }
    }

    /// `sheet.setContainer {t, width, height, safeArea?}`.
    @discardableResult
    public func setContainer(_ container: Container, t: Double? = nil) async throws(SheetClientError) -> SheetState {
        try await command(SheetSetContainer.name, t: t) { p in
            for (key, value) in container.members.members { p.set(key, value) }
        }
    }

    // MARK: nav.*

    /// `nav.push {t, entry, animated}`.
    @discardableResult
    public func push(_ entry: NavEntry, t: Double? = nil, animated: Bool = true) async throws(SheetClientError) -> SheetState {
        try await command(NavPush.name, t: t) {
            $0.set(NavPush.entry.name, entry.json)
            $0.set(Animated.member.name, animated)
        }
    }

    /// `nav.pop {t, animated}`.
    @discardableResult
    public func pop(t: Double? = nil, animated: Bool = true) async throws(SheetClientError) -> SheetState {
        try await command(NavPop.name, t: t) { $0.set(Animated.member.name, animated) }
    }

    /// `nav.popToRoot {t, animated}`.
    @discardableResult
    public func popToRoot(t: Double? = nil, animated: Bool = true) async throws(SheetClientError) -> SheetState {
        try await command(NavPopToRoot.name, t: t) { $0.set(Animated.member.name, animated) }
    }

    /// `nav.setStack {t, entries, animated}`.
    @discardableResult
    public func setStack(_ entries: [NavEntry], t: Double? = nil, animated: Bool = true)
        async throws(SheetClientError) -> SheetState
    {
        try await command(NavSetStack.name, t: t) {
            $0.set(NavSetStack.entries.name, .array(entries.map { $0.json }))
            $0.set(Animated.member.name, animated)
        }
    }

    // MARK: input.*

    /// `input.pan {t, phase, translation, velocity?, source}`: the state after it.
    @discardableResult
    public func pan(t: Double? = nil, phase: PanPhase, translation: Vector, velocity: Vector? = nil,
                    source: PanSource = .sheet) async throws(SheetClientError) -> SheetState
    {
        try await panGesture(t: t, phase: phase, translation: translation, velocity: velocity, source: source).state
    }

    /// `input.pan`, answering `{state, gesture}`: what `options.gesture` made of the pan too.
    @discardableResult
    public func panGesture(t: Double? = nil, phase: PanPhase, translation: Vector, velocity: Vector? = nil,
                           source: PanSource = .sheet) async throws(SheetClientError) -> PanAnswer
    {
        PanAnswer(try await commandResult(InputPan.name, t: t) { p in
            p.set(InputPan.phase.name, phase.rawValue)
            p.set(InputPan.translation.name, translation.json)
            p.set(InputPan.velocity.name, velocity?.json)
            if source != InputPan.source.defaultValue { p.set(InputPan.source.name, source.rawValue) }
        })
    }

    /// `input.tap {t, target}` (the dimming layer by default).
    @discardableResult
    public func tap(t: Double? = nil, target: TapTarget = .dimming) async throws(SheetClientError) -> SheetState {
        try await command(InputTap.name, t: t) { $0.set(InputTap.target.name, target.rawValue) }
    }

    /// `input.scroll {t, phase, offsetY, insetTop, contentHeight, viewportHeight, isTracking, translationY, velocityY?, entry?}`.
    @discardableResult
    public func scroll(t: Double? = nil, phase: ScrollPhase, offsetY: Double, insetTop: Double, contentHeight: Double,
                       viewportHeight: Double, isTracking: Bool, translationY: Double, velocityY: Double? = nil,
                       entry: String? = nil) async throws(SheetClientError) -> SheetState
    {
        try await command(InputScroll.name, t: t) { p in
            p.set(InputScroll.phase.name, phase.rawValue)
            p.set(InputScroll.offsetY.name, offsetY)
            p.set(InputScroll.insetTop.name, insetTop)
            p.set(InputScroll.contentHeight.name, contentHeight)
            p.set(InputScroll.viewportHeight.name, viewportHeight)
            p.set(InputScroll.isTracking.name, isTracking)
            p.set(InputScroll.translationY.name, translationY)
            p.set(InputScroll.velocityY.name, velocityY)
            p.set(InputScroll.entry.name, entry)
        }
    }

    /// `input.keyboard {t, height, durationMs?, curve?}` (height 0: hidden).
    @discardableResult
    public func keyboard(t: Double? = nil, height: Double, durationMs: Double? = nil, curve: CurveName? = nil)
        async throws(SheetClientError) -> SheetState
    {
        try await command(InputKeyboard.name, t: t) { p in
            p.set(InputKeyboard.height.name, height)
            p.set(InputKeyboard.durationMs.name, durationMs)
            p.set(InputKeyboard.curve.name, curve?.rawValue)
        }
    }

    /// `input.accessibilityAction {t, action}`: `expand`, `collapse`, `dismiss` (those a frame's
    /// `accessibilityActions` lists) or `escape`. `-32010` naming the available ones otherwise.
    @discardableResult
    public func accessibilityAction(t: Double? = nil, _ action: AccessibilityAction) async throws(SheetClientError) -> SheetState {
        try await command(InputAccessibilityAction.name, t: t) { $0.set(InputAccessibilityAction.action.name, action.rawValue) }
    }

    /// `input.back {t, phase, progress?, swipeEdge?}`: Android's (predictive) back; `progress`
    /// is required for `began` and `progressed`. In a stack it applies to the top-most shown sheet.
    @discardableResult
    public func back(t: Double? = nil, phase: BackPhase, progress: Double? = nil, swipeEdge: BackSwipeEdge? = nil)
        async throws(SheetClientError) -> SheetState
    {
        try await command(InputBack.name, t: t) { p in
            p.set(InputBack.phase.name, phase.rawValue)
            p.set(InputBack.progress.name, progress)
            p.set(InputBack.swipeEdge.name, swipeEdge?.rawValue)
        }
    }

    /// `sheet.previewRelease {velocity}`: what a release now would do (a dry run; changes
    /// nothing). `-32010` when the sheet is not shown, `-32011` when its dismissal plugin fails.
    public func previewRelease(velocity: Vector) async throws(SheetClientError) -> SettleIntent {
        SettleIntent(try await request(SheetPreviewRelease.name, [SheetPreviewRelease.velocity.name: velocity.json]))
    }

    // MARK: session.*

    /// `session.snapshot`: the opaque state object (store it verbatim; `restoreSession` takes it).
    public func snapshot() async throws(SheetClientError) -> JSONValue {
        try await request(SessionSnapshot.name)
    }

    /// `session.frame`: the session's frame at the server's time, as the next tick would
    /// compute it (`seq` the last one sent, 0 before any). Nothing is emitted, nothing advances.
    public func currentFrame() async throws(SheetClientError) -> Frame {
        Frame(try await request(SessionFrame.name))
    }

    /// `session.destroy`: ends the session and finishes its streams.
    public func destroy() async throws(SheetClientError) {
        try await request(SessionDestroy.name)
        connection.unregister(id)
    }
}
