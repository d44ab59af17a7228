import Testing
import SheetCore
import SheetTestSupport

/// The iPhone-like container of the examples: 390 × 844, safe area 47 / 34.
let phone = IPhone.container

func makeSheet(content: Double = 300, detents: [DetentSpec] = [.fit], selected: String? = nil,
               options: SheetOptions = SheetOptions()) throws -> Sheet {
    try Sheet(setup: SheetSetup(container: phone, contentHeight: content, detents: detents,
                                selectedDetent: selected, options: options))
}

/// A presented sheet at rest at time `t`.
func presented(content: Double = 300, detents: [DetentSpec] = [.fit], selected: String? = nil,
               options: SheetOptions = SheetOptions(), at t: Double = 0) throws -> Sheet {
    var s = try makeSheet(content: content, detents: detents, selected: selected, options: options)
    try s.present(at: t, animated: false)
    _ = s.takeOutput()
    return s
}

func eventTypes(_ s: inout Sheet) -> [String] { s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind.type) }

/// Drag by `dy` (pt, + = down) in one move and release with `velocity` (pt/s, + = down).
func drag(_ s: inout Sheet, by dy: Double, velocity: Double?, at t: Double = 1000) throws {
    try s.pan(.began, translation: Vector(x: 0, y: 0), at: t)
    try s.pan(.changed, translation: Vector(x: 0, y: dy), at: t + 16)
    try s.pan(.ended, translation: Vector(x: 0, y: dy), velocity: velocity.map { Vector(x: 0, y: $0) }, at: t + 32)
}

/// Advance in 16 ms steps until nothing moves; returns the time it came to rest.
@discardableResult
func settle(_ s: inout Sheet, from t: Double, limit: Double = 20_000) -> Double {
    var now = t
    while s.isActive && now < t + limit {
        now += 16
        s.advance(to: now)
    }
    return now
}

@Suite struct FittingTests {
    @Test func contentFitHeightIncludesBottomSafeArea() throws {
        let s = try presented()
        let f = s.frame()
        #expect(f.sheet == Rect(x: 0, y: 510, width: 390, height: 334))
        #expect(f.grabber.y == 491)
        #expect(f.cornerRadius == 10)
        #expect(f.dimming.alpha == 0.6)
        #expect(f.progress == 1)
        #expect(f.detent == "fit")
    }

    @Test func contentTallerThanContainerIsClamped() throws {
        let s = try presented(content: 2000)
        #expect(s.frame().sheet.y == 47)
        #expect(s.frame().sheet.height == 797)
    }

    @Test func contentChangeAnimates250msEaseInOut() throws {
        var s = try presented()
        try s.setContentHeight(400, at: 100)
        s.advance(to: 225)
        // Halfway through ease-in-out: half of the 100 pt change.
        #expect(s.frame().sheet.y == 460)
        #expect(s.phase == .presented)  // content animations keep `presented`
        #expect(s.isActive == true)
        s.advance(to: 350)
        #expect(s.frame().sheet.y == 410)
        #expect(s.phase == .presented)
    }

    @Test func contentChangeUnderHalfAPointIsNotAnUpdate() throws {
        var s = try presented()
        try s.setContentHeight(300.4, at: 100)
        #expect(s.isActive == false)
        #expect(s.frame().sheet.y == 510)
    }

    @Test func contentChangeMidPresentationDoesNotJump() throws {
        var s = try makeSheet()
        try s.present(at: 0)
        s.advance(to: 150)
        let before = s.frame().sheet.y
        try s.setContentHeight(500, at: 150)
        #expect(s.frame().sheet.y == before)
        settle(&s, from: 150)
        #expect(s.frame().sheet.y == 844 - 534)
        #expect(eventTypes(&s) == ["presented"])
    }
}

@Suite struct TransitionTests {
    @Test func presentFollowsEaseInOutFor300ms() throws {
        var s = try makeSheet()
        try s.present(at: 0)
        #expect(s.phase == .presenting)
        #expect(s.frame().sheet.y == 844)
        #expect(s.frame().dimming.alpha == 0)
        s.advance(to: 150)
        #expect(s.frame().sheet.y == 677)
        #expect(s.frame().progress == 0.5)
        #expect(s.frame().dimming.alpha == 0.3)
        s.advance(to: 300)
        #expect(s.frame().sheet.y == 510)
        #expect(s.phase == .presented)
        #expect(eventTypes(&s) == ["presented"])
    }

