/// The complete, serialisable state of one sheet (what `session.snapshot` captures).
public struct SheetState: Sendable, Equatable, Codable {
    /// Where the motion is heading.
    public enum Goal: String, Sendable, Codable { case hidden, detent }
    /// Presentation lifecycle: `presenting` until the sheet first rests at a detent.
    public enum Lifecycle: String, Sendable, Codable { case hidden, presenting, shown }
    /// Policy names, kept so a snapshot can rebuild the session's policies.
    public struct PolicyNames: Sendable, Equatable, Codable {
        public var dismissal = "deceleration"
        public var scrollHandoff = "edge"
        public var navigation = "slide"
        /// `policies.config` as the host sent it, keyed by policy name.
        public var config: [String: PolicyConfig] = [:]

        public init() {}
    }

    public var setup: SheetSetup
    public var selected: String = ""
    public var lifecycle: Lifecycle = .hidden
    public var goal: Goal = .hidden
    /// The sheet's extent (pt shown above the container's bottom edge) over time.
    public var motion: Motion = .rest(0)
    public var drag: Drag?
    public var keyboardHeight: Double = 0
    /// The detent to return to when the keyboard hides (set when it raised the sheet to `large`).
    public var keyboardSavedDetent: String?
    /// Emit `dismissCancelled` when the sheet next comes to rest at a detent.
    public var pendingDismissCancelled = false
    /// The motion is a settle after a release or an animated detent selection (reported as
    /// `settling`); other animations of a presented sheet (content size, keyboard, container,
    /// navigation) keep reporting `presented`.
    public var settling = false
    public var now: Double = 0
    public var nav: NavigationStack
    public var scroll = ScrollTracking()
    public var policyNames = PolicyNames()
    /// The navigation animator's answer for the current time (kept so frames need no policy call).
    public var navLayoutCache: NavigationLayout?

    init(setup: SheetSetup) {
        self.setup = setup
        self.nav = NavigationStack(entries: setup.navigation)
    }

    var container: Container { setup.container }
    var options: SheetOptions { setup.options }

    /// Height of the fitted content above the bottom safe area: the top navigation entry
    /// (plus its bar) or the single content.
    var fitHeight: Double {
        if let top = nav.entries.last { return entryHeight(top) }
        return setup.contentHeight ?? max(0, container.height * 0.5 - container.safeArea.bottom)
    }

    /// An entry's height: content plus its navigation bar inset.
    func entryHeight(_ e: NavEntry) -> Double {
        e.preferredHeight + (e.navigationBar ? max(options.navigationBarHeight, 44) : 0)
    }

    /// The keyboard raises every detent by its height unless the session has `large`.
    var keyboardLift: Double {
        setup.detents.contains(.large) ? 0 : keyboardHeight
    }

    /// Resting detents, ascending, with the keyboard lift applied.
    var detents: [ResolvedDetent] {
        DetentResolver.resolved(setup.detents, in: container, fitHeight: fitHeight,
                                largeTopGap: options.largeTopGap, lift: keyboardLift)
    }

    func extent(of id: String, in detents: [ResolvedDetent]? = nil) -> Double {
        let detents = detents ?? self.detents
        return detents.first { $0.id == id }?.height ?? detents[0].height
    }

    /// Where the sheet rests at its selected detent.
    var restExtent: Double { extent(of: selected) }

    /// The sheet's extent now, as drawn (never below 0).
    var currentExtent: Double {
        if let drag, drag.source != .leftEdge { return max(0, drag.extent) }
        return max(0, motion.value(at: now))
    }

    var phase: SheetPhase {
        if drag != nil { return .dragging }
        if motion.isAnimating(at: now) {
            if goal == .hidden { return .dismissing }
            guard lifecycle == .shown else { return .presenting }
            return settling ? .settling : .presented
        }
        return goal == .hidden ? .dismissed : .presented
    }

    /// Presented and not under a dismissal gesture or a release settle: only layout changes
    /// (content, keyboard, container, navigation, an edge pop) move the sheet, so `progress`
    /// is 1 and the dimming is full.
    var isFullyPresented: Bool {
        lifecycle == .shown && goal == .detent && !settling && (drag == nil || drag?.source == .leftEdge)
    }

    var isActive: Bool { drag != nil || motion.isAnimating(at: now) || nav.isAnimating(at: now) }

    // MARK: - Frame

    func frame() -> SheetFrame {
        let detents = self.detents
        let e = currentExtent
        let rest = extent(of: selected, in: detents)
        let y = container.height - e
        let phase = self.phase
        let progress = self.progress(extent: e, detents: detents, rest: rest)
        let (alpha, passthrough) = dimming(extent: e, progress: progress, detents: detents, phase: phase)
        let scale = options.displayScale > 0 ? options.displayScale : 1
        return SheetFrame(
            state: phase,
            sheet: Rect(x: 0, y: Quantize.points(y), width: Quantize.points(container.width),
                        height: Quantize.points(max(e, rest))),
            cornerRadius: options.cornerRadius,
            dimming: .init(alpha: Quantize.unit(alpha), passthrough: passthrough),
            grabber: .init(visible: options.grabber, y: Quantize.points(y - options.pullBarHeight + 1 / scale)),
            detent: selected,
            progress: Quantize.unit(progress),
            scroll: scroll.frame(ownedBySheet: drag?.source == .scroll),
            nav: navFrame(width: container.width))
    }

    /// Presentation progress: while presenting, the shown fraction of the selected detent;
    /// once presented, the shown fraction of the smallest detent (below it a dismissal is
    /// under way). 1 whenever only layout changes move a presented sheet.
    func progress(extent e: Double, detents: [ResolvedDetent], rest: Double) -> Double {
        if isFullyPresented { return 1 }
        let reference = lifecycle == .shown ? detents[0].height : rest
        return reference > 0 ? min(max(e / reference, 0), 1) : 0
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
            return (dimAlpha * min(max(f, 0), 1), passthrough)
        }
        return (dimAlpha * progress, false)
    }
}
