import Testing
@testable import SheetCore

/// `willSettle`'s rest (`Sheet.settleIntent`) is computed from the frame's own pieces on the
/// state as it is; it was first the sheet rect, corner radius and corners of a whole frame of
/// a copy of the state with every animation done. These tests hold the two equal, bit for bit,
/// on random streams over every edge, layout and option the rest depends on.
@Suite struct SettleRestTests {
    /// The rest as it was first computed: a copy with no drag, no layout animation and no
    /// fade, at the time the last animation ends, and its whole frame.
    static func restFromAFrame(_ sheet: borrowing Sheet) -> (rest: Rect, cornerRadius: Double, corners: SheetCorners?) {
        let state = sheet.state
        var atRest = state
        atRest.drag = nil
        atRest.now = max(state.now, state.motion.end)
        atRest.lateralMotion = nil
        if let fade = state.fade {
            atRest.now = max(atRest.now, fade.end)
            atRest.fade = nil
            if state.goal == .hidden { atRest.motion = .rest(0) }
        }
        let frame = atRest.frame()
        return (frame.sheet, frame.cornerRadius, frame.corners)
    }

    static func check(_ sheet: borrowing Sheet, _ context: @autoclosure () -> String) {
        let intent = sheet.settleIntent(.command)
        let expected = restFromAFrame(sheet)
        // Bit for bit (`==` would take -0 for 0).
        let got = [intent.rest.x, intent.rest.y, intent.rest.width, intent.rest.height, intent.cornerRadius]
        let want = [expected.rest.x, expected.rest.y, expected.rest.width, expected.rest.height, expected.cornerRadius]
        #expect(got.map(\.bitPattern) == want.map(\.bitPattern), "\(context()): \(got) != \(want)")
        #expect(intent.corners == expected.corners, "\(context())")
    }

    @Test(arguments: 0..<48)
    func theRestIsTheFrameAtRestOfRandomStreams(seed: Int) throws {
        var rng = SplitMix64(state: UInt64(seed) &* 6_151 &+ 3)
        let detentSets: [[DetentSpec]] = [[.fit], [.fit, .medium, .large], [.medium, .large],
                                          [.height(id: "peek", points: 120), .fraction(id: "most", value: 0.8)]]
        let pad = Container(width: 1024, height: 1366, safeArea: Insets(top: 24, bottom: 20))
        let landscape = Container(width: 844, height: 390, safeArea: Insets(bottom: 21, left: 47, right: 47))
        let containers = [phone, pad, landscape]
        var options = SheetOptions()
        options.edgeSetting = rng.pick([nil, .bottom, .top, .left, .right])
        options.reduceMotionSetting = seed % 4 == 3
        options.keyboardSetting = rng.unit() < 0.3 ? nil : rng.pick(KeyboardMode.allCases)
        options.keyboardRestoreSetting = rng.unit() < 0.7
        options.cornerRadius = rng.pick([10, 0, 13.5])
        options.displayScale = rng.pick([1, 2, 3])
        if options.edgeSetting == nil || options.edgeSetting == .bottom {
            if rng.unit() < 0.3 { options.detached = DetachedMargins(horizontal: 12, bottom: 20) }
            if rng.unit() < 0.3 { options.maxWidth = 500 }
            if rng.unit() < 0.3 { options.footerHeight = 60 }
            if rng.unit() < 0.3 { options.recedeBackgroundSetting = true }
        }
        let bottom = options.edgeSetting == nil || options.edgeSetting == .bottom  // (navigation: bottom only)
        let nav = bottom && rng.unit() < 0.3 ? [NavEntry(id: "root", preferredHeight: rng.range(50, 600))] : []
        var s = try Sheet(setup: SheetSetup(container: rng.pick(containers), contentHeight: rng.range(0, 1500),
                                            detents: rng.pick(detentSets), options: options, navigation: nav))
        var t = 0.0
        var translation = 0.0
        for step in 0..<150 {
            t += rng.pick([0, 1, 8, 16, 16, 33, 100])
            switch rng.next() % 12 {
            case 0, 1: try? s.present(at: t, animated: rng.unit() < 0.8)
            case 2: try? s.dismiss(at: t, animated: rng.unit() < 0.8)
            case 3:
                translation = 0
                try? s.pan(.began, translation: Vector(x: 0, y: 0), source: rng.pick([.sheet, .grabber]), at: t)
            case 4:
                translation += rng.range(-120, 120)
                try? s.pan(.changed, translation: Vector(x: translation, y: translation), at: t)
            case 5:
                try? s.pan(.ended, translation: Vector(x: translation, y: translation),
                           velocity: Vector(x: 0, y: rng.range(-3000, 3000)), at: t)
            case 6: try? s.selectDetent(rng.pick(s.detents).id, at: t, animated: rng.unit() < 0.7)
            case 7: try? s.setContentHeight(rng.range(0, 1500), at: t)
            case 8: s.setKeyboard(height: rng.pick([0, 0, 120, 300]),
                                  timing: BezierTiming(duration: rng.pick([0, 250]), curve: .easeInOut), at: t)
            case 9: s.setContainer(rng.pick(containers), at: t)
            case 10: try? s.snapTo(height: rng.range(100, 900), animated: rng.unit() < 0.7, at: t)
            default: s.advance(to: t)
            }
            Self.check(s, "seed \(seed) step \(step)")
        }
    }
}