    @Test func dismissIsTheReverse() throws {
        var s = try presented()
        try s.dismiss(at: 0)
        s.advance(to: 150)
        #expect(s.frame().sheet.y == 677)
        #expect(s.phase == .dismissing)
        s.advance(to: 300)
        #expect(s.phase == .dismissed)
        #expect(s.frame().sheet.y == 844)
        #expect(eventTypes(&s) == ["dismissed"])
    }

    @Test func tapOnDimmingDismissesOnlyWhenPresented() throws {
        var s = try makeSheet()
        try s.present(at: 0)
        s.tapDimming(at: 100)
        #expect(s.phase == .presenting)
        s.advance(to: 300)
        s.tapDimming(at: 400)
        #expect(s.phase == .dismissing)
    }

    @Test func dismissDuringPresentationCancelsIt() throws {
        var s = try makeSheet()
        try s.present(at: 0)
        try s.dismiss(at: 150)
        settle(&s, from: 150)
        #expect(s.phase == .dismissed)
        #expect(eventTypes(&s) == ["presentCancelled"])
    }
}

@Suite struct ReleaseTests {
    @Test func slowDragOf160Cancels() throws {
        var s = try presented()
        try drag(&s, by: 160, velocity: 0)
        #expect(s.phase == .settling)
        settle(&s, from: 1032)
        #expect(s.phase == .presented)
        #expect(s.frame().sheet.y == 510)
        #expect(eventTypes(&s) == ["dismissCancelled"])
    }

    @Test func slowDragOf170Dismisses() throws {
        var s = try presented()
        try drag(&s, by: 170, velocity: 0)
        #expect(s.phase == .dismissing)
        settle(&s, from: 1032)
        #expect(s.phase == .dismissed)
        #expect(eventTypes(&s) == ["dismissed"])
    }

    @Test func shortFastFlingDismisses() throws {
        var s = try presented()
        try drag(&s, by: 40, velocity: 900)
        #expect(s.phase == .dismissing)
    }

    @Test func upwardFlingCancels() throws {
        var s = try presented()
        try drag(&s, by: 200, velocity: -700)
        #expect(s.phase == .settling)
    }

    @Test func fingerMovesSheetOneToOne() throws {
        var s = try presented()
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 0)
        try s.pan(.changed, translation: Vector(x: 0, y: 100), at: 16)
        #expect(s.frame().sheet.y == 610)
        #expect(s.frame().state == .dragging)
        #expect(s.frame().progress == Double((234.0 / 334 * 10000).rounded() / 10000))
    }

    @Test func upwardDragRubberBands() throws {
        var s = try presented()
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 0)
        try s.pan(.changed, translation: Vector(x: 0, y: -100), at: 16)
        // Banded against the room above the largest detent: d = 844 - 334 = 510.
        let expected = (1 - 1 / (100 * 0.55 / 510 + 1)) * 510
        #expect(abs(s.frame().sheet.y - (510 - expected)) < 0.001)
        #expect(s.frame().sheet.height > 334)
    }

    @Test func releaseCarriesVelocityIntoTheSpring() throws {
        var s = try presented()
        try drag(&s, by: 100, velocity: -500, at: 0)
        // Right after release the sheet moves up at about the finger's speed.
        let y0 = s.frame().sheet.y
        s.advance(to: 33)
        let y1 = s.frame().sheet.y
        #expect(abs((y1 - y0) / 0.001 - (-500)) < 60)
    }
}

