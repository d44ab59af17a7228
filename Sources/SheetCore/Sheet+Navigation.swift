extension SheetState {
    /// The sheet's resting extent if `top` were the top entry.
    func restExtent(withTop top: NavEntry?) -> Double {
        var copy = self
        copy.nav.entries = top.map { [$0] } ?? []
        return copy.restExtent
    }

    /// The navigation entries on screen, bottom of the z-order first: the entry a
    /// transition covers or reveals under the other one, else the top entry (nil: none).
    @inline(__always)
    func navEntriesOnScreen() -> (NavEntry, NavigationItemLayout, NavEntry?, NavigationItemLayout)? {
        if let tr = nav.transition, let layout = navLayoutCache {
            return tr.operation == .push ? (tr.from, layout.from, tr.to, layout.to) : (tr.to, layout.to, tr.from, layout.from)
        }
        guard let top = nav.entries.last else { return nil }
        return (top, .init(x: 0), nil, .init(x: 0))
    }

    /// Where the navigation entries on screen are drawn (`navIDs` names them).
    func navPlacements(width: Double) -> SheetFrame.NavPlacements {
        guard nav.hasTransition || !nav.entries.isEmpty, let (a, la, b, lb) = navEntriesOnScreen() else { return .init() }
        let w = Quantize.points(width)
        // Entries report the height they are laid out at: never taller than the sheet allows.
        let tallest = max(0, container.maxSheetHeight - container.safeArea.bottom)
        func placement(_ e: NavEntry, _ l: NavigationItemLayout) -> SheetFrame.NavPlacement {
            .init(x: Quantize.points(l.x), width: w, height: Quantize.points(min(entryHeight(e), tallest)),
                  alpha: Quantize.unit(l.alpha))
        }
        let separatorX = b == nil ? nil : navLayoutCache?.separatorX.map(Quantize.points)
        return .init(placement(a, la), b.map { placement($0, lb) }, separatorX: separatorX)
    }

    /// Whether `ids` are `navIDs()`, compared in place (no entry copied).
    func showsNavEntries(_ ids: borrowing [String]) -> Bool {
        if let tr = nav.transition, navLayoutCache != nil {
            let (a, b) = tr.operation == .push ? (tr.from.id, tr.to.id) : (tr.to.id, tr.from.id)
            return ids.count == 2 && ids[0] == a && ids[1] == b
        }
        guard !nav.entries.isEmpty else { return ids.isEmpty }
        return ids.count == 1 && ids[0] == nav.entries[nav.entries.count - 1].id
    }

    /// The ids of the navigation entries on screen, in `navPlacements`' order.
    func navIDs() -> [String] {
        guard let (a, _, b, _) = navEntriesOnScreen() else { return [] }
        return b.map { [a.id, $0.id] } ?? [a.id]
    }
}

extension Sheet {
    // MARK: - Commands

    /// `nav.push`.
    public mutating func push(_ entry: NavEntry, animated: Bool = true, at t: Double) throws(SheetError) {
        begin(t)
        try requireNoFinger("push")
        finishNavigationTransition()
        guard state.nav.entries.count < NavigationStack.maxEntries else {
            throw SheetError(.limitExceeded, "the navigation stack already holds \(NavigationStack.maxEntries) entries")
        }
        guard !state.nav.entries.contains(where: { $0.id == entry.id }) else {
            throw SheetError(.invalidParams, "entry.id: \"\(entry.id)\" is already in the stack")
        }
        let old = state.nav.entries.last
        state.rest.endHeld()
        state.nav.entries.append(entry)
        guard let old else {
            // The first entry replaces the single content: a content-size change.
            retarget(state.setup.options.contentTiming, trigger: .navigation)
            emit(.navigationDidShow(entry.id))
            return
        }
        startNavigation(.push, from: old, to: entry, removed: [], animated: animated)
    }

    /// `nav.pop`.
    public mutating func pop(animated: Bool = true, at t: Double) throws(SheetError) {
        begin(t)
        try requireNoFinger("pop")
        finishNavigationTransition()
        guard state.nav.entries.count >= 2 else {
            throw SheetError(.invalidState, "cannot pop the root entry")
        }
        let old = state.nav.entries.removeLast()
        startNavigation(.pop, from: old, to: state.nav.entries.last!, removed: [old], animated: animated)
    }

    /// `nav.popToRoot`: animates like a pop from the top entry to the root.
    public mutating func popToRoot(animated: Bool = true, at t: Double) throws(SheetError) {
        begin(t)
        try requireNoFinger("popToRoot")
        finishNavigationTransition()
        guard state.nav.entries.count >= 2 else {
            throw SheetError(.invalidState, "cannot pop the root entry")
        }
        let removed = Array(state.nav.entries.dropFirst().reversed())
        state.nav.entries = [state.nav.entries[0]]
        startNavigation(.pop, from: removed[0], to: state.nav.entries[0], removed: removed, animated: animated)
    }

