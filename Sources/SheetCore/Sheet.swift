/// One live bottom sheet: a deterministic state machine from inputs and time to frames.
///
/// Every mutating call takes the host's time `t` (ms). Time never goes backwards: an input
/// stamped earlier than the latest one is applied at the latest time. Motion is a pure
/// function of time, so `frame()` after `advance(to:)` is the same for the same input
/// stream, bit for bit. Events and diagnostics accumulate until `takeOutput()`.
///
/// Not implicitly copyable: the server keeps each sheet in a class and reads it in place (a
/// copy would retain and release every heap member); `copy()` makes one on purpose.
public struct Sheet: ~Copyable, Sendable {
    // Pending output first: `takeOutput()` reads it on every input and every tick, and here it
    // shares a cache line with the start of the state rather than one of its own after it.
    var events: [SheetEvent] = []
    var diagnostics: [SheetDiagnostic] = []
    /// Everything that defines the session (what `session.snapshot` captures).
    package internal(set) var state: SheetState
    /// The session's policies (not part of the snapshot; rebuilt by name on restore). Out of
    /// line, and no reference at all for the built-in set (memory per session).
    public internal(set) var policies: SheetPolicies {
        get { policyStorage.value }
        set { policyStorage.value = newValue }
    }
    private var policyStorage: OutOfLine<SheetPolicies>
    /// The sheet's depth in a stack: 1 for a root, 2 for its child, ... Set by the server when
    /// it stacks or restores a session (`session.create {parent}`, a stack's `session.restore`);
    /// not part of the sheet's own snapshot (its place in the stack's snapshot gives it).
    public var stackDepth = 1
    /// Policy kinds that faulted and fell back (bits: dismissal 1, scrollHandoff 2,
    /// navigation 4): each fault is reported once per session.
    var fellBack: UInt8 = 0
    /// A dry run (`previewRelease`): a policy fault is kept in `previewFault`, not fallen back from.
    var previewing = false
    /// Out of line: only a dry run's copy ever holds one (memory per session).
    var previewFault: PolicyFault? {
        get { previewFaultStorage?.value }
        set { previewFaultStorage = newValue.map(ImmutableBox.init) }
    }
    private var previewFaultStorage: ImmutableBox<PolicyFault>?
    /// `state.takenFinger`.
    var takenFinger: Drag.Source? {
        get { state.takenFinger }
        set { state.takenFinger = newValue }
    }

    /// Create a sheet, dismissed. Fails on inconsistent setup (duplicate detent ids, an
    /// unknown selected or undimmed detent, duplicate navigation ids).
    public init(setup: SheetSetup, policies: SheetPolicies = .builtin) throws(SheetError) {
        try setup.validate()
        self.init(validated: setup, policies: policies, policyNames: .init())
    }

    /// Create a sheet, dismissed, from a setup its caller has just validated.
    package init(validated setup: SheetSetup, policies: SheetPolicies, policyNames: SheetState.PolicyNames) {
        self.state = SheetState(setup: setup)
        self.state.policyNames = policyNames
        self.policyStorage = OutOfLine(policies)
        resolveDetents()
        let (resolved, wasSorted) = DetentResolver.resolve(
            setup.detents, in: state.container, fitHeight: state.fitHeight, largeTopGap: setup.options.largeTopGap,
            resolved: state.resolverHeights)
        if !wasSorted {
            diagnostics.append(SheetDiagnostic(.detentsSorted, "detents were not in ascending order; using \(ListText.of(resolved.map { $0.id }))"))
        }
        state.rest = .detent(setup.selectedDetent ?? resolved[0].id)
    }

    /// Restore a sheet from a snapshot's state with freshly built policies. The state must be
    /// one the engine can reach (the server checks a snapshot with `SheetSetup.validate` and
    /// its own running-state rules first); the navigation layout is recomputed, not trusted.
    package init(restoring state: SheetState, policies: SheetPolicies) {
        self.state = state
        self.policyStorage = OutOfLine(policies)
        // Resolver answers are asked again, never trusted from the snapshot; a resolver that
        // had failed (`state.resolverFallbacks`) stays failed.
        self.state.resolvedFor = nil
        self.state.resolverHeights = [:]
        resolveDetents()
        layoutNavigation()
    }

    /// An independent copy (a sheet is never copied implicitly: reading one in place, e.g.
    /// from the class that holds it, then costs nothing).
    package func copy() -> Sheet {
        Sheet(state: state, policies: policies, events: events, diagnostics: diagnostics, fellBack: fellBack,
              stackDepth: stackDepth)
    }

