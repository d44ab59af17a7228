/// What the engine remembers of the scroll view inside the sheet between samples.
public struct ScrollTracking: Sendable, Equatable, Codable {
    /// `translationY` of the previous sample.
    public var lastTranslationY: Double = 0
    /// Whether the previous sample showed the list at its top.
    public var lastAtTop = false
    /// The list's adjusted top inset.
    public var insetTop: Double = 0
    /// Where the host holds the list while the sheet owns the drag: the offset at the
    /// hand-off, never above the top (`-insetTop` for the built-in `edge` policy, which only
    /// takes over at the top; the list's current offset when a policy takes over mid-list).
    public var pinOffsetY: Double = 0
    /// Whether the list's content fits its viewport (then the sheet behaves like a plain pan).
    public var contentFits = false
    /// A fling velocity for the list, reported in the next frame only.
    public var pendingFlingVelocity: Double?

    public init() {}

    func frame(ownedBySheet: Bool) -> SheetFrame.Scroll {
        .init(pinOffsetY: ownedBySheet ? Quantize.points(pinOffsetY) : nil,
              flingVelocityY: pendingFlingVelocity.map(Quantize.points))
    }
}

/// One `input.scroll` sample.
public struct ScrollSample: Sendable, Equatable, Codable {
    public var phase: ScrollHandoffInput.Phase
    public var offsetY: Double
    public var insetTop: Double
    public var contentHeight: Double
    public var viewportHeight: Double
    public var isTracking: Bool
    /// Cumulative pan translation of the scroll view (pt, + = finger down).
    public var translationY: Double
    /// Pan velocity (pt/s, + = finger down), if the host measured it.
    public var velocityY: Double?
    /// The navigation entry whose list this is; `nil` = the top entry or the single content.
    public var entry: String?

    public init(phase: ScrollHandoffInput.Phase, offsetY: Double, insetTop: Double, contentHeight: Double,
                viewportHeight: Double, isTracking: Bool, translationY: Double, velocityY: Double? = nil,
                entry: String? = nil) {
        self.phase = phase
        self.offsetY = offsetY
        self.insetTop = insetTop
        self.contentHeight = contentHeight
        self.viewportHeight = viewportHeight
        self.isTracking = isTracking
        self.translationY = translationY
        self.velocityY = velocityY
        self.entry = entry
    }
}

extension Sheet {
    /// `input.scroll`: the scroll-handoff policy decides, sample by sample, whether the list
    /// or the sheet owns the finger. While the sheet owns it, frames carry
    /// `scroll.pinOffsetY = -insetTop` and the sheet follows the drag accumulated since the
    /// hand-off; on `dragEnded` the dismissal policy decides (or the sheet cancels if it never
    /// moved). Momentum never moves the sheet.
    public mutating func scroll(_ sample: ScrollSample, at t: Double) throws(SheetError) {
        begin(t)
        if let entry = sample.entry {
            guard state.nav.entries.contains(where: { $0.id == entry }) else {
                throw SheetError(.invalidParams, "params.entry: no navigation entry with id \"\(entry)\"")
            }
            // Only the top entry's list can move the sheet.
            guard entry == state.nav.entries.last?.id else { return }
        }
        let owning = state.drag?.source == .scroll
        if state.drag != nil && !owning { return }  // a pan on the sheet owns the finger
        state.scroll.insetTop = sample.insetTop
        state.scroll.contentFits = sample.contentHeight <= sample.viewportHeight
        let delta = sample.phase == .dragBegan ? 0 : sample.translationY - state.scroll.lastTranslationY
        // The drag since the hand-off starts where the list stopped taking it: at the previous
        // sample if the list was already at its top, else at this one (the list just used it).
        let handoffTranslation = state.scroll.lastAtTop ? state.scroll.lastTranslationY : sample.translationY
        state.scroll.lastTranslationY = sample.translationY
        state.scroll.lastAtTop = sample.offsetY <= -sample.insetTop + 0.5

        if sample.phase == .dragEnded || (!sample.isTracking && owning) {
            guard owning else { return }
            releaseScrollDrag(velocityY: sample.velocityY)
            return
        }
        guard state.lifecycle == .shown, state.goal == .detent else { return }
        let detents = state.detents
        let input = ScrollHandoffInput(
            phase: sample.phase, offsetY: sample.offsetY, insetTop: sample.insetTop,
            contentHeight: sample.contentHeight, viewportHeight: sample.viewportHeight,
            isTracking: sample.isTracking, translationY: sample.translationY, deltaY: delta,
            sheetOwns: owning, position: state.currentExtent, detents: detents.map(\.height),
            restingPosition: state.restExtent, expandsAtEdge: state.setup.options.scrollExpandsAtEdge)
        switch scrollOwner(input) {
        case .sheet:
            if !owning {
                try beginDrag(source: .scroll, translation: handoffTranslation)
                state.scroll.pinOffsetY = max(sample.offsetY, -sample.insetTop)
            }
            moveScrollDrag(translation: sample.translationY)
        case .list:
            if owning { giveScrollBack() }
        }
    }

    /// Follow the drag since the hand-off; at the largest detent a scrolling list takes over.
    mutating func moveScrollDrag(translation: Double) {
        moveDrag(translation: translation)
        guard var drag = state.drag, !state.scroll.contentFits else { return }
        let largest = state.detents.last!
        if drag.extent > largest.height {
            // The sheet is fully expanded and the finger still moves up: the list continues.
            drag.extent = largest.height
            state.drag = drag
            let v = drag.estimator.velocity()
            state.drag = nil
            select(largest.id)
            state.motion = .rest(largest.height)
            state.goal = .detent
            if v > 0 { state.scroll.pendingFlingVelocity = v }
        }
    }

    /// The list owns the finger again (the sheet is back where it rests).
    mutating func giveScrollBack() {
        guard let drag = state.drag else { return }
        state.drag = nil
        settle(goal: .detent, from: drag.extent, velocity: 0)
    }

    /// Finger up after the sheet owned the drag.
    mutating func releaseScrollDrag(velocityY: Double?) {
        guard let drag = state.drag else { return }
        if abs(drag.extent - drag.startExtent) < 0.5 {
            state.drag = nil
            settle(goal: .detent, from: drag.extent, velocity: 0)
            return
        }
        let v = velocityY.map { -$0 } ?? drag.estimator.velocity()
        release(velocity: v)
        // Settling at the largest detent with upward velocity left: the list continues the fling.
        if state.goal == .detent, v > 0, state.selected == state.detents.last!.id, !state.scroll.contentFits {
            state.scroll.pendingFlingVelocity = v
        }
    }

    mutating func scrollOwner(_ input: ScrollHandoffInput) -> ScrollOwner {
        do {
            return try policies.scrollHandoff.owner(input)
        } catch {
            diagnostics.append("scrollHandoff policy \"\(error.policy)\" failed: \(error.message); using the built-in \"edge\"")
            policies.scrollHandoff = EdgeScrollHandoff()
            state.policyNames.scrollHandoff = "edge"
            return (try? policies.scrollHandoff.owner(input)) ?? .list
        }
    }

    /// The host received a frame: one-shot fields (the fling hand-over) are spent.
    public mutating func didDeliverFrame() {
        state.scroll.pendingFlingVelocity = nil
    }
}
