import Testing
import SheetCore

private func arbitrated(slop: Double = 0, directionLock: Bool = false, failOffsetX: Double? = nil) -> SheetOptions {
    var o = SheetOptions()
    o.gesture = PanArbitration(slop: slop, directionLock: directionLock, failOffsetX: failOffsetX)
    return o
}

private func v(_ x: Double, _ y: Double) -> Vector { Vector(x: x, y: y) }

/// `options.gesture`: a pan on the sheet is pending within the slop, then accepted (the sheet
/// follows from the slop circle) or declined (`panDeclined`, the finger ignored).
@Suite struct PanArbitrationTests {
    @Test func withTheDefaultsEveryPanIsAcceptedAtBegan() throws {
        var s = try presented()  // fit: 334 tall, y 510
        #expect(try s.pan(.began, translation: v(0, 0), at: 100) == .accepted)
        #expect(s.phase == .dragging)
        #expect(try s.pan(.changed, translation: v(40, 50), at: 116) == .accepted)
        #expect(s.frame().sheet.y == 560)
    }

    @Test func withinTheSlopNothingChanges() throws {
        var s = try presented(options: arbitrated(slop: 10))
        let before = s.frame()
        #expect(try s.pan(.began, translation: v(0, 0), at: 100) == .pending)
        #expect(try s.pan(.changed, translation: v(6, 8), at: 116) == .pending)  // travel exactly 10
        #expect(s.phase == .presented && s.frame() == before && s.takeOutput().events.isEmpty)
        #expect(try s.pan(.ended, translation: v(6, 8), at: 132) == .pending)
        #expect(s.phase == .presented && s.frame() == before)
    }

    @Test func anAcceptedPanFollowsFromTheSlopCircle() throws {
        var s = try presented(options: arbitrated(slop: 10))
        try s.pan(.began, translation: v(0, 0), at: 100)
        #expect(try s.pan(.changed, translation: v(0, 30), at: 116) == .accepted)
        #expect(s.phase == .dragging && s.frame().sheet.y == 530)  // 30 pt of travel, 10 inside the slop
        try s.pan(.changed, translation: v(0, 31), at: 132)
        #expect(s.frame().sheet.y == 531)
    }

    @Test func aDiagonalPanCrossesTheCircleAlongItsDirection() throws {
        var s = try presented(options: arbitrated(slop: 10))
        try s.pan(.began, translation: v(0, 0), at: 100)
        try s.pan(.changed, translation: v(6, 18), at: 116)
        // Crossing at 10 / |(6, 18)| of the travel: 18 · 10 / √360 = 9.4868 pt, so the sheet moves
        // 8.5132 pt (frames round to 0.001).
        #expect(s.frame().sheet.y == 518.513)
    }

    @Test func aSidewaysPanIsDeclinedByTheDirectionLock() throws {
        var s = try presented(options: arbitrated(slop: 10, directionLock: true))
        let before = s.frame()
        try s.pan(.began, translation: v(0, 0), at: 100)
        #expect(try s.pan(.changed, translation: v(24, 5), at: 116) == .declined)
        let out = s.takeOutput().events
        #expect(out.map(\.kind) == [.panDeclined(.direction)] && out.map(\.t) == [116])
        #expect(try s.pan(.changed, translation: v(24, 120), at: 132) == .declined)
        #expect(try s.pan(.ended, translation: v(24, 120), velocity: v(0, 3000), at: 148) == .declined)
        #expect(s.phase == .presented && s.frame() == before && s.takeOutput().events.isEmpty)
        // The next pan is arbitrated afresh.
        #expect(try s.pan(.began, translation: v(0, 0), at: 200) == .pending)
        #expect(try s.pan(.changed, translation: v(5, 40), at: 216) == .accepted)
        #expect(s.frame().sheet.y == 540.077)  // 510 + 40 − 40 · 10 / √1625
    }

    @Test func failOffsetDeclinesAtItsDistanceAndDirectionWinsWhenBothFire() throws {
        var s = try presented(options: arbitrated(slop: 10, failOffsetX: 20))
        try s.pan(.began, translation: v(0, 0), at: 100)
        #expect(try s.pan(.changed, translation: v(-20, 30), at: 116) == .declined)
        #expect(s.takeOutput().events.map(\.kind) == [.panDeclined(.failOffset)])

        var both = try presented(options: arbitrated(slop: 10, directionLock: true, failOffsetX: 20))
        try both.pan(.began, translation: v(0, 0), at: 100)
        #expect(try both.pan(.changed, translation: v(25, 5), at: 116) == .declined)
        #expect(both.takeOutput().events.map(\.kind) == [.panDeclined(.direction)])
    }

    @Test func justUnderTheFailOffsetIsAccepted() throws {
        var s = try presented(options: arbitrated(failOffsetX: 20))
        #expect(try s.pan(.began, translation: v(0, 0), at: 100) == .pending)
        #expect(try s.pan(.changed, translation: v(19.5, 40), at: 116) == .accepted)
        #expect(s.frame().sheet.y == 550)  // no slop: the sheet follows from the began translation
    }

    @Test func aRunningAnimationGoesOnWhilePending() throws {
        var s = try makeSheet(options: arbitrated(slop: 10))
        var reference = try makeSheet()
        try s.present(at: 0)
        try reference.present(at: 0)
        #expect(try s.pan(.began, translation: v(0, 0), at: 100) == .pending)
        try s.pan(.changed, translation: v(3, 4), at: 116)
        s.advance(to: 150)
        reference.advance(to: 150)
        #expect(s.frame() == reference.frame() && s.phase == .presenting)
    }

