import Testing
import SheetCore

/// `willSettle`: one per motion to a new rest, with the rest the frames reach and a
/// `durationMs` exact to its rule; and `previewRelease`, the dry run that changes nothing.
@Suite struct ReleaseIntentTests {
    /// The `willSettle` intents among `events`.
    static func intents(_ events: [SheetEvent]) -> [(t: Double, intent: SettleIntent)] {
        events.compactMap { e in
            if case .willSettle(let i) = e.kind { return (e.t, i) }
            return nil
        }
    }

    /// Drives `sheet` from the intent's start and checks `durationMs` against frames: some
    /// time in the millisecond before it is farther than 0.5 pt from rest, and from it on every
    /// millisecond's frame is within 0.5 pt (up to the quantization of frames, 0.001 pt).
    static func checkDuration(_ sheet: inout Sheet, start t0: Double, _ intent: SettleIntent) {
        let n = Double(intent.durationMs)
        func distance() -> Double {
            let f = sheet.frame().sheet
            return max(abs(f.y - intent.rest.y), abs(f.x - intent.rest.x))
        }
        var exceeded = false
        var t = t0 + n - 1
        while t < t0 + n {
            sheet.advance(to: t)
            if distance() > 0.5 + 0.001 { exceeded = true }
            t += 0.01
        }
        #expect(exceeded, "within 0.5 pt of rest before \(intent.durationMs) ms")
        for k in 0...3000 {
            sheet.advance(to: t0 + n + Double(k))
            if distance() > 0.5 + 0.001 {
                Issue.record("\(distance()) pt from rest at \(intent.durationMs + k) ms")
                return
            }
        }
        #expect(sheet.frame().sheet == intent.rest)
    }

