extension Sheet {
    /// `input.pan`: the finger drives the sheet 1:1, rubber-banding past the largest detent;
    /// release goes through the dismissal policy. A pan that begins during any animation
    /// freezes the sheet where it is. A `bottomEdge` pan on a dismissed sheet presents it
    /// interactively; `leftEdge` drives an interactive pop. `grabber` pans move the sheet like
    /// `sheet` pans; with `options.dragRegion` `grabber` only they do (content pans are ignored).
    public mutating func pan(_ phase: PanPhase, translation: Vector, velocity: Vector? = nil,
                             source: PanSource = .sheet, at t: Double) throws(SheetError) {
        begin(t)
        if let taken = takenFinger, taken != .scroll {  // the finger a command took the sheet from
            takenFinger = nil
            guard phase == .began else {
                if phase == .changed { takenFinger = taken }  // still down
                return
            }
        }
        // Grabber-only: a content pan cannot start a drag (one already under way, e.g. begun
        // before a configure, still ends normally).
        if source == .sheet && state.options.dragRegion == .grabber && state.drag == nil { return }
        if source == .leftEdge || state.drag?.source == .leftEdge {
            try edgePop(phase, translation: translation, velocity: velocity)
            return
        }
        // The engine's axis (y toward the sheet's edge).
        let translation = state.options.edge.axisVector(translation), velocity = velocity.map(state.options.edge.axisVector)
        switch phase {
        case .began:
            try beginDrag(source: source == .bottomEdge ? .bottomEdge : .sheet, translation: translation.y)
        case .changed:
            if state.drag == nil { try beginDrag(source: source == .bottomEdge ? .bottomEdge : .sheet, translation: translation.y) }
            moveDrag(translation: translation.y)
        case .ended:
            guard state.drag != nil else { return }
            moveDrag(translation: translation.y)
            let v = velocity.map { -$0.y } ?? state.drag!.estimator.velocity()
            release(velocity: v)
        case .cancelled:
            guard state.drag != nil else { return }
            cancelDrag()
        }
    }

    /// Whether `pan(phase, source:)` could be refused in the current state: only a pan that
    /// starts a drag or an interactive pop can be. One that continues or ends the finger's
    /// drag cannot, so the server applies it in place, without a rollback copy (the drag path
    /// is the hottest input).
    public func panMayBeRefused(_ phase: PanPhase, source: PanSource) -> Bool {
        guard let drag = state.drag, phase != .began else { return true }
        return (source == .leftEdge) != (drag.source == .leftEdge)
    }

    /// Hand the sheet to a finger, freezing any animation where it is.
    mutating func beginDrag(source: Drag.Source, translation: Double) throws(SheetError) {
        let now = state.now
        // A finger takes the sheet where it is, but never above the container's top (a spring
        // may overshoot there).
        let e = min(state.currentExtent, state.container.height)
        if state.goal == .hidden && state.lifecycle == .hidden && !state.motion.isAnimating(at: now) {
            guard source == .bottomEdge else {
                throw SheetError(.invalidState, "the sheet is dismissed; present it or pan from the bottom edge")
            }
            state.lifecycle = .presenting
        }
        let detents = state.detents
        let origin = state.motion.isAnimating(at: now) ? nil : detents.firstIndex { abs($0.height - e) < 0.5 }
        var drag = Drag(source: source, startExtent: e, startTranslation: translation, extent: e,
                        originIndex: origin, goalBefore: state.goal)
        drag.originDetent = origin.map { detents[$0].id }
        drag.originHeight = origin.map { detents[$0].height }
        state.rest.endHeld()
        drag.estimator.add(time: now, value: e)
        state.motion = .rest(e)
        state.drag = drag
    }

    /// Follow the finger: 1:1 between the detents, rubber-banded above the largest (and
    /// below the smallest when the sheet may not be dismissed).
    mutating func moveDrag(translation: Double) {
        guard var drag = state.drag else { return }
        state.drag = nil  // `drag` holds the only reference: its samples grow in place, not copied
        let raw = drag.startExtent - (translation - drag.startTranslation)
        drag.estimator.add(time: state.now, value: raw)
        drag.rawExtent = raw
        let detents = state.detents  // resolved once per drag step
        drag.extent = constrainDrag(raw, smallest: detents[0].height, largest: detents[detents.count - 1].height)
        if drag.extent < detents[0].height - 0.5 { drag.wentBelowSmallest = true }
        state.drag = drag
    }

    /// Whether a drag may take the sheet below its smallest detent toward dismissal.
    var dragCanDismiss: Bool { state.setup.options.dismissible || state.lifecycle != .shown }

    /// Rubber-banding keeps the sheet inside the container: above the largest detent the
    /// overshoot is banded against the room left above it (`container.height - largest`, so
    /// `y` approaches 0 and never passes it); below the smallest (not dismissible) against the
    /// smallest detent's height (the sheet approaches the bottom edge).
    func constrainDrag(_ raw: Double, smallest: Double, largest: Double) -> Double {
        if raw > largest {
            return largest + RubberBand.offset(raw - largest, dimension: max(0, state.container.height - largest))
        }
        if raw < smallest && !dragCanDismiss { return smallest - RubberBand.offset(smallest - raw, dimension: smallest) }
        return max(raw, 0)
    }

