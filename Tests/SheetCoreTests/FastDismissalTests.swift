import Testing
import SheetCore

/// A release that dismisses leaves the screen no later than the finger would have: the sheet
/// starts at the finger's speed and never slows below it.
@Suite struct FastDismissalTests {
    /// A fit sheet (334 pt, top at y 510) pulled to y 610 and released at 2,000 pt/s: 234 pt
    /// remain, 117 ms at the finger's speed.
    private static let t0 = 1032.0

    private static func released() throws -> Sheet {
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: 300))
        try s.present(at: 0, animated: false)
        try drag(&s, by: 100, velocity: 2000, at: 1000)
        #expect(s.frame().sheet.y == 610 && s.frame().state == .dismissing)
        return s
    }

    @Test func aTwoThousandPointReleaseIsOffscreenWithinTheFingersTime() throws {
        var s = try Self.released()
        let t0 = Self.t0
        _ = s.takeOutput()
        // Constant speed: 2 pt/ms.
        s.advance(to: t0 + 60)
        #expect(s.frame().sheet.y == 730)
        s.advance(to: t0 + 114)
        #expect(s.frame().sheet.y == 838)
        // 117 ms plus one 60 Hz frame at the latest.
        s.advance(to: t0 + 117 + 1000.0 / 60)
        #expect(s.frame().sheet.y == 844 && s.frame().state == .dismissed)
        #expect(eventTypes(&s) == ["dismissed"])
    }

    @Test func theSheetNeverMovesSlowerThanTheFinger() throws {
        var s = try Self.released()
        let t0 = Self.t0
        var y = s.frame().sheet.y, t = t0
        while s.isActive {
            t += 6
            s.advance(to: t)
            let next = s.frame().sheet.y
            if next < 844 { #expect(next - y >= 12 - 0.002) }
            y = next
        }
        #expect(t <= t0 + 117 + 6)
    }

    /// A slow release still takes what is left of the present duration, starting at the
    /// finger's speed and speeding up toward the edge.
    @Test func aSlowReleaseFinishesTheRemainingPresentDuration() throws {
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: 300))
        try s.present(at: 0, animated: false)
        try drag(&s, by: 200, velocity: 100, at: 1000)
        // 134 of 334 pt left: 300 × 134 / 334 ≈ 120.36 ms (the finger would take 1,340 ms).
        // s = 100 × 0.12036 / 134 ≈ 0.0898; half-way in time progress = s/2 + (1 − s)/4.
        #expect(s.frame().sheet.y == 710)
        s.advance(to: 1032 + 60)
        #expect(s.frame().sheet.y == 746.309)
        s.advance(to: 1032 + 120)
        #expect(s.frame().state == .dismissing)
        s.advance(to: 1032 + 121)
        #expect(s.frame().state == .dismissed)
    }
}
