extension Sheet {
    /// `input.scroll`: the scroll-handoff policy decides, sample by sample, whether the list
    /// or the sheet owns the finger. While the sheet owns it, frames carry `scroll.pinOffsetY`
    /// (the list offset at the hand-off, never above its top) and the sheet follows the drag
    /// accumulated since the hand-off; on `dragEnded` the dismissal policy decides (or the sheet cancels if it never
    /// moved). Momentum never moves the sheet.
    public mutating func scroll(_ sample: ScrollSample, at t: Double) throws(SheetError) {
        begin(t)
        if let entry = sample.entry {
            guard state.nav.entries.contains(where: { $0.id == entry }) else {
                throw SheetError(.invalidParams, "entry: no navigation entry with id \"\(entry)\"")
            }
            // Only the top entry's list can move the sheet.
            guard entry == state.nav.entries.last?.id else { return }
        }
        if takenFinger == .scroll {  // the finger a command took the sheet from
            takenFinger = nil
            guard sample.phase == .dragBegan else {
                if sample.phase != .dragEnded { takenFinger = .scroll }  // still down
                return
            }
        }
        let owning = state.drag?.source == .scroll
        if state.hasDrag && !owning { return }  // a pan on the sheet owns the finger
        // Only the grabber moves the sheet: the list keeps every scroll, no policy is asked.
        if state.options.dragRegion == .grabber && !owning { return }
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
            // The release sample is a drag sample too: without a host velocity the estimate
            // must see the finger held still before it lifted.
            if sample.phase == .dragEnded && sample.velocityY == nil { moveDrag(translation: sample.translationY) }
            releaseScrollDrag(velocityY: sample.velocityY)
            return
        }
        guard state.lifecycle == .shown, state.goal == .detent else { return }
        let detents = state.detents
        let input = ScrollHandoffInput(
            phase: sample.phase, offsetY: sample.offsetY, insetTop: sample.insetTop,
            contentHeight: sample.contentHeight, viewportHeight: sample.viewportHeight,
            isTracking: sample.isTracking, translationY: sample.translationY, deltaY: delta,
            sheetOwns: owning, position: state.currentExtent, detents: detents.map { $0.height },
            restingPosition: state.restExtent, expandsAtEdge: state.setup.options.scrollExpandsAtEdge,
            context: policyContext)
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
        guard let drag = state.drag, !state.scroll.contentFits else { return }
        let largest = state.detents.last!
        guard drag.extent > largest.height else { return }
        // The sheet is fully expanded and the finger still moves up: the list continues, with
        // the finger's velocity handed over once.
        let v = drag.estimator.velocity()
        state.drag = nil
        applyPendingDetents()
        let top = state.detents[state.detents.count - 1]
        select(top.id)
        state.motion = .rest(top.height)
        state.goal = .detent
        if v > 0 { state.scroll.pendingFlingVelocity = v }
    }

    /// The list owns the finger again (the sheet is back where it rests).
    mutating func giveScrollBack() {
        guard let drag = state.drag else { return }
        state.drag = nil
        applyPendingDetents()
        settle(goal: .detent, from: drag.extent, velocity: 0)
    }

    /// Finger up after the sheet owned the drag.
    mutating func releaseScrollDrag(velocityY: Double?) {
        guard let drag = state.drag else { return }
        if abs(drag.extent - drag.startExtent) < 0.5 {
            state.drag = nil
            applyPendingDetents()
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
            fallBack(.scrollHandoff, after: error)
            return (try? policies.scrollHandoff.owner(input)) ?? .list
        }
    }

    /// The host received a frame: one-shot fields (the fling hand-over) are spent.
    public mutating func didDeliverFrame() {
        state.scroll.pendingFlingVelocity = nil
    }
}
