import Testing
import SheetCore

/// A presentation whose target changes part-way (`sheet.configure` selectedDetent,
/// `sheet.selectDetent`, `sheet.setContentHeight`): the dimming and `progress` keep moving
/// along the transition instead of jumping to the new detent's fraction.
@Suite struct PresentationRetargetTests {
    /// Ticks every 6 ms from 0 (the presentation starts at 0), the retarget at `at`; returns
    /// (the largest change of the alpha (`measure` 0) or `progress` (1) between the two ticks just before the retarget, its
    /// change across the retarget) and the sheet after it.
    private static func ticks(
        content: Double = 300, detents: [DetentSpec] = [.medium, .large], selected: String = "medium",
        at retargetAt: Double, measure: Int, retarget: (inout Sheet, Double) throws -> Void
    ) throws -> (before: Double, across: Double, values: [Double]) {
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: content, detents: detents,
                                            selectedDetent: selected))
        try s.present(at: 0)
        var values: [Double] = []
        var t = 0.0
        while t <= retargetAt + 600 {
            s.advance(to: t)
            if t == retargetAt { try retarget(&s, t) }
            values.append(measure == 0 ? s.frame().dimming.alpha : s.frame().progress)
            t += 6
        }
        let i = Int(retargetAt / 6)
        let before = max(abs(values[i - 1] - values[i - 2]), abs(values[i - 2] - values[i - 3]))
        return (before, abs(values[i] - values[i - 1]), values)
    }

    @Test(arguments: [0, 1])
    func configureToALargerDetentDoesNotDropTheDimming(measure: Int) throws {
        let r = try Self.ticks(at: 102, measure: measure) { s, t in
            try s.configure(selectedDetent: "large", at: t)
        }
        #expect(r.across <= 2 * r.before)
        #expect(r.values.last == (measure == 0 ? 0.6 : 1))
    }

    @Test(arguments: [0, 1])
    func selectingASmallerDetentDoesNotJumpTheDimming(measure: Int) throws {
        let r = try Self.ticks(selected: "large", at: 102, measure: measure) { s, t in
            try s.selectDetent("medium", at: t)
        }
        #expect(r.across <= 2 * r.before)
        #expect(r.values.last == (measure == 0 ? 0.6 : 1))
    }

    @Test(arguments: [0, 1])
    func contentGrowthDoesNotJumpTheDimming(measure: Int) throws {
        let r = try Self.ticks(detents: [.fit], selected: "fit", at: 102,
                               measure: measure) { s, t in
            try s.setContentHeight(600, at: t)
        }
        #expect(r.across <= 2 * r.before)
    }

    /// The pinned figures: configure to `large` at 102 ms. The frame at the retarget is the
    /// one the old target gives (the reference starts at the medium detent's height), and the
    /// dimming keeps rising (it dropped from 0.1281 to 0.0776 when progress switched at once).
    @Test func theDimmingAcrossTheRetargetIsPinned() throws {
        let r = try Self.ticks(at: 102, measure: 0) { s, t in
            try s.configure(selectedDetent: "large", at: t)
        }
        #expect(Array(r.values[15...19]) == [0.1124, 0.1281, 0.1447, 0.1625, 0.1819])
    }
}

/// A settle between detents (a `sheet.selectDetent` spring) that a layout change redirects:
/// the sheet reads as presented while layout moves it, so the dimming stays where it was even
/// when the selected detent grows past the sheet (it dipped 0.6 -> 0.4749 in example 55).
@Suite struct SettleRetargetTests {
    @Test(arguments: [0, 1])
    func contentGrowthDuringASettleKeepsTheDimming(measure: Int) throws {
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: 300, detents: [.fit, .medium, .large],
                                            selectedDetent: "large"))
        try s.present(at: 0, animated: false)
        try s.selectDetent("fit", at: 100)
        var values: [Double] = []
        var t = 100.0
        while t <= 1400 {
            s.advance(to: t)
            if t == 700 {
                #expect(s.frame().state == .settling)
                try s.setContentHeight(400, at: t)
            }
            values.append(measure == 0 ? s.frame().dimming.alpha : s.frame().progress)
            t += 6
        }
        #expect(values.allSatisfy { $0 == (measure == 0 ? 0.6 : 1) }, "\(values)")
    }

    /// A pull below the smallest detent released back to it still measures the return
    /// against the smallest detent when layout changes on the way (the dismissal was under way).
    @Test func aReturnFromADismissalPullKeepsItsProgress() throws {
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: 300, detents: [.fit]))
        try s.present(at: 0, animated: false)
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 100)
        try s.pan(.changed, translation: Vector(x: 0, y: 120), at: 116)
        try s.pan(.ended, translation: Vector(x: 0, y: 120), velocity: Vector(x: 0, y: 0), at: 132)
        s.advance(to: 148)
        try s.setContentHeight(320, at: 148)
        #expect(s.frame().state == .settling)
        #expect(s.frame().progress < 1)
    }
}