    private init(state: SheetState, policies: SheetPolicies, events: [SheetEvent], diagnostics: [SheetDiagnostic],
                 fellBack: UInt8, stackDepth: Int) {
        self.state = state
        self.policyStorage = OutOfLine(policies)
        self.events = events
        self.diagnostics = diagnostics
        self.fellBack = fellBack
        self.stackDepth = stackDepth
    }

    /// Whether events or diagnostics are waiting for `takeOutput()` (most frames have none).
    public var hasOutput: Bool { !events.isEmpty || !diagnostics.isEmpty }

    /// Events and diagnostics produced since the last call.
    public mutating func takeOutput() -> (events: [SheetEvent], diagnostics: [SheetDiagnostic]) {
        defer { events = []; diagnostics = [] }
        return (events, diagnostics)
    }

    // MARK: - Derived geometry

    /// Resting detents, ascending, resolved for the current container, content and keyboard.
    public var detents: [ResolvedDetent] { state.detents }

    /// What the policies are told about where the sheet sits (stack depth, edge, layout).
    public var policyContext: PolicyContext {
        PolicyContext(stackDepth: stackDepth, edge: state.options.edge, layout: state.layout.kind)
    }

    /// The lifecycle state a frame would report now.
    public var phase: SheetPhase { state.phase }

    /// Whether anything moves on its own (animation) or under a finger: the realtime clock
    /// ticks while this is true. (`advance(to:)` answers it too.)
    public var isActive: Bool { state.isActive }

    // MARK: - Time

    /// Move time forward to `t`: finish animations that ended and emit their events. Returns
    /// `isActive` as it is then: a tick asks it of every moving sheet, which its session
    /// holds, and asked here, of a sheet passed by address, it copies nothing (a call of the
    /// getter copies the 584-byte sheet first).
    @discardableResult
    public mutating func advance(to t: Double) -> Bool {
        advanceMotion(to: t)
        return state.isActive
    }

    private mutating func advanceMotion(to t: Double) {
        state.now = max(state.now, t)
        advanceNavigation()
        advanceBack()
        guard !state.hasDrag else { return }
        let now = state.now
        if state.motion.isAnimating(at: now) || state.isFading {
            // A spring heading offscreen is done when it crosses the edge.
            if state.goal == .hidden && state.motion.isAnimating(at: now) && state.motion.value(at: now) <= 0 {
                arrive()
            } else {
                state.motion.collapseFinished(at: now)
            }
        } else {
            arrive()
        }
    }

    /// The motion reached its goal.
    mutating func arrive() {
        state.settling = false
        state.presentReference = nil
        settleBack()
        state.fade = nil
        switch state.goal {
        case .hidden:
            state.motion = .rest(0)
            switch state.lifecycle {
            case .shown: emit(.dismissed)
            case .presenting: emit(.presentCancelled)
            case .hidden: break
            }
            state.lifecycle = .hidden
            state.pendingDismissCancelled = false
        case .detent:
            state.motion = .rest(state.motion.target)
            if state.lifecycle != .shown {
                state.lifecycle = .shown
                emit(.presented)
            } else if state.pendingDismissCancelled {
                emit(.dismissCancelled)
            }
            state.pendingDismissCancelled = false
        }
    }

    mutating func emit(_ kind: SheetEventKind) {
        events.append(SheetEvent(t: state.now, kind: kind))
    }

    /// Apply `t` before an input.
    mutating func begin(_ t: Double) {
        advance(to: t)
    }

    // MARK: - Commands

    /// `sheet.present`. Refused (a finger holds the sheet) before anything changes, time
    /// included: a refused command leaves the sheet as it was, so a caller needs no copy to
    /// roll back (`begin` never ends a drag).
    public mutating func present(at t: Double, animated: Bool = true) throws(SheetError) {
        try requireNoFinger("present")
        begin(t)
        guard state.goal == .hidden else { return }
        if animated { keepDetents() }
        let opacity = state.opacity
        state.rest.endHeld()
        if state.lifecycle == .shown { state.pendingDismissCancelled = true } else { state.lifecycle = .presenting }
        state.goal = .detent
        let target = state.restExtent
        guard animated else {
            state.motion = .rest(target)
            announceSettle(.present)
            arrive()
            return
        }
        if state.options.reduceMotion {  // at the rest rect at once, fading in
            state.motion = .rest(target)
            state.presentReference = nil
            return startFade(from: opacity, to: 1, trigger: .present)
        }
        startTransition(to: target, full: target, trigger: .present)
    }

