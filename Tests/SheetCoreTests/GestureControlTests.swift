import Testing
import SheetCore

private func notDismissible(tap: TapDimming = .dismiss) -> SheetOptions {
    var o = SheetOptions()
    o.dismissible = false
    o.tapDimming = tap
    return o
}

/// The dismissal veto and `tapDimming`.
@Suite struct DismissalVetoTests {
    @Test func aPullPastTheThresholdReportsAPanAttemptAndReturns() throws {
        var s = try presented(options: notDismissible())
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 1000)
        try s.pan(.changed, translation: Vector(x: 0, y: 200), at: 1016)
        // Rubber-banded below the smallest detent against its height (334).
        let banded = 334 - (1 - 1 / (200 * 0.55 / 334 + 1)) * 334
        #expect(abs(s.frame().sheet.y - (844 - banded)) < 0.001)
        try s.pan(.ended, translation: Vector(x: 0, y: 200), velocity: Vector(x: 0, y: 0), at: 1032)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind) == [.dismissAttempted(.pan)])
        settle(&s, from: 1032)
        #expect(s.phase == .presented && s.frame().sheet.y == 510)
        #expect(!eventTypes(&s).contains("dismissed"))
    }

    @Test func aFlingReportsAFlingAttempt() throws {
        var s = try presented(options: notDismissible())
        try drag(&s, by: 40, velocity: 900)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind) == [.dismissAttempted(.fling)])
    }

    @Test func aSmallPullReportsNothing() throws {
        var s = try presented(options: notDismissible())
        try drag(&s, by: 40, velocity: 0)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.isEmpty)
    }

    @Test func aScrollPullReportsTheAttemptToo() throws {
        var s = try presented(content: 1200, options: notDismissible())
        func sample(_ phase: ScrollHandoffInput.Phase, _ ty: Double, velocity: Double? = nil) -> ScrollSample {
            ScrollSample(phase: phase, offsetY: 0, insetTop: 0, contentHeight: 1200, viewportHeight: 763,
                         isTracking: phase != .dragEnded, translationY: ty, velocityY: velocity)
        }
        try s.scroll(sample(.dragBegan, 0), at: 0)
        for i in 1...12 { try s.scroll(sample(.scrolled, Double(i) * 40), at: Double(i) * 16) }
        #expect(s.phase == .dragging)
        try s.scroll(sample(.dragEnded, 480, velocity: 800), at: 208)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind) == [.dismissAttempted(.pan)])
        settle(&s, from: 208)
        #expect(s.phase == .presented && s.frame().sheet.y == 47)
    }

    @Test func aDimmingTapReportsATapAttemptAndChangesNothing() throws {
        var s = try presented(options: notDismissible())
        let before = s.frame()
        s.tapDimming(at: 100)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind) == [.dismissAttempted(.tap)])
        #expect(s.frame() == before && s.phase == .presented)
    }

    @Test func tapDimmingCollapseGoesToTheSmallestDetent() throws {
        var o = SheetOptions()
        o.tapDimming = .collapse
        var s = try presented(detents: [.fit, .large], selected: "large", options: o)
        s.tapDimming(at: 100)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind) == [.detentChanged("fit")])
        settle(&s, from: 100)
        #expect(s.phase == .presented && s.frame().sheet.y == 510)
    }

    @Test func tapDimmingNoneDoesNothing() throws {
        var o = SheetOptions()
        o.tapDimming = .none
        var s = try presented(options: o)
        s.tapDimming(at: 100)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.isEmpty && s.phase == .presented)
    }
}

/// The handle (grabber pans, drag region, grabber tap, `skipDetents`).
@Suite struct HandleTests {
    private func grabberOnly() -> SheetOptions {
        var o = SheetOptions()
        o.dragRegion = .grabber
        return o
    }

    @Test func withDragRegionGrabberContentPansDoNotMoveTheSheet() throws {
        var s = try presented(options: grabberOnly())
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 0)
        try s.pan(.changed, translation: Vector(x: 0, y: 50), at: 16)
        #expect(s.phase == .presented && s.frame().sheet.y == 510)
        try s.pan(.began, translation: Vector(x: 0, y: 0), source: .grabber, at: 32)
        try s.pan(.changed, translation: Vector(x: 0, y: 50), source: .grabber, at: 48)
        #expect(s.phase == .dragging && s.frame().sheet.y == 560)
    }

    @Test func withDragRegionGrabberTheListKeepsEveryScroll() throws {
        var s = try presented(content: 1200, options: grabberOnly())
        for (i, ty) in [0.0, 20, 60].enumerated() {
            try s.scroll(ScrollSample(phase: i == 0 ? .dragBegan : .scrolled, offsetY: 0, insetTop: 0,
                                      contentHeight: 1200, viewportHeight: 763, isTracking: true, translationY: ty),
                         at: Double(i) * 16)
        }
        #expect(s.phase == .presented && s.frame().sheet.y == 47 && s.frame().scroll.pinOffsetY == nil)
    }

    @Test func grabberTapCyclesThroughTheDetents() throws {
        var s = try presented(detents: [.fit, .medium, .large])
        var seen: [String] = []
        var t = 0.0
        for _ in 0..<3 {
            s.tapGrabber(at: t)
            t = settle(&s, from: t) + 16
            seen.append(s.frame().detent)
        }
        #expect(seen == ["medium", "large", "fit"])
        #expect(s.frame().sheet.y == 510)
    }

    @Test func decelerationWithoutSkippingLandsOneDetentAway() throws {
        let input = ReleaseInput(axis: .vertical, position: 767, velocity: -3000, translation: -20,
                                 detents: [334, 422, 787], originIndex: 2, extent: 334, dismissible: true)
        #expect(try DecelerationDismissal().decide(input).target == .dismiss)
        let noSkip = DecelerationDismissal(config: PolicyConfig(values: ["skipDetents": .bool(false)]))
        #expect(try noSkip.decide(input).target == .detent(1))
        // From the smallest detent dismissal is the rung below: still allowed.
        let fromFit = ReleaseInput(axis: .vertical, position: 314, velocity: -3000, translation: -20,
                                   detents: [334, 422, 787], originIndex: 0, extent: 334, dismissible: true)
        #expect(try noSkip.decide(fromFit).target == .dismiss)
        // Upward fling from fit: at most medium.
        let up = ReleaseInput(axis: .vertical, position: 354, velocity: 3000, translation: 20,
                              detents: [334, 422, 787], originIndex: 0, extent: 334, dismissible: true)
        #expect(try DecelerationDismissal().decide(up).target == .detent(2))
        #expect(try noSkip.decide(up).target == .detent(1))
    }

    @Test func projectionAcceptsSkipDetents() throws {
        let input = ReleaseInput(axis: .vertical, position: 767, velocity: -3000, translation: -20,
                                 detents: [334, 422, 787], originIndex: 2, extent: 334, dismissible: true)
        #expect(try ProjectionDismissal().decide(input).target == .detent(1))
        let skipping = ProjectionDismissal(config: PolicyConfig(values: ["skipDetents": .bool(true)]))
        #expect(try skipping.decide(input).target == .dismiss)
    }
}
