import Testing
import SheetCore

private func release(_ position: Double, _ velocity: Double, detents: [Double] = [334],
                     origin: Int? = 0, extent: Double? = nil,
                     dismissible: Bool = true) -> ReleaseInput {
    ReleaseInput(axis: .vertical, position: position, velocity: velocity,
                 translation: position - (origin.map { detents[$0] } ?? position),
                 detents: detents, originIndex: origin, extent: extent ?? detents[0],
                 dismissible: dismissible)
}

private func numbers(_ pairs: [String: Double]) -> PolicyConfig {
    PolicyConfig(values: pairs.mapValues { .number($0) })
}

@Suite struct DecelerationDismissalTests {
    let policy = DecelerationDismissal()

    @Test func joomCases() throws {
        #expect(policy.name == "deceleration")
        // A 160-pt drag of a 334-pt sheet cancels, a 170-pt drag dismisses.
        #expect(try policy.decide(release(174, 0)).target == .detent(0))
        #expect(try policy.decide(release(164, 0)).target == .dismiss)
        // 294 - 900²/1600 = -212.25 → dismiss.
        #expect(try policy.decide(release(294, -900)).target == .dismiss)
        // 134 + 700²/1600 = 440.25 → back to the only detent.
        #expect(try policy.decide(release(134, 700)).target == .detent(0))
        #expect(try policy.decide(release(134, 700)).settle == nil)
    }

    @Test func projection() {
        #expect(policy.projectedPosition(position: 294, velocity: -900) == -212.25)
        #expect(policy.projectedPosition(position: 134, velocity: 700) == 440.25)
    }

    @Test func boundaryIsInclusive() throws {
        #expect(try policy.decide(release(167, 0)).target == .dismiss)
        #expect(try policy.decide(release(167.001, 0)).target == .detent(0))
    }

    @Test func nearestDetentToProjection() throws {
        let detents: [Double] = [334, 422, 797]
        #expect(try policy.decide(release(500, 0, detents: detents, origin: 1)).target == .detent(1))
        // 500 + 800²/1600 = 900 → 797
        #expect(try policy.decide(release(500, 800, detents: detents, origin: 1)).target == .detent(2))
        // 700 - 600²/1600 = 475 → 422
        #expect(try policy.decide(release(700, -600, detents: detents, origin: 2)).target == .detent(1))
        // 390 - 200²/1600 = 365 → 334 (31) over 422 (57)
        #expect(try policy.decide(release(390, -200, detents: detents, origin: 1)).target == .detent(0))
        // 797 - 2000²/1600 = -1703 → dismiss from the top
        #expect(try policy.decide(release(797, -2000, detents: detents, origin: 2)).target == .dismiss)
    }

    @Test func notDismissibleGoesToSmallest() throws {
        #expect(try policy.decide(release(294, -900, dismissible: false)).target == .detent(0))
        #expect(try policy.decide(release(10, 0, detents: [334, 797], dismissible: false)).target == .detent(0))
    }

    @Test func config() throws {
        let p = DecelerationDismissal(config: numbers(["deceleration": 1600, "threshold": 0.3]))
        #expect(p.deceleration == 1600 && p.threshold == 0.3)
        // threshold 0.3: dismiss at or below 334 * 0.7 = 233.8
        #expect(try p.decide(release(230, 0)).target == .dismiss)
        #expect(try p.decide(release(240, 0)).target == .detent(0))
        // 300 - 900²/3200 = 46.875 → dismiss; 330 - 400²/3200 = 280 → stay
        #expect(try p.decide(release(300, -900)).target == .dismiss)
        #expect(try p.decide(release(330, -400)).target == .detent(0))
    }

    @Test func nonsenseConfigIsClamped() {
        let p = DecelerationDismissal(config: numbers(["deceleration": -5, "threshold": 7]))
        #expect(p.deceleration == 1 && p.threshold == 0.99)
        let q = DecelerationDismissal(config: PolicyConfig(values: ["deceleration": .string("x")]))
        #expect(q.deceleration == 800)
    }

    @Test func nonFiniteVelocityCountsAsZero() throws {
        #expect(try policy.decide(release(174, .nan)).target == .detent(0))
    }
}