    @Test func edgePansAreNotArbitrated() throws {
        var s = try makeSheet(options: arbitrated(slop: 10, directionLock: true))
        #expect(try s.pan(.began, translation: v(0, 0), source: .bottomEdge, at: 0) == .accepted)
        #expect(s.phase == .dragging)
    }

    @Test func aPendingPanOnADismissedSheetIsRefused() throws {
        var s = try makeSheet(options: arbitrated(slop: 10))
        #expect(throws: SheetError.self) { try s.pan(.began, translation: v(0, 0), at: 0) }
    }

    @Test func onASideEdgeTheAxesSwap() throws {
        var o = arbitrated(slop: 10, directionLock: true)
        o.edgeSetting = .right
        var s = try presented(options: o)
        try s.pan(.began, translation: v(0, 0), at: 100)
        // Along a right-edge sheet's axis is x: a vertical pan is sideways for it.
        #expect(try s.pan(.changed, translation: v(5, 30), at: 116) == .declined)
        try s.pan(.began, translation: v(0, 0), at: 200)
        #expect(try s.pan(.changed, translation: v(30, 5), at: 216) == .accepted)
    }
}

/// `options.rubberBand`: hard stops at the limits and the coefficient.
@Suite struct OverDragControlTests {
    @Test func theCoefficientScalesTheBand() throws {
        var o = SheetOptions()
        o.rubberBand = RubberBandLimits(coefficient: 1.1)
        var s = try presented(options: o)
        try s.pan(.began, translation: v(0, 0), at: 100)
        try s.pan(.changed, translation: v(0, -100), at: 116)
        // Banded against the room above the largest detent (510): (1 − 1 / (100 · 1.1 / 510 + 1)) · 510.
        // = 90.4839 (0.55 would give 49.4043).
        #expect(s.frame().sheet.y == 419.516)
    }

    @Test func aHardStopAboveTheLargestIgnoresFurtherTravelAndReanchors() throws {
        var o = SheetOptions()
        o.rubberBand = RubberBandLimits(beyondLargest: false)
        var s = try presented(options: o)
        try s.pan(.began, translation: v(0, 0), at: 100)
        try s.pan(.changed, translation: v(0, -100), at: 116)
        #expect(s.frame().sheet.y == 510)
        try s.pan(.changed, translation: v(0, -60), at: 132)  // 40 back down: follows at once
        #expect(s.frame().sheet.y == 550)
    }

    @Test func aHardStopBelowTheSmallestOfANonDismissibleSheet() throws {
        var o = SheetOptions()
        o.dismissible = false
        o.rubberBand = RubberBandLimits(belowSmallest: false)
        var s = try presented(detents: [.fit, .large], options: o)
        try s.pan(.began, translation: v(0, 0), at: 100)
        try s.pan(.changed, translation: v(0, 200), at: 116)
        #expect(s.frame().sheet.y == 510)
        try s.pan(.changed, translation: v(0, 150), at: 132)
        #expect(s.frame().sheet.y == 460)
    }

    @Test func belowSmallestDoesNotHoldADismissibleSheet() throws {
        var o = SheetOptions()
        o.rubberBand = RubberBandLimits(belowSmallest: false)
        var s = try presented(options: o)
        try s.pan(.began, translation: v(0, 0), at: 100)
        try s.pan(.changed, translation: v(0, 200), at: 116)
        #expect(s.frame().sheet.y == 710)
    }
}

/// `velocityThreshold` in both built-in dismissal policies' config.
@Suite struct VelocityThresholdTests {
    static func release(_ position: Double, _ velocity: Double, detents: [Double] = [334], origin: Int? = 0) -> ReleaseInput {
        ReleaseInput(axis: .vertical, position: position, velocity: velocity, translation: position - 334,
                     detents: detents, originIndex: origin, extent: 334, dismissible: true)
    }

    @Test func decelerationDecidesASlowReleaseByPositionAlone() throws {
        let plain = DecelerationDismissal()
        let gated = DecelerationDismissal(config: PolicyConfig(values: ["velocityThreshold": .number(500)]))
        // 200 − 400² / 1600 = 100 ≤ 167: dismissed; at rest 200 > 167: stays.
        #expect(try plain.decide(Self.release(200, -400)).target == .dismiss)
        #expect(try gated.decide(Self.release(200, -400)).target == .detent(0))
        // At the threshold itself the velocity counts: 200 − 156.25 = 43.75.
        #expect(try gated.decide(Self.release(200, -500)).target == .dismiss)
    }

    @Test func projectionDecidesASlowReleaseByPositionAlone() throws {
        let plain = ProjectionDismissal()
        let gated = ProjectionDismissal(config: PolicyConfig(values: ["velocityThreshold": .number(1500)]))
        // 300 + 1000 / 1000 · 0.998 / 0.002 = 799: the large detent; at rest: fit.
        #expect(try plain.decide(Self.release(300, 1000, detents: [334, 800])).target == .detent(1))
        #expect(try gated.decide(Self.release(300, 1000, detents: [334, 800])).target == .detent(0))
        #expect(try gated.decide(Self.release(300, 1500, detents: [334, 800])).target == .detent(1))
    }

    @Test func outOfRangeThresholdsAreClamped() {
        #expect(DecelerationDismissal(config: PolicyConfig(values: ["velocityThreshold": .number(-5)])).velocityThreshold == 0)
        #expect(ProjectionDismissal(config: PolicyConfig(values: ["velocityThreshold": .number(2e6)])).velocityThreshold == 1_000_000)
        #expect(DecelerationDismissal().velocityThreshold == 0 && ProjectionDismissal().velocityThreshold == 0)
    }
}
