/// Release intent: `willSettle` on every motion to a new rest, and the dry run of a release.
extension Sheet {
    /// Where the motion that has just started (`state.motion`, from now) brings the sheet.
    ///
    /// The rest is what `frame()` shows once every animation (extent, x and width, fade) is
    /// done: the frame of this state with no drag, no layout animation and no fade, at the time
    /// the last animation ends. Only the frame's sheet rect, corner radius and corners are
    /// reported, so only those are computed, by the frame's own functions (`drawnExtent`,
    /// `bottomSheetRect`, `corners`) on this state as it is: a copy of the state and a whole
    /// frame cost two thirds of a present or dismiss (`ReleaseIntentTests` holds the two equal).
    func settleIntent(_ trigger: SettleTrigger) -> SettleIntent {
        let dismisses = state.goal == .hidden
        let offDetents = state.rest.height != nil || (state.keyboardMode == .fill && state.keyboardHeight > 0)
        var restAt = max(state.now, state.motion.end)
        var extentAtRest: Double?  // nil: the motion's value at `restAt`
        var durationMs = state.motion.settleMilliseconds(from: state.now, endsAtZero: dismisses)
        if let fade = state.fade {
            // Reduced motion: the sheet rests once the fade ends (a faded-out sheet is off-screen).
            restAt = max(restAt, fade.end)
            if dismisses { extentAtRest = Motion.rest(0).value(at: restAt) }
            durationMs = max(durationMs, Int((fade.end - state.now).rounded(.up)))
        }
        let e = state.drawnExtent(extentAtRest ?? state.motion.value(at: restAt))
        let layout = state.layout
        var rect = state.bottomSheetRect(extent: e, rest: state.restExtent, layout: layout, lateral: (layout.x, layout.width))
        if state.options.edge != .bottom { rect = state.options.edge.containerRect(rect, in: state.setup.container) }
        return SettleIntent(
            detent: dismisses || offDetents ? nil : state.selected, dismisses: dismisses, rest: rect,
            cornerRadius: state.options.cornerRadius, corners: state.corners(layout, lateralAnimating: false),
            durationMs: durationMs, trigger: trigger)
    }

    /// Report the motion that has just started (before any frame of it).
    mutating func announceSettle(_ trigger: SettleTrigger) {
        emit(.willSettle(settleIntent(trigger)))
    }

    /// `sheet.previewRelease`: what a release now (at `t`, the server's time) with `velocity`
    /// (pt/s, container coordinates) would do — under the finger, or at the current position
    /// of a sheet that is not dragged — through the session's own policies. Changes nothing.
    /// A sheet that is not shown (dismissed, dismissing, presenting) or in an interactive pop
    /// is refused (`invalidState`); a fault of the dismissal policy is `policyFault`, with no
    /// fallback.
    public func previewRelease(velocity: Vector, at t: Double) throws(SheetError) -> SettleIntent {
        var dry = copy()
        dry.advance(to: t)
        switch dry.phase {
        case .dismissed, .dismissing, .presenting:
            throw SheetError(.invalidState, "cannot preview a release of a sheet that is \(dry.phase.rawValue)")
        case .presented, .settling, .dragging:
            break
        }
        if dry.state.drag?.source == .leftEdge {
            throw SheetError(.invalidState, "cannot preview a release during an interactive pop")
        }
        dry.events = []
        dry.previewing = true
        if !dry.state.hasDrag { try dry.beginDrag(source: .sheet, translation: 0) }
        dry.release(velocity: -dry.state.options.edge.axisVector(velocity).y)
        if let fault = dry.previewFault {
            throw SheetError(.policyFault, "policy \"\(fault.policy)\" failed: \(fault.message)")
        }
        for e in dry.events.reversed() {
            if case .willSettle(let intent) = e.kind { return intent }
        }
        throw SheetError(.invalidState, "the release would not move the sheet")
    }
}