@Suite struct ProjectionDismissalTests {
    let policy = ProjectionDismissal()
    let detents: [Double] = [334, 422, 797]

    @Test func projectedOffset() {
        #expect(policy.name == "projection")
        // r / (1 - r) = 499 for r = 0.998
        #expect(abs(policy.projectedOffset(velocity: 1000) - 499) < 1e-9)
        let fast = ProjectionDismissal(config: numbers(["decelerationRate": 0.99]))
        #expect(abs(fast.projectedOffset(velocity: 1000) - 99) < 1e-9)
    }

    @Test func singleDetent() throws {
        #expect(try policy.decide(release(334, 0)).target == .detent(0))
        // 334 - 199.6 = 134.4 < 167 → dismiss
        #expect(try policy.decide(release(334, -400)).target == .dismiss)
        // 334 - 149.7 = 184.3 > 167 → stay
        #expect(try policy.decide(release(334, -300)).target == .detent(0))
        // 174 → stays, 164 → dismisses (midpoint 167)
        #expect(try policy.decide(release(174, 0)).target == .detent(0))
        #expect(try policy.decide(release(164, 0)).target == .dismiss)
        #expect(try policy.decide(release(167, 0)).target == .dismiss)
        // not dismissible: the only rung
        #expect(try policy.decide(release(100, -3000, dismissible: false)).target == .detent(0))
    }

    @Test func rungsAndMidpoints() throws {
        // From 422 (rung 1): midpoints 378 below, 609.5 above.
        #expect(try policy.decide(release(422, 0, detents: detents, origin: 1)).target == .detent(1))
        // 422 + 0.499 * 400 = 621.6 ≥ 609.5 → 797
        #expect(try policy.decide(release(422, 400, detents: detents, origin: 1)).target == .detent(2))
        // 422 + 0.499 * 350 = 596.65 < 609.5 → stay
        #expect(try policy.decide(release(422, 350, detents: detents, origin: 1)).target == .detent(1))
        // 422 - 0.499 * 100 = 372.1 ≤ 378 → 334
        #expect(try policy.decide(release(422, -100, detents: detents, origin: 1)).target == .detent(0))
        // 422 - 0.499 * 80 = 382.08 > 378 → stay
        #expect(try policy.decide(release(422, -80, detents: detents, origin: 1)).target == .detent(1))
    }

    @Test func neverSkipsMoreThanOneRung() throws {
        // 334 + 998 = 1332 would be past 797, but from rung 0 only rung 1 is reachable.
        #expect(try policy.decide(release(334, 2000, detents: detents, origin: 0)).target == .detent(1))
        // 422 - 998 = -576 would dismiss, but from rung 1 only rung 0 is reachable.
        #expect(try policy.decide(release(422, -2000, detents: detents, origin: 1)).target == .detent(0))
        // From the top, a hard fling reaches 422 only.
        #expect(try policy.decide(release(797, -5000, detents: detents, origin: 2)).target == .detent(1))
        // From 334 a hard fling down dismisses (one rung).
        #expect(try policy.decide(release(334, -5000, detents: detents, origin: 0)).target == .dismiss)
    }

    @Test func originDefaultsToNearestRung() throws {
        // 500: nearest rung 422; boundary above at 609.5.
        #expect(try policy.decide(release(500, 0, detents: detents, origin: nil)).target == .detent(1))
        // 500 + 149.7 = 649.7 → 797
        #expect(try policy.decide(release(500, 300, detents: detents, origin: nil)).target == .detent(2))
        // 60: nearest rung is dismissal (0); -1 rung + 1 = detent 0 at most
        #expect(try policy.decide(release(60, 5000, detents: detents, origin: nil)).target == .detent(0))
        #expect(try policy.decide(release(60, 0, detents: detents, origin: nil)).target == .dismiss)
    }

    @Test func slowDragAcrossDetentsLandsWhereTheFingerIs() throws {
        // Dragged from 334 all the way to 790 and released still: 797.
        #expect(try policy.decide(release(790, 0, detents: detents, origin: 0)).target == .detent(2))
    }

