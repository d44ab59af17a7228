import Testing
import SheetCore

private let root = NavEntry(id: "root", preferredHeight: 240)
private let details = NavEntry(id: "details", preferredHeight: 420)

private func navSheet(_ entries: [NavEntry] = [root], animator: any NavigationAnimator = SlideAnimator()) throws -> Sheet {
    var s = try Sheet(setup: SheetSetup(container: phone, navigation: entries),
                      policies: SheetPolicies(navigation: animator))
    try s.present(at: 0, animated: false)
    _ = s.takeOutput()
    return s
}

@Suite struct NavigationTests {
    @Test func heightFollowsTopEntryWithBar() throws {
        let s = try navSheet()
        // 240 + 56 (modal bar) + 34 (safe area) = 330.
        #expect(s.frame().sheet.y == 514)
        #expect(s.frame().nav.items.map(\.id) == ["root"])
        #expect(s.frame().nav.items[0].height == 296)
    }

    @Test func slidePushAtAQuarterOfItsTime() throws {
        var s = try navSheet()
        try s.push(details, at: 0)
        s.advance(to: 87.5)  // 25 % of 350 ms
        let p = CubicBezier(0.2, 1, 0.42, 1).value(at: 0.25)
        #expect(abs(p - 0.7538) < 0.0001)
        let items = s.frame().nav.items
        #expect(items.map(\.id) == ["root", "details"])
        #expect(abs(items[1].x - 390 * (1 - p)) < 0.001)
        #expect(abs(items[0].x - (-0.3 * 390 * p)) < 0.001)
        // The sheet height rides the same curve: 330 → 510.
        #expect(abs(s.frame().sheet.y - (844 - 330 - 180 * p)) < 0.001)
        s.advance(to: 350)
        #expect(s.frame().nav.items.map(\.id) == ["details"])
        #expect(s.frame().sheet.y == 844 - 510)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind) == [.navigationDidShow("details")])
    }

    @Test func popMirrorsPush() throws {
        var s = try navSheet([root, details])
        try s.pop(at: 0)
        s.advance(to: 87.5)
        let p = CubicBezier(0.2, 1, 0.42, 1).value(at: 0.25)
        let items = s.frame().nav.items
        #expect(items.map(\.id) == ["root", "details"])
        #expect(abs(items[1].x - 390 * p) < 0.001)
        #expect(abs(items[0].x - (-0.3 * 390 * (1 - p))) < 0.001)
        s.advance(to: 400)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind) == [.popped("details"), .navigationDidShow("root")])
        #expect(s.frame().sheet.y == 514)
    }

    @Test func coverAnimatorHasASeparator() throws {
        var s = try navSheet(animator: CoverAnimator())
        try s.push(details, at: 0)
        s.advance(to: 125)  // linear, 250 ms
        let f = s.frame().nav
        #expect(f.items[1].x == 195)
        #expect(f.items[0].x == -195)
        #expect(f.separatorX == 195)
    }

    @Test func shrinkingTopEntryShrinksTheSheet() throws {
        var s = try navSheet([root, details])
        try s.setContentHeight(100, entry: "details", at: 0)
        s.advance(to: 250)
        #expect(s.frame().sheet.height == 100 + 56 + 34)
    }

    @Test func sizeChangeBelowTheTopDoesNotMoveTheSheet() throws {
        var s = try navSheet([root, details])
        try s.setContentHeight(100, entry: "root", at: 0)
        #expect(s.isActive == false)
        #expect(s.frame().sheet.y == 844 - 510)
    }

    @Test func poppingTheRootIsRefused() throws {
        var s = try navSheet()
        #expect(throws: SheetError(.invalidState, "cannot pop the root entry")) { try s.pop(at: 0) }
    }

    @Test func duplicateIdsAreRefused() throws {
        var s = try navSheet()
        #expect(throws: SheetError.self) { try s.push(root, at: 0) }
    }

    @Test func pushDuringATransitionFinishesTheFirst() throws {
        var s = try navSheet()
        try s.push(details, at: 0)
        try s.push(NavEntry(id: "third", preferredHeight: 100), at: 100)
        let events = s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind)
        #expect(events == [.navigationDidShow("details")])
        #expect(s.frame().nav.items.map(\.id) == ["details", "third"])
        s.advance(to: 500)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind) == [.navigationDidShow("third")])
    }

    @Test func interactivePopFollowsTheFinger() throws {
        var s = try navSheet([root, details])
        try s.pan(.began, translation: Vector(x: 0, y: 0), source: .leftEdge, at: 0)
        try s.pan(.changed, translation: Vector(x: 97.5, y: 0), source: .leftEdge, at: 16)
        let f = s.frame()
        #expect(f.nav.items.map(\.id) == ["root", "details"])
        #expect(f.nav.items[1].x == 97.5)
        // Height interpolates 510 → 330 by a quarter.
        #expect(f.sheet.y == 844 - 465)
        #expect(f.state == .dragging)
    }

    @Test func interactivePopCancelsBelowHalf() throws {
        var s = try navSheet([root, details])
        try s.pan(.began, translation: Vector(x: 0, y: 0), source: .leftEdge, at: 0)
        try s.pan(.ended, translation: Vector(x: 150, y: 0), velocity: Vector(x: 0, y: 0), source: .leftEdge, at: 16)
        s.advance(to: 1000)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.isEmpty)
        #expect(s.frame().nav.items.map(\.id) == ["details"])
        #expect(s.frame().sheet.height == 510)
    }

    @Test func interactivePopFinishesPastHalf() throws {
        var s = try navSheet([root, details])
        try s.pan(.began, translation: Vector(x: 0, y: 0), source: .leftEdge, at: 0)
        try s.pan(.ended, translation: Vector(x: 200, y: 0), velocity: Vector(x: 0, y: 0), source: .leftEdge, at: 16)
        s.advance(to: 1000)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind) == [.popped("details"), .navigationDidShow("root")])
        #expect(s.frame().sheet.height == 330)
    }

    @Test func interactivePopIsRefusedWhenTheBackButtonIsHidden() throws {
        var hidden = details
        hidden.hidesBackButton = true
        var s = try navSheet([root, hidden])
        #expect(throws: SheetError.self) {
            try s.pan(.began, translation: Vector(x: 0, y: 0), source: .leftEdge, at: 0)
        }
        var single = try navSheet()
        #expect(throws: SheetError.self) {
            try single.pan(.began, translation: Vector(x: 0, y: 0), source: .leftEdge, at: 0)
        }
    }

    @Test func edgePanInterruptsAnAnimatedPop() throws {
        var s = try navSheet([root, details])
        try s.pop(at: 0)
        s.advance(to: 87.5)
        let x = s.frame().nav.items[1].x
        try s.pan(.began, translation: Vector(x: 0, y: 0), source: .leftEdge, at: 87.5)
        #expect(abs(s.frame().nav.items[1].x - x) < 0.001)
        try s.pan(.ended, translation: Vector(x: -x, y: 0), velocity: Vector(x: -500, y: 0), source: .leftEdge, at: 100)
        s.advance(to: 1000)
        #expect(s.frame().nav.items.map(\.id) == ["details"])
    }
}

@Suite struct NavigationLimitTests {
    @Test func theStackHasALimit() throws {
        let entries = (0..<NavigationStack.maxEntries).map { NavEntry(id: "e\($0)", preferredHeight: 10) }
        var s = try Sheet(setup: SheetSetup(container: phone, navigation: entries))
        #expect(throws: SheetError.self) { try s.push(NavEntry(id: "one-more", preferredHeight: 10), at: 0) }
    }
}