    /// `sheet.dismiss`. Refused, like `present`, before anything changes.
    public mutating func dismiss(at t: Double, animated: Bool = true) throws(SheetError) {
        try requireNoFinger("dismiss")
        begin(t)
        guard state.goal == .detent, state.lifecycle != .hidden else { return }
        if animated { keepDetents() }
        let opacity = state.opacity
        state.rest.endHeld()
        state.goal = .hidden
        guard animated else {
            state.motion = .rest(0)
            announceSettle(.dismiss)
            arrive()
            return
        }
        if state.options.reduceMotion {  // fading out where it is
            state.motion = .rest(state.currentExtent)
            state.settling = false
            return startFade(from: opacity, to: 0, trigger: .dismiss)
        }
        startTransition(to: 0, full: state.restExtent, trigger: .dismiss)
    }

    /// `input.tap` on the dimming layer of a presented sheet whose dimming is not passing
    /// touches through: with `tapDimming` `dismiss` it dismisses a dismissible sheet (a sheet
    /// that is not dismissible reports `dismissAttempted` and stays), `collapse` goes to the
    /// smallest detent, `none` does nothing.
    public mutating func tapDimming(at t: Double) {
        begin(t)
        guard state.phase == .presented, !state.frame().dimming.passthrough else { return }
        switch state.options.tapDimming {
        case .none:
            return
        case .collapse:
            try? selectDetent(state.detents[0].id, at: t, animated: true)
        case .dismiss:
            guard state.options.dismissible else { return emit(.dismissAttempted(.tap)) }
            try? dismiss(at: t, animated: true)
        }
    }

    /// Keeps the detents resolved in `state.detentCache` for a sheet that starts to move: a
    /// sheet at rest holds none (`tickFrame`), and a present or dismiss reads them three times
    /// (its rest, `willSettle`) before its first frame, which keeps them anyway.
    private mutating func keepDetents() {
        state.withCachedDetents { _ in }
    }

    /// A present/dismiss animation from wherever the sheet is; a partial distance takes the
    /// same fraction of the duration.
    mutating func startTransition(to target: Double, full: Double, trigger: SettleTrigger) {
        let now = state.now
        let from = state.motion.value(at: now)
        var timing = state.setup.options.presentTiming
        if case .bezier(var b) = timing, full > 0 {
            b.duration *= min(1, abs(target - from) / full)
            timing = .bezier(b)
        }
        state.motion = .animate(from: from, to: target, velocity: state.motion.velocity(at: now), at: now, timing: timing)
        announceSettle(trigger)
        if abs(target - from) < 1e-9 { arrive() }
    }

    /// `sheet.selectDetent`.
    public mutating func selectDetent(_ id: String, at t: Double, animated: Bool = true) throws(SheetError) {
        begin(t)
        guard state.detents.contains(where: { $0.id == id }) else {
            throw SheetError(.invalidParams, "detent: no detent with id \"\(id)\" (have \(ListText.of(state.detents.map { $0.id })))")
        }
        try requireNoFinger("selectDetent")
        guard id != state.selected || state.rest.height != nil else { return }
        let changed = id != state.selected
        state.rest = .detent(id)
        if changed { emit(.detentChanged(id)) }
        retarget(animated ? .spring(settleSpring()) : nil, trigger: .command)
        if animated && state.motion.isAnimating(at: state.now) { state.settling = true }
    }

    mutating func select(_ id: String) {
        guard id != state.selected else { return }
        state.rest.select(id)
        emit(.detentChanged(id))
    }

    /// `sheet.setContentHeight` for the single content (or a navigation entry). A change that
    /// moves no detent by 0.5 pt or more is not an update and is dropped.
    public mutating func setContentHeight(_ height: Double, entry: String? = nil, at t: Double) throws(SheetError) {
        begin(t)
        let before = state
        if let entry {
            guard let i = state.nav.entries.firstIndex(where: { $0.id == entry }) else {
                throw SheetError(.invalidParams, "entry: no navigation entry with id \"\(entry)\"")
            }
            state.nav.entries[i].preferredHeight = height
            // Entries below the top do not move the sheet; they are kept for when they show.
            guard i == state.nav.entries.count - 1 else { return }
        } else if state.nav.entries.isEmpty {
            state.setup.contentHeight = height
        } else {
            state.nav.entries[state.nav.entries.count - 1].preferredHeight = height
        }
        resolveDetents()
        let moved = zip(before.detents, state.detents).contains { abs($0.height - $1.height) >= 0.5 }
        guard moved else {
            state = before
            return
        }
        state.rest.endHeld()
        retarget(state.setup.options.contentTiming, trigger: .layout)
    }