    /// `nav.setStack`: replaces the stack, animating like a push to the new top.
    public mutating func setStack(_ entries: [NavEntry], animated: Bool = true, at t: Double) throws(SheetError) {
        begin(t)
        try NavigationStack.validate(entries, path: "entries")
        guard !entries.isEmpty else { throw SheetError(.invalidParams, "entries: expected at least one entry") }
        try requireNoFinger("setStack")
        finishNavigationTransition()
        let old = state.nav.entries.last
        state.rest.endHeld()
        state.nav.entries = entries
        if let old, old.id != entries.last!.id {
            startNavigation(.push, from: old, to: entries.last!, removed: [], animated: animated)
        } else {
            retarget(state.setup.options.contentTiming, trigger: .navigation)
            if old == nil { emit(.navigationDidShow(entries.last!.id)) }
        }
    }

    mutating func startNavigation(_ op: NavigationOperation, from: NavEntry, to: NavEntry, removed: [NavEntry],
                                  animated: Bool) {
        state.rest.endHeld()
        resolveDetents()  // the new top entry is the content a resolver is told
        let timing = navigationTiming(op)
        let tr = NavTransition(
            operation: op, from: from, to: to, removed: removed,
            fromHeight: state.restExtent(withTop: from), toHeight: state.restExtent(withTop: to),
            start: state.now, duration: animated ? timing.duration : 0, curve: timing.curve,
            startProgress: 0, endProgress: 1, interactive: false, committed: true)
        state.nav.transition = tr
        retarget(animated ? .bezier(timing) : nil, trigger: .navigation)
        if !animated { finishNavigationTransition() } else { layoutNavigation() }
    }

    // MARK: - Time

    /// Finish the transition if its time is up.
    mutating func advanceNavigation() {
        guard let tr = state.nav.transition else { return }
        if !tr.interactive && tr.end <= state.now {
            finishNavigationTransition()
        } else {
            layoutNavigation()
        }
    }

    /// Complete the running transition now (its events fire).
    mutating func finishNavigationTransition() {
        guard let tr = state.nav.transition, !tr.interactive else { return }
        state.nav.transition = nil
        state.navLayoutCache = nil
        guard tr.committed else { return }
        for e in tr.removed { emit(.popped(e.id)) }
        emit(.navigationDidShow(tr.to.id))
    }

    /// Ask the animator for the layout at the current progress (cached for frames).
    mutating func layoutNavigation() {
        guard let tr = state.nav.transition else { state.navLayoutCache = nil; return }
        if state.options.reduceMotion {  // a cross-fade instead of the animator's slide
            state.navLayoutCache = SheetState.crossFade(progress: tr.progress(at: state.now))
            return
        }
        let input = NavigationInput(operation: tr.operation, progress: tr.progress(at: state.now),
                                    width: state.layout.width, fromHeight: tr.fromHeight, toHeight: tr.toHeight,
                                    context: policyContext)
        state.navLayoutCache = navigationLayout(input)
    }

    /// The navigation policy's timing; after a fault, the built-in's own timing.
    mutating func navigationTiming(_ op: NavigationOperation) -> BezierTiming {
        do {
            let t = try policies.navigation.timing(for: op)
            try Validate.navigationTiming(t, policy: policies.navigation.name)
            return t
        } catch {
            fallBack(.navigation, after: error)
            return builtinNavigationTiming(op)
        }
    }

    /// The layout at `input`; after a fault, the built-in's own layout (and a running
    /// transition continues on the built-in's timing, not the faulty policy's).
    mutating func navigationLayout(_ input: NavigationInput) -> NavigationLayout {
        do {
            let l = try policies.navigation.layout(input)
            try Validate.navigation(l, input, policy: policies.navigation.name)
            return l
        } catch {
            fallBack(.navigation, after: error)
            retimeNavigationTransition()
            // The built-in only refuses non-finite input: then nothing moves.
            return (try? policies.navigation.layout(input))
                ?? NavigationLayout(from: .init(x: 0), to: .init(x: 0))
        }
    }

    /// The (fallen-back) built-in's timing, or the default slide's when even that is unusable.
    mutating func builtinNavigationTiming(_ op: NavigationOperation) -> BezierTiming {
        if let t = try? policies.navigation.timing(for: op), t.isValid { return t }
        return BezierTiming(duration: 350, curve: SlideAnimator.curve)
    }