    @Test func aFlingUpSettlesAtTheLargestDetentWithItsExactDuration() throws {
        var s = try presented(detents: [.fit, .medium, .large])
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 100)
        try s.pan(.changed, translation: Vector(x: 0, y: -200), at: 116)
        _ = s.takeOutput()
        try s.pan(.ended, translation: Vector(x: 0, y: -210), velocity: Vector(x: 0, y: -800), at: 132)
        let found = Self.intents(s.takeOutput().events)
        #expect(found.count == 1)
        let (t, intent) = try #require(found.first)
        #expect(t == 132)
        #expect(intent.trigger == .release && intent.detent == "large" && !intent.dismisses)
        #expect(intent.rest == Rect(x: 0, y: 57, width: 390, height: 787))
        #expect(intent.durationMs == 395)
        Self.checkDuration(&s, start: t, intent)
    }

    @Test func aBouncySpringCountsItsLastOvershoot() throws {
        var options = SheetOptions()
        options.settleSpring = Spring(dampingRatio: 0.3, response: 400)
        var s = try presented(detents: [.fit, .large], options: options)
        try s.selectDetent("large", at: 50)
        let (t, intent) = try #require(Self.intents(s.takeOutput().events).first)
        #expect(intent.trigger == .command && intent.detent == "large")
        #expect(intent.durationMs > 400)
        Self.checkDuration(&s, start: t, intent)
    }

    @Test func aDismissalRestsOffScreenWithoutADetent() throws {
        var s = try presented()
        try s.dismiss(at: 10)
        let (t, intent) = try #require(Self.intents(s.takeOutput().events).first)
        #expect(intent.trigger == .dismiss && intent.dismisses && intent.detent == nil)
        #expect(intent.rest.y == 844)
        Self.checkDuration(&s, start: t, intent)
    }

    @Test func eachStartOfAMotionReportsItsTrigger() throws {
        var s = try makeSheet(detents: [.fit, .large])
        try s.present(at: 0)
        s.advance(to: 1000)
        try s.snapTo(height: 500, at: 1000)
        s.advance(to: 2000)
        try s.setContentHeight(400, at: 2000)
        s.tapGrabber(at: 3000)
        let events = s.takeOutput().events
        #expect(Self.intents(events).map(\.intent.trigger) == [.present, .command, .layout, .command])
        // snapTo rests off the detents; willSettle comes after the detentChanged it follows.
        #expect(Self.intents(events)[1].intent.detent == nil)
        #expect(events.last.map { if case .willSettle = $0.kind { true } else { false } } == true)
    }

    @Test func anAnimationNotStartedSendsNothing() throws {
        var s = try presented()
        try s.present(at: 10)  // already there
        try s.setContentHeight(300.2, at: 20)  // under half a point
        #expect(Self.intents(s.takeOutput().events).isEmpty)
    }

    @Test func previewingAReleaseAnswersWhatTheReleaseThenDoes() throws {
        var s = try presented(detents: [.fit, .medium, .large])
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 100)
        try s.pan(.changed, translation: Vector(x: 0, y: 120), at: 116)
        let preview = try s.previewRelease(velocity: Vector(x: 0, y: 1500), at: 116)
        #expect(preview.dismisses && preview.detent == nil && preview.rest.y == 844)
        try s.pan(.ended, translation: Vector(x: 0, y: 120), velocity: Vector(x: 0, y: 1500), at: 116)
        let (_, real) = try #require(Self.intents(s.takeOutput().events).first)
        #expect(real.dismisses == preview.dismisses && real.rest == preview.rest && real.durationMs == preview.durationMs)
    }

    @Test func previewingChangesNothing() throws {
        func run(preview: Bool) throws -> (frames: [SheetFrame], events: [SheetEvent], state: SheetState) {
            var s = try makeSheet(detents: [.fit, .medium, .large])
            var frames: [SheetFrame] = [], events: [SheetEvent] = []
            try s.present(at: 0)
            for k in 0...120 {
                let t = Double(k * 16)
                if k == 30 { try s.pan(.began, translation: Vector(x: 0, y: 0), at: t) }
                if k == 31 { try s.pan(.changed, translation: Vector(x: 0, y: -150), at: t) }
                if k == 32 { try s.pan(.ended, translation: Vector(x: 0, y: -160), velocity: Vector(x: 0, y: -500), at: t) }
                if preview && (k == 10 || k == 25 || k == 31 || k == 40) {
                    _ = try? s.previewRelease(velocity: Vector(x: 0, y: 2000), at: t)
                }
                s.advance(to: t)
                frames.append(s.frame())
                events += s.takeOutput().events
            }
            return (frames, events, s.state)
        }
        let plain = try run(preview: false), previewed = try run(preview: true)
        #expect(plain.frames == previewed.frames)
        #expect(plain.events == previewed.events)
        #expect(plain.state == previewed.state)  // everything a snapshot captures
    }

    @Test func aSheetNotShownIsRefused() throws {
        var s = try makeSheet()
        #expect(throws: SheetError.self) { try s.previewRelease(velocity: Vector(x: 0, y: 0), at: 0) }
        try s.present(at: 0)
        s.advance(to: 100)
        let error = try #require(throws: SheetError.self) { try s.previewRelease(velocity: Vector(x: 0, y: 0), at: 100) }
        #expect(error.kind == .invalidState)
    }

    @Test func aPolicyFaultIsReportedWithoutFallingBack() throws {
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: 300),
                          policies: SheetPolicies(dismissal: BrokenDismissal(mode: .throwsFault)))
        try s.present(at: 0, animated: false)
        _ = s.takeOutput()
        let error = try #require(throws: SheetError.self) { try s.previewRelease(velocity: Vector(x: 0, y: 0), at: 10) }
        #expect(error.kind == .policyFault)
        #expect(s.policies.dismissal.name == "broken")
        #expect(s.takeOutput().diagnostics.isEmpty)
    }
}

extension SheetEvent {
    /// Whether this is a `willSettle` (suites about lifecycle events leave those out).
    var isWillSettle: Bool {
        if case .willSettle = kind { return true }
        return false
    }
}