    @Test func thresholdIsRedirectionalProgress() throws {
        let p = ProjectionDismissal(config: numbers(["threshold": 0.25]))
        // Up from 422: boundary 422 + 0.25 * 375 = 515.75; 422 + 99.8 = 521.8 → 797
        #expect(try p.decide(release(422, 200, detents: detents, origin: 1)).target == .detent(2))
        #expect(try policy.decide(release(422, 200, detents: detents, origin: 1)).target == .detent(1))
        // Down from 422: boundary 422 - 0.25 * 88 = 400; 422 - 29.94 = 392.06 → 334
        #expect(try p.decide(release(422, -60, detents: detents, origin: 1)).target == .detent(0))
        #expect(try policy.decide(release(422, -60, detents: detents, origin: 1)).target == .detent(1))
        // Dismissal from 334 at 0.25: boundary 250.5
        #expect(try p.decide(release(250, 0)).target == .dismiss)
        #expect(try p.decide(release(260, 0)).target == .detent(0))
    }

    @Test func fastRateProjectsLess() throws {
        let fast = ProjectionDismissal(config: numbers(["decelerationRate": 0.99]))
        // 334 - 99 = 235 → stay; the default rate projects 334 - 499 → dismiss.
        #expect(try fast.decide(release(334, -1000)).target == .detent(0))
        #expect(try policy.decide(release(334, -1000)).target == .dismiss)
    }

    @Test func notDismissibleLadderStartsAtSmallestDetent() throws {
        #expect(try policy.decide(release(334, -5000, detents: detents, origin: 0,
                                          dismissible: false)).target == .detent(0))
        #expect(try policy.decide(release(200, -500, detents: detents, origin: nil,
                                          dismissible: false)).target == .detent(0))
    }

    @Test func nonsenseConfigIsClamped() {
        let p = ProjectionDismissal(config: numbers(["decelerationRate": 5, "threshold": -1]))
        #expect(p.decelerationRate == 0.9999 && p.threshold == 0.01)
        let q = ProjectionDismissal(config: numbers(["decelerationRate": 0]))
        #expect(q.decelerationRate == 0.9)
    }

    @Test func outOfRangeOriginIsClamped() throws {
        #expect(try policy.decide(release(797, 0, detents: detents, origin: nil)).target == .detent(2))
        let input = ReleaseInput(axis: .vertical, position: 797, velocity: 0, translation: 0,
                                 detents: detents, originIndex: 9, extent: 334, dismissible: true)
        #expect(try policy.decide(input).target == .detent(2))
    }
}

@Suite struct EdgeScrollHandoffTests {
    let policy = EdgeScrollHandoff()

    /// A scrolling list (content 2000 in a 600 viewport) at its top, sheet resting at 422
    /// of detents [422, 797], finger down and moving down.
    func input(phase: ScrollHandoffInput.Phase = .scrolled, offsetY: Double = -20,
               contentHeight: Double = 2000, isTracking: Bool = true, deltaY: Double = 4,
               sheetOwns: Bool = false, position: Double = 422, restingPosition: Double = 422,
               expandsAtEdge: Bool = true) -> ScrollHandoffInput {
        ScrollHandoffInput(phase: phase, offsetY: offsetY, insetTop: 20,
                           contentHeight: contentHeight, viewportHeight: 600,
                           isTracking: isTracking, translationY: 10, deltaY: deltaY,
                           sheetOwns: sheetOwns, position: position, detents: [422, 797],
                           restingPosition: restingPosition, expandsAtEdge: expandsAtEdge)
    }

    @Test func momentumNeverMovesTheSheet() throws {
        #expect(policy.name == "edge")
        #expect(try policy.owner(input(isTracking: false)) == .list)
        #expect(try policy.owner(input(contentHeight: 100, isTracking: false, sheetOwns: true)) == .list)
    }

    @Test func dragEndedGoesToTheList() throws {
        #expect(try policy.owner(input(phase: .dragEnded, sheetOwns: true)) == .list)
    }

    @Test func contentThatFitsMovesTheSheet() throws {
        #expect(try policy.owner(input(offsetY: 100, contentHeight: 500, deltaY: -3)) == .sheet)
        #expect(try policy.owner(input(contentHeight: 600, deltaY: 0)) == .sheet)
    }

