extension Sheet {
    /// `input.pan`: the finger drives the sheet 1:1, rubber-banding past the largest detent;
    /// release goes through the dismissal policy. A pan that begins during any animation
    /// freezes the sheet where it is. A `bottomEdge` pan on a dismissed sheet presents it
    /// interactively; `leftEdge` drives an interactive pop. `grabber` pans move the sheet like
    /// `sheet` pans; with `options.dragRegion` `grabber` only they do (content pans are ignored).
    /// `options.gesture` arbitrates `sheet` and `grabber` pans that begin with no finger on the
    /// sheet: pending within the slop, then accepted or declined (`panArbitration`).
    ///
    /// Returns what the sheet made of the pan (`input.pan`'s `gesture`).
    @discardableResult
    public mutating func pan(_ phase: PanPhase, translation: Vector, velocity: Vector? = nil,
                             source: PanSource = .sheet, at t: Double) throws(SheetError) -> PanGesture {
        begin(t)
        if let taken = takenFinger, taken != .scroll {  // the finger a command took the sheet from
            takenFinger = nil
            guard phase == .began else {
                if phase == .changed { takenFinger = taken }  // still down
                return .accepted
            }
        }
        // Grabber-only: a content pan cannot start a drag (one already under way, e.g. begun
        // before a configure, still ends normally).
        if source == .sheet && state.options.dragRegion == .grabber && !state.hasDrag { return .accepted }
        if source == .leftEdge || state.drag?.source == .leftEdge {
            try edgePop(phase, translation: translation, velocity: velocity)
            return .accepted
        }
        // The engine's axis (y toward the sheet's edge).
        let translation = state.options.edge.axisVector(translation), velocity = velocity.map(state.options.edge.axisVector)
        if source != .bottomEdge, let gesture = try panArbitration(phase, translation: translation) { return gesture }
        switch phase {
        case .began:
            try beginDrag(source: source == .bottomEdge ? .bottomEdge : .sheet, translation: translation.y)
        case .changed:
            if !state.hasDrag { try beginDrag(source: source == .bottomEdge ? .bottomEdge : .sheet, translation: translation.y) }
            moveDrag(translation: translation.y)
        case .ended:
            guard state.hasDrag else { return .accepted }
            moveDrag(translation: translation.y)
            let v = velocity.map { -$0.y } ?? state.drag!.estimator.velocity()
            release(velocity: v)
        case .cancelled:
            guard state.hasDrag else { return .accepted }
            cancelDrag()
        }
        return .accepted
    }

    /// `options.gesture` for a `sheet` or `grabber` pan (axis translation): nil lets the pan
    /// drive the sheet as it always has; otherwise the pan is pending or declined, or was just
    /// accepted (the sheet grabbed where the travel crossed the slop circle and moved to the
    /// finger). A pan that begins while a finger already holds the sheet is not arbitrated.
    mutating func panArbitration(_ phase: PanPhase, translation: Vector) throws(SheetError) -> PanGesture? {
        let rules = state.options.gesture
        switch phase {
        case .began, .changed:
            if phase == .began { state.pan = nil }
            switch state.pan {
            case nil:
                guard !state.hasDrag, !rules.acceptsAtBegan else { return nil }
                try requireDraggable(source: .sheet)
                state.pan = .pending(origin: translation)
                return .pending  // no travel yet from its own origin
            case .declined:
                return .declined
            case .pending(let origin)?:
                let dx = translation.x - origin.x, dy = translation.y - origin.y
                let travel = (dx * dx + dy * dy).squareRoot()
                guard travel > rules.slop else { return .pending }
                if let reason = rules.declineReason(dx: dx, dy: dy) {
                    state.pan = .declined
                    emit(.panDeclined(reason))
                    return .declined
                }
                state.pan = nil
                try beginDrag(source: .sheet, translation: origin.y + dy * rules.slop / travel)
                moveDrag(translation: translation.y)
                return .accepted
            }
        case .ended, .cancelled:
            guard let pan = state.pan else { return nil }
            state.pan = nil
            return pan == .declined ? .declined : .pending
        }
    }

    /// Whether `pan(phase, source:)` could be refused in the current state: only a pan that
    /// starts a drag or an interactive pop can be. One that continues or ends the finger's
    /// drag cannot, so the server applies it in place, without a rollback copy (the drag path
    /// is the hottest input).
    ///
    /// `mutating` only so that the sheet is passed by address: it changes nothing. A
    /// non-mutating call on a session's sheet is handed a copy of all 584 bytes of it, every
    /// line of which is a cache miss once 10,000 sessions outgrow the cache.
    public mutating func panMayBeRefused(_ phase: PanPhase, source: PanSource) -> Bool {
        // `state.drag?.source` reads the drag in place (binding it would copy it).
        guard phase != .began, let dragSource = state.drag?.source else { return true }
        return (source == .leftEdge) != (dragSource == .leftEdge)
    }

