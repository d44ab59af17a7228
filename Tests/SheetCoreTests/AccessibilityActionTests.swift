import Testing
import SheetCore

private let root = NavEntry(id: "root", preferredHeight: 240)
private let details = NavEntry(id: "details", preferredHeight: 420)

private func notDismissible() -> SheetOptions {
    var o = SheetOptions()
    o.dismissible = false
    return o
}

/// The frames a sheet shows from `t` every 16 ms until it rests (at most `limit` ms), and the
/// events it produced on the way.
private func run(_ s: inout Sheet, from t: Double, limit: Double = 2000) -> ([SheetFrame], [SheetEvent]) {
    var frames = [s.frame()], events = s.takeOutput().events
    var now = t
    while s.isActive && now < t + limit {
        now += 16
        s.advance(to: now)
        frames.append(s.frame())
        events += s.takeOutput().events
    }
    return (frames, events)
}

/// Accessibility actions: the frame's list in each state, and each action's motion and events
/// (those of the equivalent command).
@Suite struct AccessibilityActionTests {
    @Test func theListFollowsTheDetentsAndDismissibility() throws {
        let medium = try presented(detents: [.medium, .large], selected: "medium")
        #expect(medium.frame().accessibility.actions.names == ["expand", "dismiss"])
        let large = try presented(detents: [.medium, .large], selected: "large")
        #expect(large.frame().accessibility.actions.names == ["collapse", "dismiss"])
        let middle = try presented(detents: [.fit, .medium, .large], selected: "medium")
        #expect(middle.frame().accessibility.actions.names == ["expand", "collapse", "dismiss"])
        let one = try presented()
        #expect(one.frame().accessibility.actions.names == ["dismiss"])
        let fixed = try presented(detents: [.medium, .large], selected: "medium", options: notDismissible())
        #expect(fixed.frame().accessibility.actions.names == ["expand"])
        #expect(try presented(options: notDismissible()).frame().accessibility.actions.names == [])
    }

    @Test func theListIsEmptyWhileDismissedOrDismissingOnlyThen() throws {
        var s = try makeSheet(detents: [.medium, .large])
        #expect(s.phase == .dismissed && s.frame().accessibility.actions == [])
        try s.present(at: 0)
        s.advance(to: 100)
        #expect(s.phase == .presenting && s.frame().accessibility.actions.names == ["expand", "dismiss"])
        s.advance(to: 1000)
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 1000)
        try s.pan(.changed, translation: Vector(x: 0, y: 30), at: 1016)
        #expect(s.phase == .dragging && s.frame().accessibility.actions.names == ["expand", "dismiss"])
        try s.pan(.ended, translation: Vector(x: 0, y: 30), velocity: Vector(x: 0, y: 0), at: 1032)
        s.advance(to: 2000)
        try s.dismiss(at: 2000)
        s.advance(to: 2100)
        #expect(s.phase == .dismissing && s.frame().accessibility.actions == [])
        s.advance(to: 3000)
        #expect(s.phase == .dismissed && s.frame().accessibility.actions == [])
    }

    @Test func expandAndCollapseMoveExactlyAsSelectDetentDoes() throws {
        for (action, selected, target) in [(AccessibilityAction.expand, "medium", "large"), (.collapse, "large", "medium")] {
            var a = try presented(detents: [.medium, .large], selected: selected)
            var b = try presented(detents: [.medium, .large], selected: selected)
            try a.accessibilityAction(action, at: 100)
            try b.selectDetent(target, at: 100)
            let (fa, ea) = run(&a, from: 100), (fb, eb) = run(&b, from: 100)
            #expect(fa == fb && ea == eb)
            #expect(ea.first?.kind == .detentChanged(target))
            guard case .willSettle(let intent)? = ea.dropFirst().first?.kind else { Issue.record("no willSettle"); continue }
            #expect(intent.detent == target && intent.trigger == .command && !intent.dismisses)
            #expect(fa.count > 3 && fa.last?.detent == target && a.phase == .presented)
        }
    }

    @Test func dismissMovesExactlyAsTheCommandDoes() throws {
        var a = try presented(detents: [.medium, .large], selected: "medium")
        var b = try presented(detents: [.medium, .large], selected: "medium")
        try a.accessibilityAction(.dismiss, at: 100)
        try b.dismiss(at: 100)
        let (fa, ea) = run(&a, from: 100), (fb, eb) = run(&b, from: 100)
        #expect(fa == fb && ea == eb)
        #expect(ea.map(\.kind.type) == ["willSettle", "dismissed"])
        #expect(a.phase == .dismissed)
    }

    @Test func escapePopsANavigationStackFirst() throws {
        var a = try Sheet(setup: SheetSetup(container: phone, navigation: [root, details]))
        try a.present(at: 0, animated: false)
        _ = a.takeOutput()
        var b = a.copy()
        try a.accessibilityAction(.escape, at: 100)
        try b.pop(at: 100)
        let (fa, ea) = run(&a, from: 100), (fb, eb) = run(&b, from: 100)
        #expect(fa == fb && ea == eb)
        #expect(ea.filter { !$0.isWillSettle }.map(\.kind) == [.popped("details"), .navigationDidShow("root")])
        #expect(a.phase == .presented)
        // At the root, escape dismisses.
        try a.accessibilityAction(.escape, at: 2000)
        #expect(a.phase == .dismissing)
    }

    @Test func escapeOnASheetThatIsNotDismissibleReportsTheAttemptAndStays() throws {
        var s = try presented(options: notDismissible())
        let before = s.frame()
        try s.accessibilityAction(.escape, at: 100)
        #expect(s.takeOutput().events.map(\.kind) == [.dismissAttempted(.escape)])
        #expect(s.phase == .presented && !s.isActive && s.frame() == before)
    }

    @Test func anActionNotAvailableNowIsRefusedNamingTheAvailableOnes() throws {
        var s = try presented(detents: [.medium, .large], selected: "large")
        let before = s.frame()
        #expect(throws: SheetError(.invalidState, "action \"expand\" is not available now (available: collapse, dismiss, escape)")) {
            try s.accessibilityAction(.expand, at: 100)
        }
        #expect(s.frame() == before && s.takeOutput().events.isEmpty)
        var fixed = try presented(options: notDismissible())
        #expect(throws: SheetError(.invalidState, "action \"dismiss\" is not available now (available: escape)")) {
            try fixed.accessibilityAction(.dismiss, at: 100)
        }
        var gone = try makeSheet()
        #expect(throws: SheetError(.invalidState, "action \"escape\" is not available now (available: none)")) {
            try gone.accessibilityAction(.escape, at: 100)
        }
    }

    @Test func likeTheCommandsAnActionIsRefusedUnderAFinger() throws {
        var s = try presented(detents: [.medium, .large], selected: "medium")
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 100)
        #expect(throws: SheetError(.invalidState, "cannot selectDetent while the sheet is being dragged")) {
            try s.accessibilityAction(.expand, at: 116)
        }
    }
}
