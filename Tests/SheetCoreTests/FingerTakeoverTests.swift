import Testing
import SheetCore

/// A stack's command (a chained dismissal, a `replace`/`switch` presentation) wins
/// over a finger on the sheet it reaches: `takeFromFinger` ends the drag as a cancelled one
/// does, and that finger's later samples are ignored until it lifts.
@Suite struct FingerTakeoverTests {
    static func pan(_ s: inout Sheet, _ phase: PanPhase, _ y: Double, source: PanSource = .sheet, at t: Double) throws {
        try s.pan(phase, translation: Vector(x: 0, y: y), velocity: phase == .ended ? Vector(x: 0, y: 0) : nil,
                  source: source, at: t)
    }

    @Test func aDismissalTakesTheSheetFromTheFingerAndDismissesFromWhereItIs() throws {
        var s = try presented()
        try Self.pan(&s, .began, 0, at: 1000)
        try Self.pan(&s, .changed, 150, at: 1016)
        #expect(throws: SheetError.self) { try s.dismiss(at: 1032) }  // a finger refuses a plain dismiss
        s.takeFromFinger(at: 1032)
        try s.dismiss(at: 1032)
        #expect(s.frame().state == .dismissing && s.frame().sheet.y == 660)  // no jump back to the detent
        // The finger goes on moving, then lifts: ignored (no drag again, no release decision).
        try Self.pan(&s, .changed, 20, at: 1048)
        #expect(s.frame().state == .dismissing && s.frame().sheet.y > 660)
        try Self.pan(&s, .ended, 20, at: 1064)
        #expect(s.frame().state == .dismissing)
        settle(&s, from: 1064)
        #expect(s.frame().state == .dismissed && s.frame().sheet.y == 844)
        #expect(eventTypes(&s) == ["dismissed"])
    }

    @Test func theTakenFingerIsIgnoredUntilANewGestureBegins() throws {
        var s = try presented(detents: [.medium, .large], selected: "large")
        try Self.pan(&s, .began, 0, at: 1000)
        try Self.pan(&s, .changed, 100, at: 1016)
        s.takeFromFinger(at: 1016)  // without a command: the drag is cancelled, back to large
        #expect(s.frame().state == .settling)
        try Self.pan(&s, .changed, 300, at: 1032)
        #expect(s.frame().state == .settling)
        // A new gesture is the host's again.
        try Self.pan(&s, .began, 0, at: 1048)
        try Self.pan(&s, .changed, 50, at: 1064)
        #expect(s.frame().state == .dragging)
    }

    @Test func aPresentationTakesAnInteractivePresentationFromTheFinger() throws {
        var s = try makeSheet()
        try Self.pan(&s, .began, 0, source: .bottomEdge, at: 100)
        try Self.pan(&s, .changed, -100, source: .bottomEdge, at: 116)
        #expect(s.frame().state == .dragging && s.frame().sheet.y == 744)
        #expect(throws: SheetError.self) { try s.present(at: 132) }
        s.takeFromFinger(at: 132)
        try s.present(at: 132)
        #expect(s.frame().state == .presenting && s.frame().sheet.y == 744)
        try Self.pan(&s, .ended, 0, source: .bottomEdge, at: 148)  // ignored: no release decision
        settle(&s, from: 148)
        #expect(s.frame().state == .presented && s.frame().sheet.y == 510)
        #expect(eventTypes(&s) == ["presented"])
    }

    @Test func anInteractivePopIsCancelledNotCompleted() throws {
        let entries = [NavEntry(id: "root", preferredHeight: 240), NavEntry(id: "details", preferredHeight: 420)]
        var s = try Sheet(setup: SheetSetup(container: phone, navigation: entries))
        try s.present(at: 0, animated: false)
        _ = s.takeOutput()
        try s.pan(.began, translation: Vector(x: 0, y: 0), source: .leftEdge, at: 100)
        try s.pan(.changed, translation: Vector(x: 250, y: 0), source: .leftEdge, at: 116)  // past half-way
        s.takeFromFinger(at: 132)
        try s.dismiss(at: 132)
        // Lifting past half-way would have popped: ignored.
        try s.pan(.ended, translation: Vector(x: 250, y: 0), velocity: Vector(x: 0, y: 0), source: .leftEdge, at: 148)
        settle(&s, from: 148)
        #expect(eventTypes(&s) == ["dismissed"])
        #expect(s.frame().nav.items.map(\.id) == ["details"])
    }

    @Test func withoutAFingerNothingChanges() throws {
        var s = try presented()
        let before = s.state
        s.takeFromFinger(at: 0)
        #expect(s.state == before)
        try Self.pan(&s, .changed, 40, at: 16)  // a pan still starts a drag as before
        #expect(s.frame().state == .dragging)
    }
}
