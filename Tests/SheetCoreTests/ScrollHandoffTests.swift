import Testing
import SheetCore

/// A sheet whose content (1200 pt) is taller than the screen: it rests at 797 pt (y = 47).
private func listSheet(detents: [DetentSpec] = [.fit], selected: String? = nil,
                       expands: Bool = true) throws -> Sheet {
    var o = SheetOptions()
    o.scrollExpandsAtEdge = expands
    return try presented(content: 1200, detents: detents, selected: selected, options: o)
}

private func sample(_ phase: ScrollHandoffInput.Phase, offset: Double, translation: Double,
                    tracking: Bool = true, velocity: Double? = nil) -> ScrollSample {
    ScrollSample(phase: phase, offsetY: offset, insetTop: 0, contentHeight: 1200, viewportHeight: 763,
                 isTracking: tracking, translationY: translation, velocityY: velocity)
}

@Suite struct ScrollHandoffTests {
    @Test func midListScrollNeverMovesTheSheet() throws {
        var s = try listSheet()
        try s.scroll(sample(.dragBegan, offset: 400, translation: 0), at: 0)
        for i in 1...10 {
            try s.scroll(sample(.scrolled, offset: 400 - Double(i) * 15, translation: Double(i) * 15), at: Double(i) * 16)
            #expect(s.frame().sheet.y == 47)
            #expect(s.frame().scroll.pinOffsetY == nil)
        }
        try s.scroll(sample(.dragEnded, offset: 250, translation: 150, tracking: false), at: 200)
        #expect(s.isActive == false)
    }

    @Test func pullFromTheTopMovesTheSheetByTheDragSinceHandoff() throws {
        var s = try listSheet()
        try s.scroll(sample(.dragBegan, offset: 0, translation: 0), at: 0)
        try s.scroll(sample(.scrolled, offset: 0, translation: 60), at: 16)
        #expect(s.frame().sheet.y == 107)
        #expect(s.frame().scroll.pinOffsetY == 0)
        try s.scroll(sample(.scrolled, offset: 0, translation: 100), at: 32)
        #expect(s.frame().sheet.y == 147)
    }

    @Test func handoffHappensWhenTheListReachesItsTop() throws {
        var s = try listSheet()
        try s.scroll(sample(.dragBegan, offset: 50, translation: 0), at: 0)
        try s.scroll(sample(.scrolled, offset: 0, translation: 50), at: 16)  // list scrolled to its top
        #expect(s.frame().sheet.y == 47)
        try s.scroll(sample(.scrolled, offset: 0, translation: 80), at: 32)  // now the sheet moves
        #expect(s.frame().sheet.y == 77)
    }

    /// A pull held still before the finger lifts, released with no host velocity: the
    /// estimate includes the release sample, so it settles back (it used to dismiss).
    @Test func heldPullReleasedWithoutVelocitySettlesBack() throws {
        var s = try listSheet()
        try s.scroll(sample(.dragBegan, offset: 0, translation: 0), at: 0)
        for i in 1...6 { try s.scroll(sample(.scrolled, offset: 0, translation: Double(i) * 15), at: Double(i) * 16) }
        try s.scroll(sample(.dragEnded, offset: 0, translation: 90, tracking: false), at: 96 + 200)
        settle(&s, from: 296)
        #expect(s.frame().sheet.y == 47)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind.type) == ["dismissCancelled"])
    }

    @Test func smallPullCancelsAndUnpins() throws {
        var s = try listSheet()
        try s.scroll(sample(.dragBegan, offset: 0, translation: 0), at: 0)
        try s.scroll(sample(.scrolled, offset: 0, translation: 40), at: 16)
        try s.scroll(sample(.dragEnded, offset: 0, translation: 40, tracking: false, velocity: 50), at: 32)
        #expect(s.frame().scroll.pinOffsetY == nil)
        settle(&s, from: 32)
        #expect(s.frame().sheet.y == 47)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind.type) == ["dismissCancelled"])
    }

    @Test func longPullDismisses() throws {
        var s = try listSheet()
        try s.scroll(sample(.dragBegan, offset: 0, translation: 0), at: 0)
        try s.scroll(sample(.scrolled, offset: 0, translation: 260), at: 16)
        try s.scroll(sample(.dragEnded, offset: 0, translation: 260, tracking: false, velocity: 800), at: 32)
        settle(&s, from: 32)
        #expect(s.phase == .dismissed)
    }

