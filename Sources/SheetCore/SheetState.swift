/// The complete state of one sheet (what `session.snapshot` captures, by hand, in the server).
package struct SheetState: Sendable, Equatable {
    /// Where the motion is heading.
    package enum Goal: String, Sendable { case hidden, detent }
    /// Presentation lifecycle: `presenting` until the sheet first rests at a detent.
    package enum Lifecycle: String, Sendable { case hidden, presenting, shown }
    /// Policy names, kept so a snapshot can rebuild the session's policies.
    package struct PolicyNames: Sendable, Equatable {
        package var dismissal = "deceleration"
        package var scrollHandoff = "edge"
        package var navigation = "slide"
        /// `policies.config` as the host sent it, keyed by policy name.
        package var config: [String: PolicyConfig] = [:]

        package init() {}
    }

    package var setup: SheetSetup
    /// Where the sheet rests and which detent is selected.
    package var rest: RestTarget = .detent("")
    package var lifecycle: Lifecycle = .hidden
    package var goal: Goal = .hidden
    // (One-byte members together after the rest target: no padding between them.)
    /// Emit `dismissCancelled` when the sheet next comes to rest at a detent.
    package var pendingDismissCancelled = false
    /// The motion is a settle after a release or an animated detent selection (reported as
    /// `settling`); other animations of a presented sheet (content size, keyboard, container,
    /// navigation) keep reporting `presented`.
    package var settling = false
    /// A stack's command took the sheet from a finger (`Sheet.takeFromFinger`; the drag's
    /// source): that finger's later pans (or scroll samples, for a scroll drag) are ignored
    /// until its gesture ends or a new one begins. Snapshotted, so a restored stack ignores
    /// them too.
    package var takenFinger: Drag.Source?
    /// The sheet's extent (pt shown above the container's bottom edge) over time.
    package var motion: Motion = .rest(0)
    package var drag: Drag?
    package var keyboardHeight: Double = 0
    package var now: Double = 0
    package var nav: NavigationStack
    package var scroll = ScrollTracking()
    /// Out of line: most sessions use the built-in policies' names (memory per session).
    package var policyNames: PolicyNames {
        get { policyNamesStorage.value }
        set { policyNamesStorage.value = newValue }
    }
    private var policyNamesStorage = OutOfLine(PolicyNames())
    /// The navigation animator's answer for the current time (kept so frames need no policy
    /// call; recomputed on restore, never trusted from a snapshot).
    package var navLayoutCache: NavigationLayout?
    /// A `sheet.configure` that changed detents while a finger held the sheet: applied at the
    /// release.
    package var pendingDetents: PendingDetents?
    /// A layout change's horizontal animation (`nil` = none).
    package var lateralMotion: LateralMotion?
    /// The height a presenting sheet's `progress` is measured against, when its target changed
    /// during the presentation: it eases from the old detent's height to the new one along
    /// with the sheet (`nil` = the resting height).
    package var presentReference: Motion?
    /// A pan on the sheet being arbitrated by `options.gesture` (pending or declined).
    package var pan: PanArbitrationState?
    /// A back gesture (`input.back`) and its scale's return, while it lasts.
    package var back: BackGesture?
    /// The resolved detents while the sheet moves: filled by every drag step and every
    /// `Sheet.tickFrame` of a moving sheet, emptied when it comes to rest (an idle session holds
    /// none). Frames read them from here instead of resolving them. Not part of the value
    /// (equal whatever it holds; not snapshotted).
    package var detentCache = DetentCache()
    /// Detent resolvers' answers and failures, out of line (most sessions have none).
    package var resolution = DetentResolution()

    /// The detent resolvers' answers (pt, by detent id) for `resolvedFor`: recomputed when
    /// that changes (`Sheet.resolveDetents`), never trusted from a snapshot.
    package var resolverHeights: [String: Double] {
        get { resolution.heights }
        set { resolution.contents.heights = newValue }
    }
    /// What `resolverHeights` were asked for (`nil` = not yet asked).
    package var resolvedFor: DetentResolution.Key? {
        get { resolution.contents.resolvedFor }
        set { resolution.contents.resolvedFor = newValue }
    }
    /// Detent resolvers that failed in this session: their detents are `fit` for good
    /// (snapshotted, so a restored session stays fallen back).
    package var resolverFallbacks: Set<String> {
        get { resolution.contents.fallbacks }
        set { resolution.contents.fallbacks = newValue }
    }
    /// Reduced motion: the sheet's opacity over time while a present or dismissal fades it
    /// (`nil` = no fade: see `opacity`).
    package var fade: Motion?

    package init(setup: SheetSetup) {
        self.setup = setup
        self.nav = NavigationStack(entries: setup.navigation)
    }

    /// A finger holds the sheet (`drag != nil`, read in place: `==` on an optional `Drag`
    /// would copy it, its samples and its strings, on every input and frame).
    var hasDrag: Bool {
        if case .some = drag { return true }
        return false
    }

    /// The selected detent (frames' `detent`).
    package var selected: String { rest.detent }

    /// The container as the engine sees it (the axis container of `options.edge`).
    @inline(__always)  // (see `isActive`)
    var container: Container { setup.options.edge.axisContainer(setup.container) }
    var options: SheetOptions { setup.options }

    /// Height of the fitted content above the bottom safe area: the top navigation entry
    /// (plus its bar) or the single content.
    @inline(__always)  // (see `isActive`)
    var fitHeight: Double {
        if let top = nav.entries.last { return entryHeight(top) }
        return setup.contentHeight ?? max(0, container.height * 0.5 - container.safeArea.bottom)
    }

    /// An entry's height: content plus its navigation bar inset.
    func entryHeight(_ e: NavEntry) -> Double {
        e.preferredHeight + (e.navigationBar ? max(options.navigationBarHeight, 44) : 0)
    }

    /// `options.keyboard`, with the automatic default resolved: `largest` when the session
    /// has a `large` detent, else `lift`.
    var keyboardMode: KeyboardMode {
        options.keyboardSetting ?? (setup.detents.contains(.large) ? .largest : .lift)
    }

    /// How much the keyboard raises every detent (`lift` mode only).
    @inline(__always)  // (see `isActive`)
    var keyboardLift: Double {
        keyboardMode == .lift ? keyboardHeight : 0
    }

    /// Resting detents, ascending, with the keyboard lift applied (from `detentCache` while
    /// what they depend on is unchanged).
    var detents: [ResolvedDetent] { withDetents { copy $0 } }

    /// `body(detents)`, the detents read in place from `detentCache` while what they depend
    /// on is unchanged (nothing retained), resolved otherwise.
    @inline(__always)
    func withDetents<Result>(_ body: (borrowing [ResolvedDetent]) -> Result) -> Result {
        if !detentCache.isEmpty, let r = detentCache.withDetents(for: detentKey, body) { return r }
        return body(detentInputs.resolve())
    }

    /// `withDetents`, keeping what it resolves in `detentCache`.
    @inline(__always)
    mutating func withCachedDetents<Result>(_ body: (borrowing [ResolvedDetent]) -> Result) -> Result {
        let key = detentKey
        if let r = detentCache.withDetents(for: key, body) { return r }
        let inputs = DetentInputs(specs: setup.detents, resolution: resolution, key: key)
        let detents = inputs.resolve()
        detentCache.store(detents, for: inputs)
        return body(detents)
    }

    /// The smallest and largest detent heights (`withCachedDetents`' first and last), read from
    /// the cache entry alone while what they depend on is unchanged.
    @inline(__always)
    mutating func cachedDetentBounds() -> (smallest: Double, largest: Double) {
        if let b = detentCache.bounds(for: detentKey) { return b }
        return withCachedDetents { ($0[0].height, $0[$0.count - 1].height) }
    }

    /// What the detents are resolved from now.
    var detentInputs: DetentInputs {
        DetentInputs(specs: setup.detents, resolution: resolution, key: detentKey)
    }

    /// `detentInputs.key`, read without retaining the specs or the resolver answers.
    @inline(__always)  // (see `isActive`)
    var detentKey: DetentInputs.Key {
        // A detached sheet's detents measure the visible height above its bottom margin.
        let layout = self.layout
        return DetentInputs.Key(container: layout.detentContainer(container), fitHeight: fitHeight,
                                largeTopGap: options.largeTopGap, lift: keyboardLift + layout.bottomMargin,
                                limit: container.maxSheetHeight,
                                specs: setup.detents.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) },
                                resolution: resolution.identity)
    }

    /// What a detent resolver is told now (with an empty `detentID`): the detents' container,
    /// the fitted content, the keyboard, the largest detent height, edge and layout.
    var detentResolutionInput: DetentResolutionInput {
        let layout = self.layout
        let c = layout.detentContainer(container)
        return DetentResolutionInput(detentID: "", container: c, contentHeight: fitHeight, keyboardHeight: keyboardHeight,
                                     maximumDetentValue: c.maxSheetHeight, edge: options.edge, layout: layout.kind)
    }

    func extent(of id: String, in detents: borrowing [ResolvedDetent]) -> Double {
        for i in 0..<detents.count where detents[i].id == id { return detents[i].height }
        return detents[0].height
    }

    /// Where the sheet rests: a `sheet.snapTo` height, the container above the keyboard
    /// (`keyboard: "fill"` while it shows), or the selected detent.
    var restExtent: Double {
        heldExtent ?? withDetents { extent(of: selected, in: $0) }
    }

    /// `restExtent` with the detents already resolved.
    func restExtent(in detents: borrowing [ResolvedDetent]) -> Double {
        heldExtent ?? extent(of: selected, in: detents)
    }

    /// Where the sheet rests when that is not a detent: a `sheet.snapTo` height, or the
    /// container above the keyboard (`keyboard: "fill"` while it shows).
    private var heldExtent: Double? {
        if let held = rest.height { return held }
        if keyboardMode == .fill && keyboardHeight > 0 { return container.maxSheetHeight }
        return nil
    }

    /// The sheet's extent now, as drawn: never below 0, never more than twice the container
    /// height (a rubber-banded drag stays below that; a spring flung with an extreme velocity
    /// is held there instead of leaving the screen by thousands of points).
    var currentExtent: Double {
        drawnExtent(drag.flatMap { $0.source != .leftEdge ? $0.extent : nil } ?? motion.value(at: now))
    }

    /// The extent drawn for `e` (a drag's or a motion's): `currentExtent`'s bounds, 0 for NaN.
    @inline(__always)
    func drawnExtent(_ e: Double) -> Double {
        e.isNaN ? 0 : min(max(0, e), 2 * container.height)
    }

    var phase: SheetPhase {
        if hasDrag { return .dragging }
        if motion.isAnimating(at: now) || isFading {
            if goal == .hidden { return .dismissing }
            guard lifecycle == .shown else { return .presenting }
            return settling ? .settling : .presented
        }
        return goal == .hidden ? .dismissed : .presented
    }

    /// Presented and not under a dismissal gesture or a release settle: only layout changes
    /// (content, keyboard, container, navigation, an edge pop) move the sheet, so `progress`
    /// is 1 and the dimming is full.
    /// A `sheet.present` that reverses a dismissal (`pendingDismissCancelled`) is not fully
    /// presented until it arrives: progress and dimming come back continuously.
    var isFullyPresented: Bool {
        lifecycle == .shown && goal == .detent && !settling && !pendingDismissCancelled
            && (!hasDrag || drag?.source == .leftEdge)
    }

    // Inlined into `Sheet`'s accessors: a release build compiles each file of a module into
    // its own object (`-num-threads`), and a call across files that passes the 600-byte state
    // copies it first (the callee is not known not to write it); inlined, nothing is copied.
    @inline(__always)
    var isActive: Bool {
        hasDrag || motion.isAnimating(at: now) || nav.isAnimating(at: now)
            || lateralMotion?.isAnimating(at: now) == true || back?.isAnimating(at: now) == true
            || isFading
    }

    // MARK: - Frame

    @inline(__always)  // (see `isActive`)
    func frame() -> SheetFrame {
        SheetFrame(values: withDetents { frameValues(detents: $0) }, detent: selected, navIDs: navIDs())
    }

    /// `frame()`'s values right after `withCachedDetents`, with nothing changed since: the
    /// detents are read from the cache without comparing what they were resolved from again.
    @inline(__always)
    func frameValuesFromCache() -> FrameValues {
        detentCache.withCurrentDetents { frameValues(detents: $0) }
    }

    /// `frame()`'s values.
    @inline(__always)
    func frameValues() -> FrameValues {
        withDetents { frameValues(detents: $0) }
    }

    @inline(__always)
    private func frameValues(detents: borrowing [ResolvedDetent]) -> FrameValues {
        let e = currentExtent
        let rest = restExtent(in: detents)
        let y = container.height - e
        let phase = self.phase
        let progress = self.progress(extent: e, detents: detents, rest: rest)
        let (alpha, passthrough) = dimming(extent: e, progress: progress, detents: detents, phase: phase)
        let scale = options.displayScale > 0 ? options.displayScale : 1
        let layout = self.layout, lateral = self.lateral(layout)
        var frame = FrameValues(
            state: phase,
            sheet: bottomSheetRect(extent: e, rest: rest, layout: layout, lateral: lateral),
            cornerRadius: options.cornerRadius,
            dimming: .init(alpha: Quantize.unit(alpha), passthrough: passthrough),
            grabber: .init(visible: options.grabber, y: Quantize.points(y - options.pullBarHeight + 1 / scale)),
            progress: Quantize.unit(progress),
            scroll: scroll.frame(ownedBySheet: drag?.source == .scroll),
            nav: navPlacements(width: lateral.width),
            position: position(extent: e, detents: detents),
            keyboard: .init(height: Quantize.points(keyboardHeight),
                            overlap: Quantize.points(min(max(e, 0), keyboardHeight))),
            accessibility: .init(actions: accessibilityActions(detents: detents, phase: phase)))
        // Layout, footer and stack members.
        frame.corners = corners(layout, lateralAnimating: lateralMotion?.isAnimating(at: now) == true)
        frame.footer = footer(sheetY: y, layout: layout)
        frame.background = background(extent: e, detents: detents)
        if case .some = back { frame.back = backScale(width: frame.sheet.width, height: frame.sheet.height) }
        if options.reduceMotion { frame.opacity = Quantize.unit(opacity) }
        if options.edge != .bottom {  // the rect in container coordinates; the grabber is bottom-only
            frame.sheet = options.edge.containerRect(frame.sheet, in: setup.container)
            frame.grabber.visible = false
        }
        return frame
    }

    /// A frame's `sheet` as on the bottom edge (`options.edge.containerRect` turns it to the
    /// session's edge): drawn extent `e`, rest extent `rest`, x and width `lateral`. (Also the
    /// rest `willSettle` reports: `Sheet.settleIntent`.)
    @inline(__always)
    func bottomSheetRect(extent e: Double, rest: Double, layout: SheetLayout, lateral: (x: Double, width: Double)) -> Rect {
        Rect(x: Quantize.points(lateral.x), y: Quantize.points(container.height - e), width: Quantize.points(lateral.width),
             height: Quantize.points(max(0, max(e, rest) - layout.bottomMargin)))
    }

    /// A frame's `corners`: none for a full-width sheet, unless x and width are animating.
    @inline(__always)
    func corners(_ layout: SheetLayout, lateralAnimating: @autoclosure () -> Bool) -> SheetCorners? {
        layout.kind == .fullWidth && !lateralAnimating() ? nil : layout.corners
    }

    /// The shown height as a fractional detent index (-1 dismissed, 0 the smallest, between
    /// -1 and 0 below it, `count - 1` at or above the largest) and as a fraction of the
    /// container's height.
    func position(extent e: Double, detents: [ResolvedDetent]) -> SheetFrame.Position {
        var index = Double(detents.count - 1)
        if e <= 0 {
            index = -1
        } else if e < detents[0].height {
            // Below the smallest detent a dismissal is under way, unless only layout moves a
            // presented sheet (keyboard, content): then, like progress, it reads as presented.
            index = isFullyPresented ? 0 : e / detents[0].height - 1
        } else {
            for i in 0..<(detents.count - 1) where e < detents[i + 1].height {
                let gap = detents[i + 1].height - detents[i].height
                index = Double(i) + (gap > 0 ? (e - detents[i].height) / gap : 0)
                break
            }
        }
        let fraction = container.height > 0 ? e / container.height : 0
        return .init(index: Quantize.unit(index), fraction: Quantize.unit(fraction))
    }

    /// Presentation progress: while presenting, the shown fraction of the selected detent (a
    /// target changed during the presentation eases in, as the sheet does);
    /// once presented, the shown fraction of the smallest detent (below it a dismissal is
    /// under way). 1 whenever only layout changes move a presented sheet.
    func progress(extent e: Double, detents: [ResolvedDetent], rest: Double) -> Double {
        if isFullyPresented { return 1 }
        let reference = lifecycle == .shown ? detents[0].height : presentReference?.value(at: now) ?? rest
        let p = reference > 0 ? min(max(e / reference, 0), 1) : 0
        return fade == nil ? p : p * opacity  // a fading sheet's presentation follows its opacity
    }

    /// Dimming alpha and whether touches pass through to the background. The alpha follows
    /// the progress; with `largestUndimmedDetent` it is 0 at or below that detent and fades in
    /// up to the next larger one.
    func dimming(extent e: Double, progress: Double, detents: [ResolvedDetent], phase: SheetPhase) -> (Double, Bool) {
        let dimAlpha = options.dimAlpha
        if phase == .dismissed { return (0, true) }
        if let u = options.largestUndimmedDetent, let i = detents.firstIndex(where: { $0.id == u }) {
            let hU = detents[i].height
            let passthrough = e <= hU + 0.5
            guard i + 1 < detents.count, detents[i + 1].height > hU else { return (0, passthrough) }
            let f = (e - hU) / (detents[i + 1].height - hU)
            return (dimAlpha * min(max(f, 0), 1) * (fade == nil ? 1 : opacity), passthrough)
        }
        return (dimAlpha * progress, false)
    }
}