    @Test func fingerDown() throws {
        #expect(try policy.owner(input(offsetY: -20, deltaY: 5)) == .sheet)     // at top
        #expect(try policy.owner(input(offsetY: -19.6, deltaY: 5)) == .sheet)   // within 0.5
        #expect(try policy.owner(input(offsetY: 300, deltaY: 5)) == .list)      // scrolled
        #expect(try policy.owner(input(offsetY: 300, deltaY: 5, sheetOwns: true)) == .sheet)
    }

    @Test func fingerUpExpandsFirst() throws {
        #expect(try policy.owner(input(offsetY: -20, deltaY: -5, position: 422)) == .sheet)
        #expect(try policy.owner(input(offsetY: -20, deltaY: -5, position: 796.6)) == .list)
        #expect(try policy.owner(input(offsetY: -20, deltaY: -5, position: 797)) == .list)
        #expect(try policy.owner(input(offsetY: -20, deltaY: -5, expandsAtEdge: false)) == .list)
    }

    @Test func fingerUpBringsADraggedSheetBackFirst() throws {
        // The sheet was pulled down from 797 to 700 and the finger turns up.
        let base = input(offsetY: -20, deltaY: -5, sheetOwns: true, position: 700,
                         restingPosition: 797, expandsAtEdge: false)
        #expect(try policy.owner(base) == .sheet)
        var back = base
        back.position = 796.8
        #expect(try policy.owner(back) == .list)
        var notOwned = base
        notOwned.sheetOwns = false
        #expect(try policy.owner(notOwned) == .list)
    }

    @Test func noMovementKeepsTheOwner() throws {
        #expect(try policy.owner(input(deltaY: 0, sheetOwns: true)) == .sheet)
        #expect(try policy.owner(input(deltaY: 0, sheetOwns: false)) == .list)
    }

    @Test func toleranceConfig() throws {
        let p = EdgeScrollHandoff(config: numbers(["tolerance": 5]))
        #expect(p.tolerance == 5)
        #expect(try p.owner(input(deltaY: -5, position: 793)) == .list)
        #expect(EdgeScrollHandoff(config: numbers(["tolerance": -1])).tolerance == 0)
    }
}

@Suite struct NavigationAnimatorTests {
    @Test func slideTimingAndCurve() throws {
        let slide = SlideAnimator()
        #expect(slide.name == "slide")
        for op in [NavigationOperation.push, .pop] {
            let timing = try slide.timing(for: op)
            #expect(timing.duration == 350)
            #expect(timing.curve == CubicBezier(0.2, 1, 0.42, 1))
        }
        let p = try slide.timing(for: .push).curve.value(at: 0.25)
        #expect(abs(p - 0.7538) < 5e-5)
        #expect(abs(p - 0.7538196558963037) < 1e-6)
        let layout = try slide.layout(NavigationInput(operation: .push, progress: p, width: 390,
                                                      fromHeight: 300, toHeight: 500))
        #expect(abs(layout.to.x - 390 * (1 - 0.7538196558963037)) < 1e-3)
        #expect(abs(layout.to.x - 96.0103) < 1e-3)
        #expect(abs(layout.from.x - (-0.3 * 390 * p)) < 1e-12)
        #expect(layout.separatorX == nil && layout.from.alpha == 1 && layout.to.alpha == 1)
    }

    @Test func slidePushAndPopEnds() throws {
        let slide = SlideAnimator()
        func at(_ op: NavigationOperation, _ p: Double) throws -> NavigationLayout {
            try slide.layout(NavigationInput(operation: op, progress: p, width: 400,
                                             fromHeight: 300, toHeight: 600))
        }
        #expect(try at(.push, 0) == NavigationLayout(from: .init(x: 0), to: .init(x: 400)))
        #expect(try at(.push, 1) == NavigationLayout(from: .init(x: -120), to: .init(x: 0)))
        #expect(try at(.pop, 0) == NavigationLayout(from: .init(x: 0), to: .init(x: -120)))
        #expect(try at(.pop, 1) == NavigationLayout(from: .init(x: 400), to: .init(x: 0)))
        #expect(try at(.pop, 0.5) == NavigationLayout(from: .init(x: 200), to: .init(x: -60)))
    }

