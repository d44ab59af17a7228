import Testing
import SheetCore

/// The scale of a 390 × 334 sheet (content 300, `fit`) at Material's interpolated progress p:
/// 1 − p·48/390 and 1 − p·24/334 (m3_back_progress_bottom_container_max_scale_x/y_distance).
/// p = PathInterpolator(0.1, 0.1, 0, 1) at the raw progress, solved independently (bisection
/// on the cubic): 0.1 → 0.3717037, 0.5 → 0.8948858, 0.6 → 0.9381459, 1 → 1.
private func scale(_ p: Double) -> SheetFrame.BackScale {
    func q(_ x: Double) -> Double { (x * 10000).rounded() / 10000 }
    return .init(scaleX: q(1 - p * 48 / 390), scaleY: q(1 - p * 24 / 334))
}

private func notDismissible() -> SheetOptions {
    var o = SheetOptions()
    o.dismissible = false
    return o
}

/// `input.back`: Material 3's predictive-back scale and what each phase does.
@Suite struct BackGestureTests {
    @Test func theConstantsAreMaterials() {
        #expect(BackGestureMotion.maxScaleXDistance == 48 && BackGestureMotion.maxScaleYDistance == 24)
        #expect(BackGestureMotion.progressCurve == CubicBezier(0.1, 0.1, 0, 1))
        #expect(BackGestureMotion.resetCurve == CubicBezier(0.4, 0, 0.2, 1))
        #expect(BackGestureMotion.cancelDuration == 100)
        #expect(BackGestureMotion.finishDuration(progress: 0) == 300 && BackGestureMotion.finishDuration(progress: 1) == 150)
        #expect(abs(BackGestureMotion.interpolate(0.5) - 0.8948858) < 1e-6)
    }

    @Test func theScaleFollowsTheInterpolatedProgress() throws {
        var s = try presented()
        #expect(s.frame().back == nil)
        try s.back(.began, progress: 0, at: 100)
        #expect(s.frame().back == .init(scaleX: 1, scaleY: 1))
        for (t, raw, p) in [(116.0, 0.1, 0.3717037), (132, 0.5, 0.8948858), (148, 0.6, 0.9381459), (164, 1, 1)] {
            try s.back(.progressed, progress: raw, at: t)
            #expect(s.frame().back == scale(p), "progress \(raw)")
        }
        // Nothing else in the frame moves; the sheet is still presented and at rest.
        #expect(s.phase == .presented && !s.isActive && s.frame().sheet.y == 510)
        #expect(s.takeOutput().events.isEmpty)
    }

    @Test func theNumbersFor0_5() throws {
        var s = try presented()
        try s.back(.began, progress: 0.5, at: 100)
        #expect(s.frame().back == .init(scaleX: 0.8899, scaleY: 0.9357))
    }

    @Test func cancelledEasesBackIn100msThenTheMemberIsGone() throws {
        var s = try presented()
        try s.back(.began, progress: 0.5, at: 100)
        try s.back(.cancelled, progress: nil, at: 200)
        #expect(s.isActive && s.frame().back == scale(0.8948858))
        // Half-way (50 ms): FastOutSlowIn(0.5) = 0.7755613, so p·(1 − 0.7755613) remains.
        s.advance(to: 250)
        #expect(s.frame().back == scale(0.8948858 * (1 - 0.7755613)))
        s.advance(to: 299)
        #expect(s.frame().back != nil && s.isActive)
        s.advance(to: 300)
        #expect(s.frame().back == nil && !s.isActive)
        #expect(s.takeOutput().events.isEmpty && s.phase == .presented)
    }

    @Test func invokedDismissesADismissibleSheetHoldingTheScale() throws {
        var s = try presented()
        try s.back(.began, progress: 0, at: 100)
        try s.back(.progressed, progress: 0.6, at: 150)
        try s.back(.invoked, progress: nil, at: 200)
        let events = s.takeOutput().events
        guard case .willSettle(let intent)? = events.first?.kind else { Issue.record("no willSettle"); return }
        #expect(intent.trigger == .dismiss && intent.dismisses)
        var t = 200.0
        while s.phase == .dismissing {
            #expect(s.frame().back == scale(0.9381459))
            t += 16
            s.advance(to: t)
        }
        #expect(s.phase == .dismissed && s.frame().back == nil && !s.isActive)
        #expect(s.takeOutput().events.map(\.kind) == [.dismissed])
    }