    /// `sheet.setContainer` (rotation, split view): detents re-resolve, the sheet re-targets.
    public mutating func setContainer(_ container: Container, at t: Double) {
        begin(t)
        let before = state.layout, shown = state.lateral(before)
        state.setup.container = container
        state.rest.endHeld()
        retarget(state.setup.options.contentTiming, trigger: .layout)
        animateLayout(from: before, shown: shown, timing: state.setup.options.contentTiming)
    }

    /// `input.keyboard` (height 0 = hidden), by `options.keyboard`: `lift` grows every detent
    /// by the keyboard's height, `largest` selects the largest detent while it shows, `fill`
    /// fills the container above it, `none` leaves the sheet. When it hides the sheet returns
    /// to the detent it had (`keyboardRestore`), or stays where it is. A `durationMs` of 0
    /// moves the sheet at once, so per-frame heights track the keyboard 1:1.
    public mutating func setKeyboard(height: Double, timing: BezierTiming, at t: Double) {
        begin(t)
        let wasShown = state.keyboardHeight > 0, hiding = height <= 0
        let heldAt = state.motion.target
        if !hiding { state.rest.endHeld() }
        state.keyboardHeight = max(0, height)
        resolveDetents()
        let restore = state.options.keyboardRestore
        switch state.keyboardMode {
        case .largest:
            let largest = state.detents[state.detents.count - 1].id
            if !hiding, !wasShown, state.selected != largest {
                state.rest = .keyboardRaised(detent: state.selected, returnTo: state.selected)
                select(largest)
            } else if hiding, let back = state.rest.keyboardReturn {
                state.rest = .detent(state.selected)
                if restore { select(back) }
            }
        case .lift, .fill:
            if hiding, wasShown, !restore, state.goal == .detent { state.rest = .height(heldAt, detent: state.selected) }
        case .none:
            break
        }
        retarget(.bezier(timing), trigger: .layout)
    }

    /// Move the resting target to the current layout, easing the difference in.
    mutating func retarget(_ timing: AnimationTiming?, trigger: SettleTrigger) {
        resolveDetents()  // whatever changed may change a resolver's answer
        guard state.goal == .detent, !state.hasDrag else { return }
        let delta = state.restExtent - state.motion.target
        // Instant changes (durationMs 0, animated: false) track exactly; animations skip
        // sub-half-point differences.
        var instant = timing == nil
        if case .bezier(let b)? = timing, b.duration <= 0 { instant = true }
        guard abs(delta) >= (instant ? 1e-9 : 0.5) else { return }
        if timing == nil && state.lifecycle == .shown {
            // `animated: false` on a presented sheet: it is at its new rest in the next frame,
            // whatever was running (adding the jump to a running animation could carry the
            // sheet past the container's edge on the way).
            state.motion = .rest(state.restExtent)
            announceSettle(trigger)
            arrive()
            return
        }
        if trigger == .layout, state.lifecycle == .shown, state.settling, !state.pendingDismissCancelled {
            // A settle between detents that layout redirects reads as a presented sheet that
            // layout moves (progress 1): a detent growing past the sheet must not dip the dimming.
            state.settling = false
        }
        if state.lifecycle == .presenting {
            // Progress follows the new target as the sheet does, not at once.
            var reference = state.presentReference ?? .rest(state.motion.target)
            reference.retarget(by: delta, at: state.now, timing: timing)
            state.presentReference = reference
        }
        state.motion.retarget(by: delta, at: state.now, timing: timing)
        announceSettle(trigger)
        if !state.motion.isAnimating(at: state.now) { arrive() }
    }

    func requireNoFinger(_ what: String) throws(SheetError) {
        if state.hasDrag { throw SheetError(.invalidState, "cannot \(what) while the sheet is being dragged") }
    }

    // MARK: - Policies

    /// Ask the dismissal policy; a fault switches the session to the built-in for good.
    mutating func decideRelease(_ input: ReleaseInput) -> ReleaseDecision {
        do {
            let d = try policies.dismissal.decide(input)
            try Validate.release(d, input, policy: policies.dismissal.name)
            return d
        } catch {
            if previewing {
                previewFault = error
                return ReleaseDecision(target: .detent(0))
            }
            fallBack(.dismissal, after: error)
            return (try? policies.dismissal.decide(input)) ?? ReleaseDecision(target: .detent(0))
        }
    }