    /// The finger lifted with `velocity` (pt/s, positive = growing): ask the dismissal policy
    /// and settle with a spring that carries the velocity.
    ///
    /// The decision is made against the sheet as it is at release: detent changes made during
    /// the drag (`sheet.configure`) apply first, and when the detent the drag started at has
    /// moved (content grew under the finger) the position is the finger's travel from its
    /// new height. A sheet that may not be dismissed reports `dismissAttempted` when the
    /// policy would have dismissed it.
    mutating func release(velocity v: Double) {
        guard let drag = state.drag else { return }
        applyPendingDetents()
        let detents = state.detents
        var shift = 0.0, origin = drag.originIndex
        if let id = drag.originDetent, let h0 = drag.originHeight {
            origin = detents.firstIndex { $0.id == id }
            if let i = origin { shift = detents[i].height - h0 }
        }
        let input = ReleaseInput(
            axis: .vertical, position: max(0, drag.extent + shift), velocity: v,
            translation: drag.extent - drag.startExtent, detents: detents.map { $0.height }, originIndex: origin,
            extent: detents[0].height, dismissible: dragCanDismiss, context: policyContext)
        let decision = decideRelease(input)
        if !dragCanDismiss && !previewing { reportDismissAttempt(input, rawPosition: max(0, (drag.rawExtent ?? drag.extent) + shift)) }
        let spring = decision.settle
        state.drag = nil
        switch decision.target {
        case .dismiss:
            settle(goal: .hidden, from: drag.extent, velocity: v, spring: spring)
        case .detent(let i):
            if state.lifecycle == .shown && (drag.wentBelowSmallest || drag.goalBefore == .hidden) {
                state.pendingDismissCancelled = true
            }
            select(detents[i].id)
            settle(goal: .detent, from: drag.extent, velocity: v, spring: spring)
        }
    }

    /// The dismissal veto: ask the policy what it would have done with a dismissible sheet
    /// (at the finger's unbanded position) and report the attempt — `fling` when a release at
    /// rest from there would not have dismissed.
    mutating func reportDismissAttempt(_ input: ReleaseInput, rawPosition: Double) {
        var would = input
        would.dismissible = true
        would.position = rawPosition
        would.translation = input.translation + (rawPosition - input.position)
        guard (try? policies.dismissal.decide(would))?.target == .dismiss else { return }
        would.velocity = 0
        let atRest = (try? policies.dismissal.decide(would))?.target == .dismiss
        emit(.dismissAttempted(atRest ? .pan : .fling))
    }

    /// A command that must happen now (a stack's chained dismissal, a `replace`/`switch`
    /// presentation) wins over a finger on the sheet, as UIKit's `dismiss(animated:)` wins
    /// over an active gesture: the drag (or interactive pop) ends as a cancelled one does —
    /// with the same events, no release decision — and that finger's later `changed`/`ended`
    /// pans and scroll samples are ignored until it lifts or a new gesture begins. Nothing
    /// happens without a finger.
    public mutating func takeFromFinger(at t: Double) {
        begin(t)
        guard let drag = state.drag else { return }
        if drag.source == .leftEdge { try? edgePop(.cancelled, translation: Vector(x: 0, y: 0), velocity: nil) } else { cancelDrag() }
        takenFinger = drag.source
    }

    /// `cancelled`: go back where the sheet was heading before the finger took it.
    mutating func cancelDrag() {
        guard let drag = state.drag else { return }
        applyPendingDetents()
        state.drag = nil
        if drag.goalBefore == .detent || state.lifecycle == .shown {
            if state.lifecycle == .shown && drag.wentBelowSmallest { state.pendingDismissCancelled = true }
            settle(goal: .detent, from: drag.extent, velocity: 0)
        } else {
            settle(goal: .hidden, from: drag.extent, velocity: 0)
        }
    }

    /// Move from a released position to `goal`, starting at the release velocity. A detent is
    /// reached with a spring (the policy's or `options.settleSpring`); a dismissal runs the
    /// remaining fraction of the present duration (percent-driven, as UIKit's interactive
    /// transitions finish) on a curve whose initial slope matches the velocity.
    mutating func settle(goal: SheetState.Goal, from: Double, velocity: Double, spring: Spring? = nil) {
        state.goal = goal
        state.settling = goal == .detent
        let now = state.now
        if goal == .detent || spring != nil {
            let target = goal == .hidden ? 0 : state.restExtent
            state.motion = .animate(from: from, to: target, velocity: velocity, at: now,
                                    timing: .spring(spring ?? state.setup.options.settleSpring))
        } else {
            state.motion = .animate(from: from, to: 0, at: now, timing: dismissalTiming(from: from, velocity: velocity))
        }
        announceSettle(.release)
        if !state.motion.isAnimating(at: now) { arrive() }
    }

    /// The finish of a released dismissal: what is left of the present duration, shortened so
    /// the sheet never slows down below the finger's speed, starting at that speed.
    func dismissalTiming(from e: Double, velocity v: Double) -> AnimationTiming {
        guard case .bezier(let present) = state.setup.options.presentTiming else {
            return state.setup.options.presentTiming
        }
        guard e > 0 else { return .bezier(BezierTiming(duration: 0, curve: .linear)) }
        let reference = max(state.restExtent, e)
        var duration = present.duration * e / reference
        let speed = max(0, -v)  // toward dismissal, pt/s
        if speed > 0 { duration = min(duration, 3 * e / speed * 1000) }
        let slope = speed * (duration / 1000) / e  // initial progress per time fraction
        let x1 = 0.3
        let curve = CubicBezier(x1, min(slope * x1, 1), 0.58, 1)
        return .bezier(BezierTiming(duration: duration, curve: curve))
    }
}