/// Detent changes a `sheet.configure` made while a finger held the sheet: they take effect at
/// the release.
package struct PendingDetents: Sendable, Equatable {
    /// The new detents, or `nil` to keep them.
    package var detents: [DetentSpec]?
    /// The new selection, or `nil` to keep it (or take the nearest if it disappears).
    package var selectedDetent: String?

    package init(detents: [DetentSpec]? = nil, selectedDetent: String? = nil) {
        self.detents = detents
        self.selectedDetent = selectedDetent
    }
}

/// A sheet's detent resolver state, held out of line: one reference in every session, the
/// contents only in sessions whose detents name a resolver (memory per session).
package struct DetentResolution: Sendable, Equatable {
    /// The inputs detent resolvers answered for (detent ids aside).
    package struct Key: Sendable, Equatable {
        var input: DetentResolutionInput
        var detents: [DetentSpec]
    }

    package struct Contents: Sendable, Equatable {
        var heights: [String: Double] = [:]
        var resolvedFor: Key?
        var fallbacks: Set<String> = []
    }

    private var storage: ImmutableBox<Contents>?

    package init() {}

    /// `contents.heights`, read without building a `Contents` (every detent read asks).
    var heights: [String: Double] {
        guard let box = storage else { return [:] }
        return box.value.heights
    }

    /// The box holding the contents (`nil` when empty): equal identities, equal contents.
    var identity: ObjectIdentifier? { storage.map(ObjectIdentifier.init) }

    /// Whether any contents are held (`contents != Contents()`: an empty one is not stored).
    var isEmpty: Bool {
        if case .some = storage { return false }
        return true
    }

    var contents: Contents {
        get { storage?.value ?? Contents() }
        set { storage = newValue == Contents() ? nil : ImmutableBox(newValue) }
    }

    package static func == (a: DetentResolution, b: DetentResolution) -> Bool {
        a.storage === b.storage || a.contents == b.contents
    }
}

extension SheetState.PolicyNames: DefaultedValue {
    static var defaultValue: Self { Self() }
    var isDefault: Bool { self == Self() }
}
