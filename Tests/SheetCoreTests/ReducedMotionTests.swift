import Testing
import SheetCore

/// `options.reduceMotion`: presents and dismissals fade in place (`opacity`), settles are
/// critically damped and never overshoot, navigation cross-fades; with it off nothing changes.
@Suite struct ReducedMotionTests {
    static func reduced(_ options: SheetOptions = SheetOptions()) -> SheetOptions {
        var o = options
        o.reduceMotion = true
        return o
    }

    static func intents(_ events: [SheetEvent]) -> [SettleIntent] {
        events.compactMap { if case .willSettle(let i) = $0.kind { return i } else { return nil } }
    }

    @Test func aPresentIsAtItsRestRectAtOnceAndFadesInOverThePresentDuration() throws {
        var s = try makeSheet(options: Self.reduced())
        #expect(s.frame().opacity == 0)
        try s.present(at: 0)
        let intent = try #require(Self.intents(s.takeOutput().events).first)
        #expect(intent.rest == Rect(x: 0, y: 510, width: 390, height: 334) && intent.durationMs == 300)
        var opacities: [Double] = []
        for t in stride(from: 0.0, through: 300, by: 50) {
            s.advance(to: t)
            let f = s.frame()
            #expect(f.sheet.y == 510, "at \(t)")  // in place from the first frame
            opacities.append(try #require(f.opacity))
            #expect(f.dimming.alpha == ((0.6 * f.opacity!) * 10000).rounded() / 10000 || abs(f.dimming.alpha - 0.6 * f.opacity!) < 1e-4)
            #expect(f.progress == f.opacity)
        }
        // easeInOut over 300 ms: 0, 0.0561, 0.2318, 0.5, 0.7682, 0.9439, 1.
        #expect(opacities == [0, 0.0561, 0.2318, 0.5, 0.7682, 0.9439, 1])
        #expect(s.phase == .presented)
        #expect(s.takeOutput().events.map(\.kind.type) == ["presented"])
    }

    @Test func aDismissFadesOutInPlaceAndEndsDismissed() throws {
        var s = try presented(detents: [.fit, .large], options: Self.reduced())
        #expect(s.frame().opacity == 1)
        try s.dismiss(at: 1000)
        let intent = try #require(Self.intents(s.takeOutput().events).first)
        #expect(intent.dismisses && intent.rest.y == 844 && intent.durationMs == 300)
        s.advance(to: 1150)
        #expect(s.phase == .dismissing && s.frame().sheet.y == 510 && s.frame().opacity == 0.5)
        #expect(s.frame().dimming.alpha == 0.3)
        s.advance(to: 1300)
        #expect(s.phase == .dismissed && s.frame().sheet.y == 844 && s.frame().opacity == 0)
        #expect(s.takeOutput().events.map(\.kind.type) == ["dismissed"])
    }

    @Test func aPresentReversingAFadeOutFadesBackFromTheCurrentOpacity() throws {
        var s = try presented(options: Self.reduced())
        try s.dismiss(at: 1000)
        s.advance(to: 1150)  // opacity 0.5
        _ = s.takeOutput()
        try s.present(at: 1150)
        let intent = try #require(Self.intents(s.takeOutput().events).first)
        #expect(intent.durationMs == 150)  // half the way back: half the duration
        s.advance(to: 1150)
        #expect(s.frame().opacity == 0.5)
        settle(&s, from: 1150)
        #expect(s.frame().opacity == 1 && s.phase == .presented)
        #expect(s.takeOutput().events.map(\.kind.type) == ["dismissCancelled"])
    }

    @Test func aDismissingReleaseFadesOutFromWhereTheFingerLeftTheSheet() throws {
        var s = try presented(options: Self.reduced())
        try drag(&s, by: 200, velocity: 1500, at: 1000)  // released at y 710
        #expect(s.phase == .dismissing)
        let intent = try #require(Self.intents(s.takeOutput().events).last)
        #expect(intent.trigger == .release && intent.dismisses && intent.durationMs == 300)
        s.advance(to: 1032 + 150)
        #expect(s.frame().sheet.y == 710 && s.frame().opacity == 0.5)
        settle(&s, from: 1182)
        #expect(s.phase == .dismissed && s.frame().opacity == 0)
    }

    @Test func aReleaseSettlesCriticallyDampedWithoutOvershoot() throws {
        var bouncy = SheetOptions()
        bouncy.settleSpring = Spring(dampingRatio: 0.3, response: 400)
        // Flung up hard toward large from fit: a bouncy spring passes y 57; reduced motion never does.
        func minY(_ options: SheetOptions) throws -> Double {
            var s = try presented(detents: [.fit, .large], options: options)
            try drag(&s, by: -100, velocity: -6000, at: 1000)
            var lowest = Double.infinity
            var t = 1032.0
            while s.isActive {
                t += 1
                s.advance(to: t)
                lowest = min(lowest, s.frame().sheet.y)
            }
            #expect(s.frame().sheet.y == 57)
            return lowest
        }
        #expect(try minY(bouncy) < 50)
        #expect(try minY(Self.reduced(bouncy)) == 57)
        #expect(try minY(Self.reduced()) == 57)
    }

    @Test func selectDetentIsCriticallyDampedWithTheSettleSpringsResponse() throws {
        var bouncy = SheetOptions()
        bouncy.settleSpring = Spring(dampingRatio: 0.3, response: 400)
        var s = try presented(detents: [.fit, .large], options: Self.reduced(bouncy))
        try s.selectDetent("large", at: 1000)
        let intent = try #require(Self.intents(s.takeOutput().events).first)
        // The critically damped 400 ms spring over 453 pt: within 0.5 pt after 581 ms.
        var critical = try presented(detents: [.fit, .large],
                                     options: { var o = SheetOptions(); o.settleSpring = Spring(dampingRatio: 1, response: 400); return o }())
        try critical.selectDetent("large", at: 1000)
        #expect(intent.durationMs == Self.intents(critical.takeOutput().events).first?.durationMs)
        for t in stride(from: 1000.0, through: 2500, by: 4) {
            s.advance(to: t)
            critical.advance(to: t)
            #expect(s.frame().sheet.y >= 57)
            #expect(s.frame().sheet == critical.frame().sheet)
        }
    }

    @Test func aReleasesWillSettleDurationIsExactForTheCriticallyDampedSettle() throws {
        var bouncy = SheetOptions()
        bouncy.settleSpring = Spring(dampingRatio: 0.3, response: 400)
        var s = try presented(detents: [.fit, .medium, .large], options: Self.reduced(bouncy))
        try drag(&s, by: -250, velocity: -3000, at: 1000)
        let intent = try #require(Self.intents(s.takeOutput().events).last)
        #expect(intent.trigger == .release && intent.detent == "large")
        ReleaseIntentTests.checkDuration(&s, start: 1032, intent)
    }

    @Test func aSpringPresentTimingFadesAlongThatSpringWithinZeroAndOne() throws {
        var options = Self.reduced()
        options.presentTiming = .spring(Spring(dampingRatio: 0.4, response: 300))
        var s = try makeSheet(options: options)
        try s.present(at: 0)
        var t = 0.0
        while s.isActive {
            t += 4
            s.advance(to: t)
            let o = try #require(s.frame().opacity)
            #expect((0...1).contains(o) && s.frame().sheet.y == 510)
        }
        #expect(s.phase == .presented && s.frame().opacity == 1)
    }

    @Test func dragsFollowTheFingerAsAlways() throws {
        var plain = try presented()
        var reduced = try presented(options: Self.reduced())
        try plain.pan(.began, translation: Vector(x: 0, y: 0), at: 1000)
        try reduced.pan(.began, translation: Vector(x: 0, y: 0), at: 1000)
        try plain.pan(.changed, translation: Vector(x: 0, y: 120), at: 1016)
        try reduced.pan(.changed, translation: Vector(x: 0, y: 120), at: 1016)
        var f = reduced.frame()
        #expect(f.opacity == 1)
        f.opacity = nil
        #expect(f == plain.frame())
    }

    @Test func navigationCrossFadesInsteadOfSliding() throws {
        let entries = [NavEntry(id: "a", preferredHeight: 300)]
        var s = try Sheet(setup: SheetSetup(container: phone, options: Self.reduced(), navigation: entries))
        try s.present(at: 0, animated: false)
        try s.push(NavEntry(id: "b", preferredHeight: 400), at: 100)
        var alphas: [[Double]] = []
        for t in stride(from: 100.0, through: 800, by: 50) {
            s.advance(to: t)
            let items = s.frame().nav.items
            if items.count == 2 {
                #expect(items.allSatisfy { $0.x == 0 }, "no slide at \(t)")
                #expect(abs(items[0].alpha + items[1].alpha - 1) < 2e-4)
                alphas.append(items.map { $0.alpha })
            }
            #expect(s.frame().nav.separatorX == nil)
        }
        #expect(alphas.count >= 3)
        #expect(alphas.first?[1] == 0)  // the incoming entry starts transparent
        #expect(zip(alphas, alphas.dropFirst()).allSatisfy { $0[1] <= $1[1] })
        #expect(s.frame().nav.items.map { $0.id } == ["b"])
    }

    @Test func withItOffFramesCarryNoOpacity() throws {
        var s = try makeSheet()
        try s.present(at: 0)
        s.advance(to: 150)
        #expect(s.frame().opacity == nil)
        #expect(s.frame().sheet.y == 677)
    }
}
