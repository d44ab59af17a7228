import Testing
import SheetCore

/// `sheet.snapTo` on a detached sheet measures heights as its detents do (the visible height
/// above the bottom margin), and no frame ever has a rect of negative size.
@Suite struct DetachedSnapTests {
    private static func detached(horizontal: Double = 0, bottom: Double = 100) throws -> Sheet {
        var o = SheetOptions()
        o.detached = DetachedMargins(horizontal: horizontal, bottom: bottom)
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: 300, options: o))
        try s.present(at: 0, animated: false)
        return s
    }

    @Test func snapToHeightIsTheVisibleHeightAboveTheMargin() throws {
        var s = try Self.detached()
        try s.snapTo(height: 100, animated: false, at: 10)
        #expect(s.frame().sheet == Rect(x: 0, y: 644, width: 390, height: 100))
        try s.snapTo(height: 0, animated: false, at: 20)
        #expect(s.frame().sheet == Rect(x: 0, y: 744, width: 390, height: 0))
        try s.snapTo(height: -50, animated: false, at: 30)
        #expect(s.frame().sheet == Rect(x: 0, y: 744, width: 390, height: 0))
        // Clamped to what the layout allows: up to the top safe area (844 - 47 - 100 visible).
        try s.snapTo(height: 5000, animated: false, at: 40)
        #expect(s.frame().sheet == Rect(x: 0, y: 47, width: 390, height: 697))
    }

    @Test func anAnimatedSnapToZeroNeverHasANegativeHeight() throws {
        var s = try Self.detached()
        try s.snapTo(height: 0, at: 10)
        var t = 10.0
        while s.isActive {
            t += 6
            s.advance(to: t)
            #expect(s.frame().sheet.height >= 0)
        }
        #expect(s.frame().sheet == Rect(x: 0, y: 744, width: 390, height: 0))
    }

    /// Random containers, layouts (full width, page sheet, detached with random margins),
    /// detents, snapTo heights (negative, zero, beyond the container), keyboards, drags and
    /// dismissals: every rect in every frame has a non-negative width and height.
    @Test(arguments: 0..<40)
    func everyFrameRectIsNonNegative(seed: Int) throws {
        var rng = SplitMix64(state: UInt64(seed) &* 104_729 &+ 3)
        let containers = [phone, Container(width: 1024, height: 1366, safeArea: Insets(top: 24, bottom: 20)),
                          Container(width: 844, height: 390, safeArea: Insets(bottom: 21, left: 47, right: 47))]
        let c = rng.pick(containers)
        var o = SheetOptions()
        if rng.unit() < 0.8 {
            o.detached = DetachedMargins(horizontal: rng.range(0, c.width / 2 - 1),
                                         bottom: rng.range(0, c.height - c.safeArea.top - 1))
        }
        if rng.unit() < 0.3 { o.footerHeight = rng.range(0, 200) }
        let detentSets: [[DetentSpec]] = [[.fit], [.fit, .medium, .large], [.height(id: "peek", points: 20), .large]]
        let nav = rng.unit() < 0.3 ? [NavEntry(id: "root", preferredHeight: rng.range(0, 600))] : []
        var s = try Sheet(setup: SheetSetup(container: c, contentHeight: rng.range(0, 1500),
                                            detents: rng.pick(detentSets), options: o, navigation: nav))
        var t = 0.0, translation = 0.0
        for _ in 0..<150 {
            t += rng.pick([0, 6, 16, 33, 100])
            switch rng.next() % 8 {
            case 0: try? s.present(at: t, animated: rng.unit() < 0.7)
            case 1, 2: try? s.snapTo(height: rng.pick([0, -30, rng.range(0, c.height * 1.5)]), animated: rng.unit() < 0.7, at: t)
            case 3: try? s.dismiss(at: t, animated: rng.unit() < 0.8)
            case 4:
                translation = rng.range(-400, 400)
                try? s.pan(.began, translation: Vector(x: 0, y: 0), at: t)
                try? s.pan(.changed, translation: Vector(x: 0, y: translation), at: t + 8)
                try? s.pan(.ended, translation: Vector(x: 0, y: translation),
                           velocity: Vector(x: 0, y: rng.range(-3000, 3000)), at: t + 16)
                t += 16
            case 5: s.setKeyboard(height: rng.pick([0, 300]), timing: BezierTiming(duration: 250, curve: .easeInOut), at: t)
            case 6: try? s.selectDetent(rng.pick(s.detents).id, at: t, animated: rng.unit() < 0.7)
            default: s.advance(to: t)
            }
            let f = s.frame()
            #expect(f.sheet.width >= 0 && f.sheet.height >= 0, "seed \(seed) t \(t): \(f.sheet)")
            for item in f.nav.items { #expect(item.width >= 0 && item.height >= 0, "seed \(seed) t \(t): \(item)") }
        }
    }
}
