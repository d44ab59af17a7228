import Testing
import SheetCore

/// `sheet.configure`, `position` and `sheet.snapTo`.
@Suite struct LiveConfigurationTests {
    @Test func animatedConfigureMovesOnTheContentCurve() throws {
        var s = try presented()
        try s.configure(detents: [.fit, .medium], selectedDetent: "medium", at: 100)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind) == [.detentChanged("medium")])
        #expect(s.frame().sheet.y == 510)
        #expect(s.frame().state == .presented)
        s.advance(to: 225)  // half of 250 ms easeInOut: half the way
        #expect(abs(s.frame().sheet.y - 466) < 0.001)
        #expect(s.frame().dimming.alpha == 0.6)
        s.advance(to: 350)
        #expect(s.frame().sheet.y == 422)
        #expect(s.isActive == false)
    }

    @Test func unanimatedConfigureShowsAtOnce() throws {
        var s = try presented()
        try s.configure(detents: [.fit, .medium], selectedDetent: "medium", animated: false, at: 100)
        #expect(s.frame().sheet.y == 422)
    }

    @Test func removedSelectionFallsToTheNearestRemainingDetent() throws {
        var s = try presented(detents: [.fit, .medium, .large], selected: "large")
        try s.configure(detents: [.fit, .medium], at: 100)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind) == [.detentChanged("medium")])
        settle(&s, from: 100)
        #expect(s.frame().sheet.y == 422)
    }

    @Test func appearanceAppliesAtOnce() throws {
        var s = try presented(detents: [.medium, .large])
        var o = s.state.setup.options
        o.cornerRadius = 24
        o.grabber = false
        o.largestUndimmedDetent = "medium"
        try s.configure(options: o, at: 10)
        let f = s.frame()
        #expect(f.cornerRadius == 24 && !f.grabber.visible)
        #expect(f.dimming.alpha == 0 && f.dimming.passthrough)
    }

    @Test func failingConfigureChangesNothing() throws {
        var s = try presented(detents: [.fit, .large])
        let before = s.state
        #expect(throws: SheetError.self) { try s.configure(detents: [.fit, .fit], at: 100) }
        #expect(throws: SheetError.self) { try s.configure(selectedDetent: "nope", at: 100) }
        var o = SheetOptions()
        o.largestUndimmedDetent = "medium"
        #expect(throws: SheetError.self) { try s.configure(options: o, at: 100) }
        // Removing the undimmed detent without clearing it is refused too.
        o.largestUndimmedDetent = "large"
        try s.configure(options: o, animated: false, at: 0)
        let configured = s.state
        #expect(throws: SheetError.self) { try s.configure(detents: [.fit], at: 100) }
        #expect(s.state == configured)
        #expect(before.setup.detents == configured.setup.detents)
    }

    @Test func midDragDetentChangesWaitForTheRelease() throws {
        var s = try presented(detents: [.fit, .large])
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 0)
        try s.pan(.changed, translation: Vector(x: 0, y: -300), at: 16)
        var o = s.state.setup.options
        o.cornerRadius = 30
        try s.configure(detents: [.fit, .medium], options: o, at: 20)
        #expect(s.frame().cornerRadius == 30)  // appearance at once
        #expect(s.frame().state == .dragging && s.frame().sheet.y == 210)
        #expect(s.frame().position.index == 0.6623)  // still between fit and large
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.isEmpty)
        // Released at rest at 634 pt: without the configure the nearest detent is large (787);
        // with it, medium (422).
        try s.pan(.ended, translation: Vector(x: 0, y: -300), velocity: Vector(x: 0, y: 0), at: 32)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind) == [.detentChanged("medium")])
        settle(&s, from: 32)
        #expect(s.frame().sheet.y == 422 && s.frame().detent == "medium")
    }

    @Test func fromTopDetent() throws {
        let s = try presented(detents: [.fit, .fromTop(id: "top100", points: 100)], selected: "top100")
        #expect(s.frame().sheet.y == 100)
    }

    @Test func configuredPoliciesAreUsedAtTheNextRelease() throws {
        var s = try presented(detents: [.fit, .medium, .large], selected: "large")
        let config = PolicyConfig(values: ["skipDetents": .bool(false)])
        var names = s.state.policyNames
        names.config["deceleration"] = config
        try s.configure(policies: (SheetPolicies(dismissal: DecelerationDismissal(config: config)), names), at: 0)
        try drag(&s, by: 20, velocity: 3000, at: 100)
        settle(&s, from: 132)
        #expect(s.frame().detent == "medium" && s.phase == .presented)
        #expect(s.state.policyNames.config["deceleration"] == config)
    }

    // MARK: - Point 5

    @Test func positionIsAFractionalDetentIndex() throws {
        var s = try presented(detents: [.fit, .medium, .large])
        #expect(s.frame().position.index == 0)
        try s.snapTo(height: 604.5, animated: false, at: 10)
        #expect(s.frame().position.index == 1.5)
        #expect(s.frame().position.fraction == 0.7162)
        try s.selectDetent("large", at: 20, animated: false)
        #expect(s.frame().position.index == 2)
        var d = try presented()
        try d.pan(.began, translation: Vector(x: 0, y: 0), at: 0)
        try d.pan(.changed, translation: Vector(x: 0, y: 167), at: 16)
        #expect(d.frame().position.index == -0.5)
        let dismissed = try makeSheet()
        #expect(dismissed.frame().position.index == -1 && dismissed.frame().position.fraction == 0)
    }

    @Test func snapToStaysUntilTheNextCommandOrGesture() throws {
        var s = try presented(detents: [.fit, .large])
        try s.snapTo(height: 500, at: 0)
        #expect(s.phase == .settling)
        settle(&s, from: 0)
        #expect(s.frame().sheet.y == 344 && s.frame().detent == "fit")
        s.setKeyboard(height: 0, timing: BezierTiming(duration: 0, curve: .linear), at: 2000)
        #expect(s.frame().sheet.y == 344)
        try s.selectDetent("fit", at: 2100, animated: false)
        #expect(s.frame().sheet.y == 510)
        try s.snapTo(height: 500, animated: false, at: 2200)
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 2300)
        try s.pan(.ended, translation: Vector(x: 0, y: 0), velocity: Vector(x: 0, y: 0), at: 2316)
        settle(&s, from: 2316)
        #expect(s.frame().sheet.y == 510)  // the gesture ended the snap
        var dismissed = try makeSheet()
        #expect(throws: SheetError.self) { try dismissed.snapTo(height: 300, at: 0) }
    }

    // MARK: - Rest target

    @Test func aHeldHeightEndsWithTheNextGestureAndKeepsTheSelection() throws {
        var o = SheetOptions()
        o.dragRegion = .grabber
        var s = try presented(detents: [.fit, .large], options: o)
        try s.snapTo(height: 400, at: 0)
        #expect(s.state.rest == .height(400, detent: "fit"))
        try s.pan(.began, translation: Vector(x: 0, y: 0), source: .grabber, at: 10)
        #expect(s.state.rest == .detent("fit"))
        try s.pan(.changed, translation: Vector(x: 0, y: 30), source: .grabber, at: 20)
        try s.configure(detents: [.fit, .medium], at: 30)
        #expect(s.state.pendingDetents == PendingDetents(detents: [.fit, .medium]))
    }

    @Test func aSnapWhileTheKeyboardRaisedTheSheetForgetsTheDetentToReturnTo() throws {
        var s = try presented(detents: [.medium, .large])
        s.setKeyboard(height: 300, timing: BezierTiming(duration: 0, curve: .linear), at: 0)
        #expect(s.state.rest == .keyboardRaised(detent: "large", returnTo: "medium"))
        try s.snapTo(height: 500, at: 10)
        #expect(s.state.rest == .height(500, detent: "large"))
        s.setKeyboard(height: 0, timing: BezierTiming(duration: 0, curve: .linear), at: 20)
        #expect(s.state.rest == .height(500, detent: "large"))
    }
}

/// Options that change detent heights move the sheet like a detent change.
@Suite struct LiveOptionsTests {
    @Test func aLargeTopGapChangeMovesTheSheet() throws {
        var s = try presented(detents: [.large])
        #expect(s.frame().sheet.y == 57)
        var o = s.state.setup.options
        o.largeTopGap = 100
        try s.configure(options: o, animated: false, at: 10)
        #expect(s.frame().sheet.y == 147)
    }

    @Test func aKeyboardModeChangeWhileTheKeyboardShowsMovesTheSheet() throws {
        var s = try presented()
        s.setKeyboard(height: 300, timing: BezierTiming(duration: 0, curve: .linear), at: 0)
        #expect(s.frame().sheet.y == 210)
        var o = s.state.setup.options
        o.keyboardSetting = KeyboardMode.none
        try s.configure(options: o, at: 10)
        settle(&s, from: 10)
        #expect(s.frame().sheet.y == 510)
    }
}