    /// Hand the sheet to a finger, freezing any animation where it is.
    mutating func beginDrag(source: Drag.Source, translation: Double) throws(SheetError) {
        let now = state.now
        // A finger takes the sheet where it is, but never above the container's top (a spring
        // may overshoot there).
        let e = min(state.currentExtent, state.container.height)
        try requireDraggable(source: source)
        if state.goal == .hidden && state.lifecycle == .hidden && !state.motion.isAnimating(at: now) {
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

    /// Only a `bottomEdge` pan may take a dismissed sheet (it presents it).
    func requireDraggable(source: Drag.Source) throws(SheetError) {
        if source != .bottomEdge && state.goal == .hidden && state.lifecycle == .hidden
            && !state.motion.isAnimating(at: state.now) {
            throw SheetError(.invalidState, "the sheet is dismissed; present it or pan from the bottom edge")
        }
    }

    /// Follow the finger: 1:1 between the detents, rubber-banded above the largest (and
    /// below the smallest when the sheet may not be dismissed).
    mutating func moveDrag(translation: Double) {
        guard var drag = state.drag.take() else { return }  // moved out: its samples grow in place, not copied
        var raw = drag.startExtent - (translation - drag.startTranslation)
        // Resolved once per drag step, or not at all while nothing they depend on changed.
        let heights = state.cachedDetentBounds()
        // A hard limit (`options.rubberBand`) ignores the finger's travel past it: the drag is
        // re-anchored there, so on the way back the sheet follows at once.
        let limits = state.options.rubberBand, (smallest, largest) = heights
        let stop = !limits.beyondLargest && raw > largest ? largest
            : !limits.belowSmallest && raw < smallest && !dragCanDismiss ? smallest : raw
        if stop != raw {
            drag.startTranslation += stop - raw
            raw = stop
        }
        drag.estimator.add(time: state.now, value: raw)
        drag.rawExtent = raw
        drag.extent = constrainDrag(raw, smallest: smallest, largest: largest)
        if drag.extent < smallest - 0.5 { drag.wentBelowSmallest = true }
        state.drag = drag
    }

    /// Whether a drag may take the sheet below its smallest detent toward dismissal.
    var dragCanDismiss: Bool { state.setup.options.dismissible || state.lifecycle != .shown }

    /// Rubber-banding keeps the sheet inside the container: above the largest detent the
    /// overshoot is banded against the room left above it (`container.height - largest`, so
    /// `y` approaches 0 and never passes it); below the smallest (not dismissible) against the
    /// smallest detent's height (the sheet approaches the bottom edge). The coefficient is
    /// `options.rubberBand.coefficient`.
    func constrainDrag(_ raw: Double, smallest: Double, largest: Double) -> Double {
        let c = state.options.rubberBand.coefficient
        if raw > largest {
            return largest + RubberBand.offset(raw - largest, dimension: max(0, state.container.height - largest), coefficient: c)
        }
        if raw < smallest && !dragCanDismiss {
            return smallest - RubberBand.offset(smallest - raw, dimension: smallest, coefficient: c)
        }
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
        if case .pending? = state.pan {  // a finger still within its slop: it will not move the sheet
            state.pan = nil
            takenFinger = .sheet
        }
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
    /// transitions finish), no longer than the finger would take, starting at its speed.
    mutating func settle(goal: SheetState.Goal, from: Double, velocity: Double, spring: Spring? = nil) {
        let opacity = state.opacity
        state.goal = goal
        state.settling = goal == .detent
        let now = state.now
        if goal == .hidden && state.options.reduceMotion {  // fading out from where the finger left it
            state.motion = .rest(max(0, from))
            return startFade(from: opacity, to: 0, trigger: .release)
        }
        if goal == .detent || spring != nil {
            let target = goal == .hidden ? 0 : state.restExtent
            let s = settleSpring(spring)
            state.motion = .animate(from: from, to: target, velocity: settleVelocity(velocity, from: from, to: target, spring: s),
                                    at: now, timing: .spring(s))
        } else {
            state.motion = .animate(from: from, to: 0, at: now, timing: dismissalTiming(from: from, velocity: velocity))
        }
        announceSettle(.release)
        if !state.motion.isAnimating(at: now) { arrive() }
    }

    /// The finish of a released dismissal: what is left of the present duration, cut to the
    /// time the finger's speed would take to the edge (remaining ÷ speed), on an ease-in that
    /// starts at the finger's speed and speeds up linearly: the sheet never moves slower than
    /// the finger and is off-screen no later than the finger would have taken it.
    func dismissalTiming(from e: Double, velocity v: Double) -> AnimationTiming {
        guard case .bezier(let present) = state.setup.options.presentTiming else {
            return state.setup.options.presentTiming
        }
        guard e > 0 else { return .bezier(BezierTiming(duration: 0, curve: .linear)) }
        let reference = max(state.restExtent, e)
        var duration = present.duration * e / reference
        let speed = max(0, -v)  // toward dismissal, pt/s
        if speed > 0 { duration = min(duration, e / speed * 1000) }
        // Progress = s·x + (1 − s)·x²: slope s at the start (the finger's speed), 2 − s at the edge.
        let s = duration > 0 ? min(speed * (duration / 1000) / e, 1) : 1
        return .bezier(BezierTiming(duration: duration, curve: CubicBezier(1.0 / 3, s / 3, 2.0 / 3, (1 + s) / 3)))
    }
}