@Suite struct InterruptionTests {
    @Test func panDuringPresentationFreezesTheSheet() throws {
        var s = try makeSheet()
        try s.present(at: 0)
        s.advance(to: 150)
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 150)
        #expect(s.frame().sheet.y == 677)
        s.advance(to: 250)
        #expect(s.frame().sheet.y == 677)
        try s.pan(.ended, translation: Vector(x: 0, y: 20), velocity: Vector(x: 0, y: 800), at: 260)
        settle(&s, from: 260)
        #expect(s.phase == .dismissed)
        #expect(eventTypes(&s) == ["presentCancelled"])
    }

    @Test func panDuringDismissalCanBringItBack() throws {
        var s = try presented()
        try s.dismiss(at: 0)
        s.advance(to: 150)
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 150)
        try s.pan(.ended, translation: Vector(x: 0, y: -10), velocity: Vector(x: 0, y: -600), at: 200)
        settle(&s, from: 200)
        #expect(s.phase == .presented)
        #expect(eventTypes(&s) == ["dismissCancelled"])
    }

    @Test func bottomEdgePanPresents() throws {
        var s = try makeSheet()
        try s.pan(.began, translation: Vector(x: 0, y: 0), source: .bottomEdge, at: 0)
        try s.pan(.changed, translation: Vector(x: 0, y: -200), source: .bottomEdge, at: 100)
        #expect(s.frame().sheet.y == 644)
        #expect(s.phase == .dragging)
        try s.pan(.ended, translation: Vector(x: 0, y: -200), velocity: Vector(x: 0, y: 0), source: .bottomEdge, at: 116)
        settle(&s, from: 116)
        #expect(s.phase == .presented)
        #expect(eventTypes(&s) == ["presented"])
    }

    @Test func sheetPanOnDismissedSheetIsRefused() throws {
        var s = try makeSheet()
        #expect(throws: SheetError.self) {
            try s.pan(.began, translation: Vector(x: 0, y: 0), at: 0)
        }
    }
}

@Suite struct DetentTests {
    let detents: [DetentSpec] = [.large, .fit, .medium]

    @Test func unsortedDetentsAreSortedWithADiagnostic() throws {
        var s = try makeSheet(detents: detents)
        #expect(s.detents.map(\.id) == ["fit", "medium", "large"])
        #expect(s.detents.map(\.height) == [334, 422, 787])
        #expect(s.takeOutput().diagnostics.count == 1)
        #expect(s.frame().detent == "fit")
    }

    @Test func selectDetentAnimatesAndReports() throws {
        var s = try presented(detents: [.fit, .medium, .large])
        try s.selectDetent("large", at: 0)
        #expect(eventTypes(&s) == ["detentChanged"])
        settle(&s, from: 0)
        #expect(s.frame().sheet.y == 844 - 787)
        #expect(s.frame().detent == "large")
    }

    @Test func dragLandsOnNearestDetent() throws {
        var s = try presented(detents: [.fit, .medium, .large])
        try drag(&s, by: -300, velocity: 0)
        let out = s.takeOutput().events.filter { !$0.isWillSettle }
        #expect(out.map(\.kind) == [.detentChanged("large")])
        settle(&s, from: 1032)
        #expect(s.frame().detent == "large")
    }

    @Test func largestUndimmedDetent() throws {
        var o = SheetOptions()
        o.largestUndimmedDetent = "medium"
        var s = try presented(detents: [.medium, .large], options: o)
        #expect(s.frame().dimming.alpha == 0 && s.frame().dimming.passthrough)
        try s.selectDetent("large", at: 0, animated: false)
        #expect(s.frame().dimming.alpha == 0.6 && !s.frame().dimming.passthrough)
    }

    @Test func notDismissibleRubberBandsBelowSmallest() throws {
        var o = SheetOptions()
        o.dismissible = false
        var s = try presented(options: o)
        try drag(&s, by: 300, velocity: 2000)
        settle(&s, from: 1032)
        #expect(s.phase == .presented)
    }
}

@Suite struct KeyboardTests {
    @Test func keyboardLiftsASheetWithoutLarge() throws {
        var s = try presented()
        s.setKeyboard(height: 300, timing: BezierTiming(duration: 250, curve: .easeInOut), at: 0)
        s.advance(to: 250)
        #expect(s.frame().sheet.y == 210)
        s.setKeyboard(height: 0, timing: BezierTiming(duration: 250, curve: .easeInOut), at: 300)
        s.advance(to: 550)
        #expect(s.frame().sheet.y == 510)
    }