    @Test func slideConfig() throws {
        let slide = SlideAnimator(config: numbers(["duration": 500, "parallax": 0.5]))
        #expect(try slide.timing(for: .pop).duration == 500)
        let l = try slide.layout(NavigationInput(operation: .push, progress: 1, width: 400,
                                                 fromHeight: 1, toHeight: 1))
        #expect(l.from.x == -200)
        let clamped = SlideAnimator(config: numbers(["duration": -3, "parallax": 4]))
        #expect(clamped.duration == 0 && clamped.parallax == 1)
    }

    @Test func coverLayout() throws {
        let cover = CoverAnimator()
        #expect(cover.name == "cover")
        #expect(try cover.timing(for: .push) == BezierTiming(duration: 250, curve: .linear))
        #expect(try cover.timing(for: .pop) == BezierTiming(duration: 250, curve: .linear))
        let push = try cover.layout(NavigationInput(operation: .push, progress: 0.25, width: 400,
                                                    fromHeight: 200, toHeight: 600))
        #expect(push == NavigationLayout(from: .init(x: -100), to: .init(x: 300),
                                         separatorX: 300))
        let pop = try cover.layout(NavigationInput(operation: .pop, progress: 0.25, width: 400,
                                                   fromHeight: 600, toHeight: 200))
        #expect(pop == NavigationLayout(from: .init(x: 100), to: .init(x: -300),
                                        separatorX: 100))
        #expect(CoverAnimator(config: numbers(["duration": 100])).duration == 100)
    }

    @Test func nonFiniteInputFaults() {
        #expect(throws: PolicyFault.self) {
            try SlideAnimator().layout(NavigationInput(operation: .push, progress: .nan, width: 1,
                                                       fromHeight: 1, toHeight: 1))
        }
        #expect(throws: PolicyFault.self) {
            try CoverAnimator().layout(NavigationInput(operation: .pop, progress: 0, width: .infinity,
                                                       fromHeight: 1, toHeight: 1))
        }
    }
}

@Suite struct BuiltinPoliciesTests {
    @Test func namesAndDefaults() {
        #expect(BuiltinPolicies.dismissalNames == ["deceleration", "projection"])
        #expect(BuiltinPolicies.scrollHandoffNames == ["edge"])
        #expect(BuiltinPolicies.navigationNames == ["slide", "cover"])
        #expect(BuiltinPolicies.dismissalNames.contains(BuiltinPolicies.defaultDismissal))
        #expect(BuiltinPolicies.scrollHandoffNames.contains(BuiltinPolicies.defaultScrollHandoff))
        #expect(BuiltinPolicies.navigationNames.contains(BuiltinPolicies.defaultNavigation))
    }

    @Test func lookupByNameReturnsThatPolicy() {
        for n in BuiltinPolicies.dismissalNames {
            #expect(BuiltinPolicies.dismissal(named: n, config: .empty)?.name == n)
        }
        for n in BuiltinPolicies.scrollHandoffNames {
            #expect(BuiltinPolicies.scrollHandoff(named: n, config: .empty)?.name == n)
        }
        for n in BuiltinPolicies.navigationNames {
            #expect(BuiltinPolicies.navigation(named: n, config: .empty)?.name == n)
        }
        #expect(BuiltinPolicies.dismissal(named: "material", config: .empty) == nil)
        #expect(BuiltinPolicies.scrollHandoff(named: "slide", config: .empty) == nil)
        #expect(BuiltinPolicies.navigation(named: "", config: .empty) == nil)
    }

    @Test func lookupPassesTheConfig() throws {
        let p = BuiltinPolicies.dismissal(named: "deceleration", config: numbers(["threshold": 0.3]))
        #expect((p as? DecelerationDismissal)?.threshold == 0.3)
        let a = BuiltinPolicies.navigation(named: "cover", config: numbers(["duration": 90]))
        #expect(try a?.timing(for: .push).duration == 90)
    }
}
