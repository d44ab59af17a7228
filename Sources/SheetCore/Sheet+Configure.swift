/// Changes to a live sheet: `sheet.configure`, `sheet.snapTo` and the grabber tap.
extension Sheet {
    /// `sheet.configure`: each argument `nil` keeps the current value. Everything is validated
    /// before anything changes (a failing call changes nothing). Options and policies apply at
    /// once; detents and the selection move the sheet to the selected detent's new height on
    /// the content-change curve (`animated`) or at once. If the selected detent disappears the
    /// nearest remaining one (by height) is selected (event `detentChanged`). While a finger
    /// holds the sheet, detent changes wait for the release; a layout change (x, width)
    /// animates at once, as the drag goes on.
    public mutating func configure(detents: [DetentSpec]? = nil, selectedDetent: String? = nil,
                                   options: SheetOptions? = nil, animated: Bool = true, at t: Double) throws(SheetError) {
        try configure(detents: detents, selectedDetent: selectedDetent, options: options, policies: nil,
                      animated: animated, at: t)
    }

    /// `configure`, also replacing the policies (and the names a snapshot rebuilds them by) and
    /// the detent resolvers (`detentResolvers`, by name: asked again at once).
    package mutating func configure(detents: [DetentSpec]? = nil, selectedDetent: String? = nil,
                                    options: SheetOptions? = nil,
                                    policies: (SheetPolicies, SheetState.PolicyNames)?,
                                    detentResolvers: [String: any DetentResolverPolicy]? = nil,
                                    animated: Bool = true, at t: Double) throws(SheetError) {
        try validateConfiguration(detents: detents, selectedDetent: selectedDetent, options: options)
        begin(t)
        let layoutBefore = state.layout, shown = state.lateral(layoutBefore)
        if let options { state.setup.options = options }
        let resolvers = detentResolvers ?? self.policies.detentResolvers
        if let (p, names) = policies {
            self.policies = p
            state.policyNames = names
        }
        self.policies.detentResolvers = resolvers
        if detentResolvers != nil { state.resolvedFor = nil }  // new instances (perhaps a new config) answer again
        if detents != nil || selectedDetent != nil {
            var pending = state.pendingDetents ?? PendingDetents()
            if let detents {
                pending.detents = detents
                // A selection made earlier in the same drag may not survive the new list.
                if let s = pending.selectedDetent, !detents.contains(where: { $0.id == s }) { pending.selectedDetent = nil }
            }
            if let selectedDetent { pending.selectedDetent = selectedDetent }
            state.pendingDetents = pending
        }
        // A layout change eases across like `sheet.setContainer`'s, under a finger too: the
        // drag goes on along its axis while x and width animate.
        animateLayout(from: layoutBefore, shown: shown, timing: animated ? state.setup.options.contentTiming : nil)
        resolveDetents()  // options can change the layout a resolver is told
        guard !state.hasDrag else { return }
        applyPendingDetents()
        // Options can move the rest height too (largeTopGap, navigationBarHeight, keyboard).
        retarget(animated ? state.setup.options.contentTiming : nil, trigger: .command)
    }

    /// The checks `configure` makes before it changes anything: the setup it would leave
    /// (with everything pending applied) obeys `SheetSetup.validate`, and the edge stays.
    func validateConfiguration(detents: [DetentSpec]?, selectedDetent: String?,
                               options: SheetOptions?) throws(SheetError) {
        var next = state.setup
        next.detents = detents ?? state.pendingDetents?.detents ?? state.setup.detents
        next.selectedDetent = selectedDetent
        if let options { next.options = options }
        try next.validate()
        if let e = options?.edge, e != state.options.edge {
            throw SheetError(.invalidParams, "options.edge: the edge is set by session.create (this sheet's is \"\(state.options.edge.rawValue)\")")
        }
    }

    /// Apply detent changes a configure left (at once, or at a drag's release): the new list,
    /// then the selection — the one asked for, the current one if it still exists, else the
    /// nearest remaining one. Does not move the sheet (callers retarget or settle).
    mutating func applyPendingDetents() {
        guard let pending = state.pendingDetents else { return }
        state.pendingDetents = nil
        let before = state.restExtent
        state.rest.endHeld()
        if let specs = pending.detents {
            state.setup.detents = specs
            resolveDetents()
            let (_, wasSorted) = DetentResolver.resolve(specs, in: state.container, fitHeight: state.fitHeight,
                                                        largeTopGap: state.options.largeTopGap,
                                                        resolved: state.resolverHeights)
            if !wasSorted {
                diagnostics.append(SheetDiagnostic(.detentsSorted, "detents were not in ascending order; using \(ListText.of(state.detents.map { $0.id }))"))
            }
        }
        let detents = state.detents
        if let back = state.rest.keyboardReturn, !detents.contains(where: { $0.id == back }) { state.rest = .detent(state.selected) }
        var id = pending.selectedDetent ?? state.selected
        if !detents.contains(where: { $0.id == id }) {
            var best = detents[0]
            for d in detents where abs(d.height - before) < abs(best.height - before) { best = d }
            id = best.id
        }
        select(id)
    }

    /// `sheet.snapTo`: rest at `height` without a detent, until the next gesture or command.
    /// The height is measured as detents are (a detached sheet's visible height above its
    /// bottom margin) and clamped to what the layout allows (0 … the container's maximum
    /// sheet height). Animated with `settleSpring`.
    public mutating func snapTo(height: Double, animated: Bool = true, at t: Double) throws(SheetError) {
        begin(t)
        try requireNoFinger("snapTo")
        guard state.goal == .detent else {
            throw SheetError(.invalidState, "cannot snapTo a sheet that is dismissed or being dismissed")
        }
        state.rest = .height(min(max(height, 0) + state.layout.bottomMargin, state.container.maxSheetHeight),
                             detent: state.selected)
        retarget(animated ? .spring(settleSpring()) : nil, trigger: .command)
        if animated && state.lifecycle == .shown && state.motion.isAnimating(at: state.now) { state.settling = true }
    }

    /// `input.tap` on the grabber: select the next larger detent, wrapping from the largest to
    /// the smallest (iOS 16+). Ignored unless the sheet is presented at rest or settling, the
    /// grabber is visible and there is more than one detent.
    public mutating func tapGrabber(at t: Double) {
        begin(t)
        guard state.lifecycle == .shown, state.goal == .detent, !state.hasDrag, state.options.grabber else { return }
        let detents = state.detents
        guard detents.count > 1 else { return }
        let i = detents.firstIndex { $0.id == state.selected } ?? 0
        try? selectDetent(detents[(i + 1) % detents.count].id, at: t, animated: true)
    }
}