    /// After a navigation fault: the running animated transition goes on from where it is
    /// with the built-in's curve, over the built-in duration's remaining share.
    mutating func retimeNavigationTransition() {
        guard var tr = state.nav.transition, !tr.interactive, tr.duration > 0, tr.end > state.now else { return }
        let timing = builtinNavigationTiming(tr.operation)
        let p = tr.progress(at: state.now)
        let remaining = tr.endProgress == tr.startProgress ? 0 : abs(tr.endProgress - p) / abs(tr.endProgress - tr.startProgress)
        tr.startProgress = p.isFinite ? p : tr.endProgress
        tr.start = state.now
        tr.curve = timing.curve
        tr.duration = timing.duration * min(max(remaining, 0), 1)
        state.nav.transition = tr
    }

    // MARK: - Interactive pop

    /// `input.pan` with `source: "leftEdge"`: the finger drives a pop; release decides with
    /// the dismissal policy on the x axis.
    mutating func edgePop(_ phase: PanPhase, translation: Vector, velocity: Vector?) throws(SheetError) {
        let width = state.layout.width  // the sheet's width in its layout
        switch phase {
        case .began, .changed:
            if state.drag?.source != .leftEdge {
                try beginEdgePop(translation: translation.x)
            }
            guard var drag = state.drag, var tr = state.nav.transition else { return }
            let raw = drag.startExtent + (translation.x - drag.startTranslation)
            drag.estimator.add(time: state.now, value: width - raw)
            drag.extent = min(max(raw, 0), width)
            state.drag = drag
            tr.startProgress = width > 0 ? drag.extent / width : 1
            state.nav.transition = tr
            layoutNavigation()
            // The sheet height follows the finger between the two entries' heights.
            state.motion = .rest(tr.fromHeight + (tr.toHeight - tr.fromHeight) * tr.startProgress)
        case .ended, .cancelled:
            if phase == .ended { try edgePop(.changed, translation: translation, velocity: velocity) }
            guard let drag = state.drag, drag.source == .leftEdge, var tr = state.nav.transition else { return }
            let p = tr.startProgress
            var finish = false
            if phase == .ended {
                let v = velocity.map { -$0.x } ?? drag.estimator.velocity()
                let input = ReleaseInput(axis: .horizontal, position: width - drag.extent, velocity: v,
                                         translation: -drag.extent, detents: [width], originIndex: 0,
                                         extent: width, dismissible: true, context: policyContext)
                finish = decideRelease(input).target == .dismiss
            }
            state.drag = nil
            applyPendingDetents()
            let timing = navigationTiming(.pop)
            tr.interactive = false
            tr.start = state.now
            tr.curve = timing.curve
            tr.endProgress = finish ? 1 : 0
            tr.duration = timing.duration * (finish ? 1 - p : p)
            tr.committed = finish
            state.nav.transition = tr
            state.goal = .detent
            if finish { state.nav.entries.removeLast() }
            retarget(.bezier(BezierTiming(duration: tr.duration, curve: timing.curve)), trigger: .release)
            advanceNavigation()
        }
    }

    mutating func beginEdgePop(translation: Double) throws(SheetError) {
        guard state.lifecycle == .shown, state.goal == .detent else {
            throw SheetError(.invalidState, "interactive pop needs a presented sheet")
        }
        if let tr = state.nav.transition, tr.operation == .pop, tr.committed, !tr.interactive {
            // Interrupt an animated pop: un-commit it and hand it to the finger.
            let p = tr.progress(at: state.now)
            state.nav.entries.append(contentsOf: tr.removed.reversed())
            resolveDetents()  // the top entry is back: the content a resolver is told
            var t = tr
            t.interactive = true
            t.committed = false
            t.startProgress = p
            state.nav.transition = t
            startEdgeDrag(progress: p, translation: translation)
            return
        }
        finishNavigationTransition()
        let entries = state.nav.entries
        guard entries.count >= 2 else {
            throw SheetError(.invalidState, "interactive pop needs at least two navigation entries")
        }
        guard !entries.last!.hidesBackButton else {
            throw SheetError(.invalidState, "the top entry \"\(entries.last!.id)\" hides its back button")
        }
        let from = entries.last!, to = entries[entries.count - 2]
        state.nav.transition = NavTransition(
            operation: .pop, from: from, to: to, removed: [from],
            fromHeight: state.restExtent(withTop: from), toHeight: state.restExtent(withTop: to),
            start: state.now, duration: 0, curve: .linear, startProgress: 0, endProgress: 0,
            interactive: true, committed: false)
        startEdgeDrag(progress: 0, translation: translation)
    }

    mutating func startEdgeDrag(progress p: Double, translation: Double) {
        let width = state.layout.width  // the sheet's width in its layout
        var drag = Drag(source: .leftEdge, startExtent: p * width, startTranslation: translation,
                        extent: p * width, originIndex: 0, goalBefore: state.goal)
        drag.estimator.add(time: state.now, value: width - p * width)
        state.motion = .rest(state.currentExtent)
        state.drag = drag
    }
}