    @Test func invokedOnASheetThatIsNotDismissibleReportsTheAttemptAndReturns() throws {
        var s = try presented(options: notDismissible())
        try s.back(.began, progress: 0, at: 100)
        try s.back(.invoked, progress: 0.6, at: 200)
        #expect(s.takeOutput().events.map(\.kind) == [.dismissAttempted(.back)])
        // finishBackProgressPersistent: lerp(300, 150, 0.6) = 210 ms.
        #expect(s.phase == .presented && s.frame().back == scale(0.9381459))
        s.advance(to: 409)
        #expect(s.frame().back != nil)
        s.advance(to: 410)
        #expect(s.frame().back == nil && !s.isActive && s.frame().sheet.y == 510)
    }

    @Test func invokedPopsANavigationEntryFirst() throws {
        var s = try Sheet(setup: SheetSetup(container: phone, navigation: [NavEntry(id: "root", preferredHeight: 240),
                                                                           NavEntry(id: "details", preferredHeight: 420)]))
        try s.present(at: 0, animated: false)
        _ = s.takeOutput()
        try s.back(.began, progress: 0.2, at: 100)
        try s.back(.invoked, progress: nil, at: 200)
        settle(&s, from: 200)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind) == [.popped("details"), .navigationDidShow("root")])
        #expect(s.phase == .presented && s.frame().back == nil)
    }

    @Test func aButtonBackHasNoGestureAndNoScale() throws {
        var s = try presented()
        try s.back(.invoked, progress: nil, at: 100)
        #expect(s.phase == .dismissing && s.frame().back == nil)
    }

    @Test func refusals() throws {
        var s = try presented()
        #expect(throws: SheetError(.invalidState, "no back gesture in progress: send phase \"began\" first")) {
            try s.back(.progressed, progress: 0.5, at: 100)
        }
        #expect(throws: SheetError(.invalidState, "no back gesture in progress: send phase \"began\" first")) {
            try s.back(.cancelled, progress: nil, at: 100)
        }
        try s.back(.began, progress: 0.1, at: 100)
        #expect(throws: SheetError(.invalidState, "a back gesture is already in progress")) {
            try s.back(.began, progress: 0.1, at: 116)
        }
        var gone = try makeSheet()
        #expect(throws: SheetError(.invalidState, "cannot start a back gesture on a sheet that is dismissed")) {
            try gone.back(.began, progress: 0, at: 0)
        }
        #expect(throws: SheetError(.invalidState, "cannot go back on a sheet that is dismissed")) {
            try gone.back(.invoked, progress: nil, at: 0)
        }
    }

    @Test func aNewGestureMayBeginWhileTheLastOneReturns() throws {
        var s = try presented()
        try s.back(.began, progress: 0.5, at: 100)
        try s.back(.cancelled, progress: nil, at: 116)
        try s.back(.began, progress: 0.1, at: 150)
        #expect(s.frame().back == scale(0.3717037))
        s.advance(to: 400)
        #expect(s.frame().back == scale(0.3717037))  // tracking again: no return under way
    }

    @Test func beganTakesTheSheetFromAFinger() throws {
        var s = try presented()
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 100)
        try s.pan(.changed, translation: Vector(x: 0, y: 40), at: 116)
        try s.back(.began, progress: 0, at: 132)
        #expect(s.phase == .settling && s.isTrackingBack)
        // The finger's later samples are ignored, as after a stack's command.
        try s.pan(.changed, translation: Vector(x: 0, y: 80), at: 148)
        #expect(s.phase == .settling)
    }

    @Test func otherEdgesTakeThePhasesWithoutTheScale() throws {
        var o = SheetOptions()
        o.edge = .left
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: 300, options: o))
        try s.present(at: 0, animated: false)
        try s.back(.began, progress: 0.5, at: 100)
        #expect(s.isTrackingBack && s.frame().back == nil)
        try s.back(.invoked, progress: nil, at: 116)
        #expect(s.phase == .dismissing && s.frame().back == nil)
    }

    @Test func aCommandDismissalDuringTheGestureEndsItWithTheSheet() throws {
        var s = try presented()
        try s.back(.began, progress: 0.5, at: 100)
        try s.dismiss(at: 116)
        try s.back(.invoked, progress: nil, at: 132)  // the sheet is leaving: the scale holds
        #expect(s.frame().back == scale(0.8948858))
        settle(&s, from: 132)
        #expect(s.phase == .dismissed && s.frame().back == nil)
        #expect(throws: SheetError(.invalidState, "no back gesture in progress: send phase \"began\" first")) {
            try s.back(.cancelled, progress: nil, at: 2000)
        }
    }
}
