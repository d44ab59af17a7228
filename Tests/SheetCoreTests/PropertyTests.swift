import Testing
import SheetCore

/// SplitMix64: a small deterministic generator, so every run checks the same streams.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func pick<T>(_ xs: [T]) -> T { xs[Int(next() % UInt64(xs.count))] }
}

@Suite struct PropertyTests {
    /// Random streams of gestures, commands, scrolls, keyboard and content changes: no NaN,
    /// the sheet stays within [safe.top - rubber band, container.height], and it always comes
    /// to rest once the input stops.
    @Test(arguments: 0..<40)
    func randomStreamsStayBoundedAndComeToRest(seed: Int) throws {
        var rng = SplitMix64(state: UInt64(seed) &* 7919 &+ 17)
        let detentSets: [[DetentSpec]] = [[.fit], [.fit, .medium, .large], [.medium, .large],
                                          [.height(id: "peek", points: 120), .fraction(id: "most", value: 0.8)]]
        var options = SheetOptions()
        options.dismissible = rng.unit() < 0.8
        options.scrollExpandsAtEdge = rng.unit() < 0.5
        options.tapDimming = rng.pick(TapDimming.allCases)
        options.keyboardSetting = rng.unit() < 0.3 ? nil : rng.pick(KeyboardMode.allCases)
        options.keyboardRestore = rng.unit() < 0.7
        options.dragRegion = rng.unit() < 0.8 ? .sheet : .grabber
        options.reduceMotion = seed % 4 == 3  // every fourth stream under reduced motion (no draw: the streams stay)
        let nav = rng.unit() < 0.3 ? [NavEntry(id: "root", preferredHeight: rng.range(50, 600))] : []
        let dismissal: any DismissalPolicy = rng.unit() < 0.5 ? DecelerationDismissal() : ProjectionDismissal()
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: rng.range(0, 1500),
                                            detents: rng.pick(detentSets), options: options, navigation: nav),
                          policies: SheetPolicies(dismissal: dismissal))
        var t = 0.0
        var translation = 0.0
        var scrollTranslation = 0.0
        var pushed = 0
        // Rubber band can lift the sheet above its largest detent by at most the container height.
        let lowest = phone.safeArea.top - phone.height
        func check() {
            let f = s.frame()
            for v in [f.sheet.x, f.sheet.y, f.sheet.width, f.sheet.height, f.dimming.alpha, f.progress, f.grabber.y] {
                #expect(v.isFinite, "seed \(seed) t \(t)")
            }
            #expect(f.sheet.y <= phone.height + 0.001, "seed \(seed) t \(t): y \(f.sheet.y)")
            #expect(f.sheet.y >= lowest, "seed \(seed) t \(t): y \(f.sheet.y)")
            #expect((0...1).contains(f.dimming.alpha) && (0...1).contains(f.progress))
            #expect((f.opacity != nil) == options.reduceMotion && (0...1).contains(f.opacity ?? 0))
            // A finger never pulls the sheet's top above the container's top.
            if f.state == .dragging && s.state.drag?.source != .leftEdge { #expect(f.sheet.y >= 0, "seed \(seed) t \(t)") }
            #expect(f.position.index >= -1 && f.position.index <= Double(s.detents.count - 1))
            #expect(f.position.fraction.isFinite && f.keyboard.overlap >= 0 && f.keyboard.overlap <= f.keyboard.height)
            for item in f.nav.items { #expect(item.x.isFinite && item.height.isFinite) }
        }
        for _ in 0..<200 {
            t += rng.pick([0, 1, 8, 16, 16, 33, 100])
            switch rng.next() % 16 {
            case 0: try? s.present(at: t, animated: rng.unit() < 0.8)
            case 1: try? s.dismiss(at: t, animated: rng.unit() < 0.8)
            case 2:
                translation = 0
                try? s.pan(.began, translation: Vector(x: 0, y: 0), source: rng.pick([.sheet, .bottomEdge, .leftEdge, .grabber]), at: t)
            case 3, 4:
                translation += rng.range(-120, 120)
                try? s.pan(.changed, translation: Vector(x: translation, y: translation), at: t)
            case 5:
                let v = rng.unit() < 0.3 ? nil : Vector(x: rng.range(-3000, 3000), y: rng.range(-3000, 3000))
                try? s.pan(rng.unit() < 0.9 ? .ended : .cancelled, translation: Vector(x: translation, y: translation),
                           velocity: v, at: t)
            case 6: try? s.selectDetent(rng.pick(s.detents).id, at: t, animated: rng.unit() < 0.7)
            case 7: try? s.setContentHeight(rng.range(0, 1500), at: t)
            case 8: s.setKeyboard(height: rng.pick([0, 0, 120, 300, 336]),
                                  timing: BezierTiming(duration: rng.pick([0, 250]), curve: .easeInOut), at: t)
            case 9:
                let phase = rng.pick([ScrollHandoffInput.Phase.dragBegan, .scrolled, .scrolled, .scrolled, .dragEnded])
                if phase == .dragBegan { scrollTranslation = 0 } else { scrollTranslation += rng.range(-80, 80) }
                try? s.scroll(ScrollSample(phase: phase, offsetY: rng.pick([0, 0, 50, 300, -20]), insetTop: 0,
                                           contentHeight: rng.range(100, 3000), viewportHeight: 700,
                                           isTracking: phase != .dragEnded && rng.unit() < 0.9,
                                           translationY: scrollTranslation, velocityY: rng.range(-2000, 2000)), at: t)
            case 10:
                pushed += 1
                if rng.unit() < 0.6 {
                    try? s.push(NavEntry(id: "e\(pushed)", preferredHeight: rng.range(50, 900)), animated: rng.unit() < 0.8, at: t)
                } else {
                    try? s.pop(animated: rng.unit() < 0.8, at: t)
                }
            case 11, 12:
                // sheet.configure: any of detents, selection, options (some calls fail and change nothing).
                let detents: [DetentSpec]? = rng.unit() < 0.6
                    ? rng.pick(detentSets + [[.fit, .fromTop(id: "top", points: rng.range(0, 900))]]) : nil
                var o = s.state.setup.options
                o.dismissible = rng.unit() < 0.7
                o.cornerRadius = rng.range(0, 30)
                o.keyboardSetting = rng.pick(KeyboardMode.allCases)
                o.largestUndimmedDetent = nil
                let ids = (detents ?? s.state.setup.detents).map(\.id) + ["missing"]
                let selected = rng.unit() < 0.4 ? rng.pick(ids) : nil
                let before = s.state
                do {
                    try s.configure(detents: detents, selectedDetent: selected, options: rng.unit() < 0.7 ? o : nil,
                                    animated: rng.unit() < 0.7, at: t)
                } catch {
                    #expect(s.state == before, "seed \(seed) t \(t): a failing configure changed the sheet")
                }
            case 13: try? s.snapTo(height: rng.range(0, 900), animated: rng.unit() < 0.7, at: t)
            case 14: rng.unit() < 0.5 ? s.tapGrabber(at: t) : s.tapDimming(at: t)
            default: s.advance(to: t)
            }
            check()
        }
        // Lift any finger, then let time run: everything comes to rest.
        try? s.pan(.cancelled, translation: Vector(x: translation, y: translation), at: t)
        try? s.scroll(ScrollSample(phase: .dragEnded, offsetY: 0, insetTop: 0, contentHeight: 1000, viewportHeight: 700,
                                   isTracking: false, translationY: scrollTranslation), at: t)
        let end = settle(&s, from: t, limit: 30_000)
        #expect(s.isActive == false, "seed \(seed): still moving at \(end)")
        #expect([.presented, .dismissed].contains(s.phase), "seed \(seed): \(s.phase)")
        check()
    }

    @Test func identicalInputsGiveIdenticalFrames() throws {
        func run() throws -> [SheetFrame] {
            var s = try makeSheet(detents: [.fit, .medium, .large])
            var frames: [SheetFrame] = []
            try s.present(at: 0)
            for t in stride(from: 0.0, through: 320, by: 16) { s.advance(to: t); frames.append(s.frame()) }
            try drag(&s, by: -250, velocity: -1200, at: 400)
            for t in stride(from: 432.0, through: 1200, by: 16) { s.advance(to: t); frames.append(s.frame()) }
            return frames
        }
        #expect(try run() == run())
    }
}