    @Test func keyboardRaisesToLargeAndRestores() throws {
        var s = try presented(detents: [.fit, .large])
        s.setKeyboard(height: 300, timing: BezierTiming(duration: 250, curve: .easeInOut), at: 0)
        s.advance(to: 250)
        #expect(s.frame().detent == "large")
        #expect(s.frame().sheet.y == 57)
        s.setKeyboard(height: 0, timing: BezierTiming(duration: 250, curve: .easeInOut), at: 300)
        s.advance(to: 550)
        #expect(s.frame().detent == "fit")
        #expect(s.frame().sheet.y == 510)
    }
}

@Suite struct DismissalFinishTests {
    @Test func releasedDismissalTakesTheRemainingFractionOfTheDuration() throws {
        var s = try presented()
        try drag(&s, by: 170, velocity: 0, at: 0)
        // 164 of 334 pt left: 300 ms × 164/334 = 147.3 ms.
        s.advance(to: 32 + 147)
        #expect(s.phase == .dismissing)
        s.advance(to: 32 + 148)
        #expect(s.phase == .dismissed)
        #expect(eventTypes(&s) == ["dismissed"])
    }

    @Test func flungDismissalStartsAtTheFingerSpeed() throws {
        var s = try presented()
        try drag(&s, by: 40, velocity: 900, at: 0)
        let y0 = s.frame().sheet.y
        s.advance(to: 33)
        let speed = (s.frame().sheet.y - y0) / 0.001
        #expect(abs(speed - 900) < 60)
    }
}

@Suite struct ContainerTests {
    @Test func rotationReResolvesDetentsAndRetargetsSmoothly() throws {
        var s = try presented(detents: [.fit, .medium])
        let landscape = Container(width: 844, height: 390, safeArea: Insets(top: 0, bottom: 21, left: 47, right: 47))
        s.setContainer(landscape, at: 0)
        // The extent stays where it was at the instant of the change: no jump in shown height.
        #expect(s.frame().sheet.y == 390 - 334)
        #expect(s.frame().sheet.width == 844)
        s.advance(to: 250)
        // fit = min(300 + 21, 390) = 321.
        #expect(s.frame().sheet.y == 69)
        #expect(s.detents.map(\.height) == [195, 321])
        #expect(s.detents.map(\.id) == ["medium", "fit"])
    }

    @Test func presentTimingCanBeASpring() throws {
        var o = SheetOptions()
        o.presentTiming = .spring(Spring(dampingRatio: 0.8, response: 400))
        var s = try makeSheet(options: o)
        try s.present(at: 0)
        s.advance(to: 200)
        #expect(s.phase == .presenting)
        let end = settle(&s, from: 200)
        #expect(s.phase == .presented && end < 2000)
        #expect(s.frame().sheet.y == 510)
    }
}

@Suite struct PresentedLayoutChangeTests {
    @Test func growingPresentedSheetStaysFullyDimmed() throws {
        var s = try presented()
        s.setKeyboard(height: 336, timing: BezierTiming(duration: 250, curve: .easeInOut), at: 0)
        s.advance(to: 100)
        #expect(s.frame().dimming.alpha == 0.6)
        #expect(s.frame().progress == 1)
        #expect(s.phase == .presented)
    }

    @Test func dismissalProgressIsMeasuredAgainstTheSmallestDetent() throws {
        var s = try presented(detents: [.fit, .large], selected: "large")
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 0)
        try s.pan(.changed, translation: Vector(x: 0, y: 300), at: 16)
        // Still above the smallest detent (334 pt): fully presented.
        #expect(s.frame().progress == 1)
        try s.pan(.changed, translation: Vector(x: 0, y: 787 - 167), at: 32)
        #expect(s.frame().progress == 0.5)
        #expect(s.frame().dimming.alpha == 0.3)
    }

    @Test func contentChangeUnderHalfAPointChangesNothing() throws {
        var s = try presented(content: 200)
        let before = s.frame()
        try s.setContentHeight(200.3, at: 100)
        s.advance(to: 400)
        #expect(s.frame() == before)
    }

    @Test func navigationPushOnADismissedSheetStaysDismissed() throws {
        var s = try Sheet(setup: SheetSetup(container: phone, navigation: [NavEntry(id: "a", preferredHeight: 100)]))
        try s.push(NavEntry(id: "b", preferredHeight: 200), at: 0)
        s.advance(to: 100)
        #expect(s.phase == .dismissed)
        #expect(s.frame().sheet.y == 844)
    }
}
