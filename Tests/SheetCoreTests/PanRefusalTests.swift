import Testing
import SheetCore

/// `Sheet.panMayBeRefused` lets the server apply a pan in place (no rollback copy): whenever
/// it says a pan cannot be refused, the pan is not refused.
@Suite struct PanRefusalTests {
    @Test(arguments: 0..<6)
    func aPanThatCannotBeRefusedIsNeverRefused(seed: UInt64) throws {
        var rng = SplitMix64(state: seed &+ 41)
        var s = try makeSheet(detents: [.medium, .large])
        try s.push(NavEntry(id: "a", preferredHeight: 300), animated: false, at: 0)
        try s.push(NavEntry(id: "b", preferredHeight: 400), animated: false, at: 0)
        let phases: [PanPhase] = [.began, .changed, .changed, .changed, .ended, .cancelled]
        let sources: [PanSource] = [.sheet, .sheet, .bottomEdge, .leftEdge]
        var t = 0.0
        var unrefusable = 0
        for _ in 0..<400 {
            t += Double(rng.next() % 40)
            if rng.next() % 25 == 0 { try? s.present(at: t, animated: rng.next() % 2 == 0) }
            if rng.next() % 40 == 0 { try? s.dismiss(at: t) }
            if rng.next() % 40 == 0 { try? s.push(NavEntry(id: "e\(t)", preferredHeight: 200), at: t) }
            let phase = phases[Int(rng.next() % 6)], source = sources[Int(rng.next() % 4)]
            let translation = Vector(x: Double(rng.next() % 400), y: Double(rng.next() % 800) - 400)
            let mayBeRefused = s.panMayBeRefused(phase, source: source)
            do {
                try s.pan(phase, translation: translation, source: source, at: t)
            } catch {
                #expect(mayBeRefused, "\(phase) \(source) refused: \(error)")
            }
            if !mayBeRefused { unrefusable += 1 }
            s.advance(to: t)
        }
        #expect(unrefusable > 50)
    }

    /// A present or dismiss refused because a finger holds the sheet changes nothing, time
    /// included, so the server applies it in place without a copy to roll back to.
    @Test(arguments: [true, false])
    func aRefusedPresentOrDismissChangesNothing(presents: Bool) throws {
        var s = try makeSheet(detents: [.medium, .large])
        try s.present(at: 0)
        s.advance(to: 1000)
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 1000)
        try s.pan(.changed, translation: Vector(x: 0, y: 40), at: 1016)
        _ = s.takeOutput()
        let before = s.copy()
        #expect(throws: SheetError.self) {
            if presents { try s.present(at: 1500) } else { try s.dismiss(at: 1500) }
        }
        let sameState = s.state == before.state, sameFrame = s.frame() == before.frame(), quiet = !s.hasOutput
        #expect(sameState && sameFrame && quiet)
    }
}