    // MARK: - Frame

    /// The frame at the current time.
    public func frame() -> SheetFrame { state.frame() }

    /// `frame()`'s values for a clock's tick (the names: `frameNames`): while the sheet moves,
    /// the detents it resolves are kept for its next frames and drag steps
    /// (`SheetState.detentCache`); at rest they are dropped (memory per idle session).
    public mutating func tickFrame() -> FrameValues {
        guard state.isActive else {
            if !state.detentCache.isEmpty { state.detentCache = DetentCache() }
            return state.frameValues()
        }
        state.withCachedDetents { _ in }
        return state.frameValuesFromCache()
    }

    /// `frame()`'s values alone.
    public func frameValues() -> FrameValues { state.frameValues() }

    /// The names `frame()` reports: the selected detent's id and the navigation entries' ids.
    public func frameNames() -> FrameNames { FrameNames(detent: state.selected, navIDs: state.navIDs()) }

    /// Brings `names` (the names of the last frame sent) up to those `frame()` reports, and
    /// says whether they changed. Compared in place — by representation first, nothing copied
    /// or retained (a tick asks on every frame) — and copied only when they differ; equal
    /// names in another representation are taken too, so the next check is quick again (with
    /// navigation entries on screen it never is: those are compared each time). It changes
    /// nothing in the sheet: `mutating` so that the sheet is passed by address, not copied
    /// for the call (see `advance(to:)`).
    public mutating func refreshNames(_ names: inout FrameNames) -> Bool {
        if reportsNames(withKey: names.key) { return false }
        let showsNavigation = state.nav.hasTransition || !state.nav.entries.isEmpty
        let changed = !(state.rest.selects(names.detent) && state.showsNavEntries(names.navIDs))
        if changed || !showsNavigation { names = frameNames() }
        return changed
    }

    /// Whether `frame()` reports names whose `FrameNames.key` is `key` (names something still
    /// holds), from their representation alone: true means it does; false, perhaps not. A
    /// sheet showing navigation entries always answers false.
    private func reportsNames(withKey key: FrameNames.Key) -> Bool {
        #if _pointerBitWidth(_64)
        guard key.navCount == 0, !state.nav.hasTransition, state.nav.entries.isEmpty else { return false }
        return state.rest.withDetent { FrameNames.Key.bits(of: $0) == key.detent }
        #else
        return false  // (a string's representation is read on 64-bit platforms only)
        #endif
    }

    /// `body` with the selected detent's id (what `frame()` reports as `detent`), read in place.
    /// `mutating` only so that the sheet is passed by address (it changes nothing): called
    /// on a session's sheet, a non-mutating method is handed a copy of its state.
    @inline(__always)
    public mutating func withDetentID<Result>(_ body: (borrowing String) -> Result) -> Result {
        state.rest.withDetent(body)
    }

    /// The out-of-line storage a drag step or a frame reads, for a server that prefetches it
    /// (thousands of sessions outgrow the cache): at `depth` 0 the blocks whose addresses
    /// the sheet holds (its options, the detent cache's entry, of a drag's velocity samples
    /// the header and the slot the next one goes to), at 1 those reached through them (the
    /// resolved detents). Each as `body(start, bytes)`; nothing is retained or changed
    /// (`mutating` only so that the sheet is passed by address: a non-mutating call would be
    /// handed a copy of all of it).
    public mutating func storage(depth: Int, _ body: (UnsafeRawPointer, Int) -> Void) {
        state.detentCache.storage(depth: depth, body)
        if depth == 0 {
            state.setup.optionsStorage(body)
            state.drag?.estimator.nextSlotStorage(body)
        }
    }

    /// Which detent cache entry the sheet holds (`DetentCache.identity`). It changes nothing:
    /// `mutating` so that the sheet is passed by address (see `advance(to:)`).
    package mutating func detentCacheIdentity() -> UInt { state.detentCache.identity }

    /// The ids of the navigation entries on screen (`frame().navIDs`).
    public var navIDs: [String] { state.navIDs() }

    /// The frame's `progress` alone (what a stacked parent follows), without the rest of the frame.
    public var presentationProgress: Double {
        let e = state.currentExtent
        return state.withDetents { Quantize.unit(state.progress(extent: e, detents: $0, rest: state.restExtent(in: $0))) }
    }
}
