/// `input.back`: Android's back and predictive back (Material 3's `handleBackStarted`,
/// `handleBackProgress`, `cancelBackProgress`, `handleBackInvoked`).
extension Sheet {
    /// Whether a back gesture is under way on this sheet (between `began` and `cancelled` or
    /// `invoked`): the server routes a stack's later phases to it.
    public var isTrackingBack: Bool { state.back?.isTracking == true }

    /// One phase of a back gesture (`progress` 0…1; required for `began` and `progressed`, and
    /// with `cancelled` or `invoked` a last update of the progress when given).
    ///
    /// - `began` (a shown sheet, no gesture already under way): the system takes the sheet
    ///   from any finger, as Android cancels the app's touches; the scale starts at `progress`.
    /// - `progressed`: the scale follows the progress.
    /// - `cancelled`: the scale eases back to 1 (`BackGestureMotion.cancelDuration`).
    /// - `invoked` (with or without a gesture: a button back has none): pops a navigation entry
    ///   if there is one, else dismisses a dismissible sheet (trigger `dismiss`; the scale holds
    ///   while it leaves), else reports `dismissAttempted` (`back`). A scale that is not held
    ///   eases back over `BackGestureMotion.finishDuration(progress:)`.
    ///
    /// Refused (`invalidState`): `began` on a sheet that is not shown or during a gesture;
    /// `progressed` or `cancelled` with no gesture under way; `invoked` on a sheet that is not
    /// shown and has no gesture under way.
    public mutating func back(_ phase: BackPhase, progress: Double?, at t: Double) throws(SheetError) {
        begin(t)
        switch phase {
        case .began:
            guard state.isShown else {
                throw SheetError(.invalidState, "cannot start a back gesture on a sheet that is \(state.phase.rawValue)")
            }
            guard !isTrackingBack else { throw SheetError(.invalidState, "a back gesture is already in progress") }
            takeFromFinger(at: t)
            state.back = BackGesture(progress: progress ?? 0)
        case .progressed, .cancelled:
            guard isTrackingBack else {
                throw SheetError(.invalidState, "no back gesture in progress: send phase \"began\" first")
            }
            if let progress { state.back!.progress = progress }
            if phase == .cancelled {
                state.back!.phase = .returning(start: state.now, duration: BackGestureMotion.cancelDuration)
            }
        case .invoked:
            if let progress, isTrackingBack { state.back!.progress = progress }
            try invokeBack()
        }
    }

    /// `invoked`: pop, dismiss or report the attempt.
    mutating func invokeBack() throws(SheetError) {
        let tracking = isTrackingBack
        guard state.isShown else {
            // A command sent the sheet away during the gesture: it is leaving already.
            guard tracking else {
                throw SheetError(.invalidState, "cannot go back on a sheet that is \(state.phase.rawValue)")
            }
            state.back!.phase = .holding
            return
        }
        takeFromFinger(at: state.now)
        let finish = BackGesture.Phase.returning(start: state.now,
                                                 duration: BackGestureMotion.finishDuration(progress: state.back?.progress ?? 0))
        if state.nav.entries.count >= 2 {
            try pop(animated: true, at: state.now)
            if tracking { state.back!.phase = finish }
        } else if state.options.dismissible {
            try dismiss(at: state.now, animated: true)
            if tracking, case .some = state.back { state.back!.phase = .holding }  // (an instant arrival ends it)
        } else {
            emit(.dismissAttempted(.back))
            if tracking { state.back!.phase = finish }
        }
    }

    /// At an arrival: a dismissed sheet's gesture is over; a held scale whose dismissal was
    /// reversed (`sheet.present`) eases back as a cancel does.
    mutating func settleBack() {
        guard let b = state.back else { return }
        if state.goal == .hidden {
            state.back = nil
        } else if b.phase == .holding {
            state.back!.phase = .returning(start: state.now, duration: BackGestureMotion.cancelDuration)
        }
    }

    /// Before a tick: a finished return is gone.
    mutating func advanceBack() {
        if state.back?.isOver(at: state.now) == true { state.back = nil }
    }
}

extension SheetState {
    /// Presenting, presented, dragged or settling: not dismissed, not dismissing.
    var isShown: Bool {
        let p = phase
        return p != .dismissed && p != .dismissing
    }

    /// A frame's `back`: the gesture's scale on a bottom sheet of `width` × `height` (nil with
    /// no gesture, or on another edge).
    func backScale(width: Double, height: Double) -> SheetFrame.BackScale? {
        guard let b = back, options.edge == .bottom else { return nil }
        let s = BackGestureMotion.scale(interpolated: b.effect(at: now), width: width, height: height)
        return .init(scaleX: Quantize.unit(s.x), scaleY: Quantize.unit(s.y))
    }
}
