import Testing
import SheetCore

/// The drawn sheet never leaves its container by more than one container height: a spring
/// flung with an extreme (valid) release velocity is held at twice the container height.
@Suite struct ExtentBoundsTests {
    @Test func anExtremeFlingStaysWithinTwoContainerHeights() throws {
        var s = try presented(detents: [.medium, .large])
        try drag(&s, by: -10, velocity: -1_000_000)
        var highest = -Double.infinity
        var t = 1032.0
        while s.isActive && t < 10_000 {
            t += 4
            s.advance(to: t)
            let f = s.frame()
            #expect(f.sheet.y >= -phone.height && f.sheet.height <= 2 * phone.height, "t \(t): \(f.sheet)")
            highest = max(highest, phone.height - f.sheet.y)
        }
        // The spring does overshoot (so the bound is what held it).
        #expect(highest == 2 * phone.height)
    }
}