    @Test func momentumBounceNeverMovesTheSheet() throws {
        var s = try listSheet()
        try s.scroll(sample(.dragBegan, offset: 300, translation: 0), at: 0)
        try s.scroll(sample(.scrolled, offset: 200, translation: 100), at: 16)
        try s.scroll(sample(.dragEnded, offset: 200, translation: 100, tracking: false, velocity: 2000), at: 32)
        for (i, offset) in [100.0, 20, -30, -10, 0].enumerated() {
            try s.scroll(sample(.scrolled, offset: offset, translation: 100, tracking: false), at: 48 + Double(i) * 16)
            #expect(s.frame().sheet.y == 47)
        }
    }

    @Test func scrollingUpBelowTheLargestDetentExpandsFirst() throws {
        var s = try listSheet(detents: [.medium, .large])
        #expect(s.frame().sheet.y == 422)
        try s.scroll(sample(.dragBegan, offset: 0, translation: 0), at: 0)
        try s.scroll(sample(.scrolled, offset: 0, translation: -100), at: 16)
        #expect(s.frame().sheet.y == 322)
        #expect(s.frame().scroll.pinOffsetY == 0)
        // Past the largest detent the list takes over and gets the finger's velocity once.
        try s.scroll(sample(.scrolled, offset: 0, translation: -400), at: 32)
        #expect(s.frame().sheet.y == 57)
        #expect(s.frame().detent == "large")
        #expect(s.frame().scroll.pinOffsetY == nil)
        #expect((s.frame().scroll.flingVelocityY ?? 0) > 0)
        s.didDeliverFrame()
        #expect(s.frame().scroll.flingVelocityY == nil)
    }

    @Test func withoutExpandAtEdgeTheListScrolls() throws {
        var s = try listSheet(detents: [.medium, .large], expands: false)
        try s.scroll(sample(.dragBegan, offset: 0, translation: 0), at: 0)
        try s.scroll(sample(.scrolled, offset: 100, translation: -100), at: 16)
        #expect(s.frame().sheet.y == 422)
        #expect(s.frame().scroll.pinOffsetY == nil)
    }

    @Test func pullDownAtLargeGoesToMediumFirst() throws {
        var s = try listSheet(detents: [.medium, .large], selected: "large")
        try s.scroll(sample(.dragBegan, offset: 0, translation: 0), at: 0)
        try s.scroll(sample(.scrolled, offset: 0, translation: 300), at: 16)
        try s.scroll(sample(.dragEnded, offset: 0, translation: 300, tracking: false, velocity: 0), at: 32)
        settle(&s, from: 32)
        #expect(s.frame().detent == "medium")
        #expect(s.phase == .presented)
    }

    @Test func contentThatFitsBehavesLikeAPlainPan() throws {
        var s = try presented()
        let fits = ScrollSample(phase: .dragBegan, offsetY: 0, insetTop: 0, contentHeight: 200, viewportHeight: 300,
                                isTracking: true, translationY: 0)
        try s.scroll(fits, at: 0)
        var up = fits
        up.phase = .scrolled
        up.translationY = -50
        try s.scroll(up, at: 16)
        // Upward: rubber-banded like a pan on the sheet.
        #expect(s.frame().sheet.y < 510 && s.frame().sheet.y > 460)
    }
}

/// A policy that takes every downward drag, wherever the list is (like a mid-list hand-off).
private final class TakeEverything: ScrollHandoffPolicy {
    var name: String { "take-everything" }
    func owner(_ input: ScrollHandoffInput) throws(PolicyFault) -> ScrollOwner {
        input.isTracking ? .sheet : .list
    }
}

@Suite struct ScrollPinTests {
    @Test func midListHandOffPinsTheListWhereItIs() throws {
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: 1200),
                          policies: SheetPolicies(scrollHandoff: TakeEverything()))
        try s.present(at: 0, animated: false)
        try s.scroll(ScrollSample(phase: .dragBegan, offsetY: 200, insetTop: 10, contentHeight: 1200,
                                  viewportHeight: 763, isTracking: true, translationY: 0), at: 0)
        try s.scroll(ScrollSample(phase: .scrolled, offsetY: 200, insetTop: 10, contentHeight: 1200,
                                  viewportHeight: 763, isTracking: true, translationY: 30), at: 16)
        #expect(s.frame().scroll.pinOffsetY == 200)
    }

    @Test func handOffAtTheTopPinsAtMinusInsetTop() throws {
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: 1200))
        try s.present(at: 0, animated: false)
        try s.scroll(ScrollSample(phase: .dragBegan, offsetY: -10, insetTop: 10, contentHeight: 1200,
                                  viewportHeight: 763, isTracking: true, translationY: 0), at: 0)
        try s.scroll(ScrollSample(phase: .scrolled, offsetY: -14, insetTop: 10, contentHeight: 1200,
                                  viewportHeight: 763, isTracking: true, translationY: 30), at: 16)
        #expect(s.frame().scroll.pinOffsetY == -10)
    }
}
