import Testing
import SheetCore

/// What a user found.
@Suite struct UserFoundFixesTests {
    /// Above the largest detent the overshoot is banded against the room above it
    /// (`d = container.height - largest`): y approaches 0 and never passes it.
    @Test func rubberBandAboveTheLargestNeverLeavesTheContainer() throws {
        let pins: [(Double, Double)] = [(50, 38.44970414201184), (200, 19.455089820359277),
                                        (1000, 5.352553542009879), (10000, 0.5846679863235522),
                                        (1_000_000, 0.005906660582446932)]
        var previous = 57.0
        for (pull, y) in pins {
            var s = try presented(detents: [.large])
            try s.pan(.began, translation: Vector(x: 0, y: 0), at: 0)
            try s.pan(.changed, translation: Vector(x: 0, y: -pull), at: 16)
            let shown = s.frame().sheet.y
            #expect(abs(shown - y) < 0.001)
            #expect(shown > 0 && shown < previous)
            previous = shown
        }
    }

    @Test func reversingADismissalIsContinuous() throws {
        var s = try presented(detents: [.fit, .medium], selected: "medium")
        try s.dismiss(at: 100)
        s.advance(to: 250)
        let before = s.frame()
        try s.present(at: 250)
        let after = s.frame()
        #expect(after.sheet.y == before.sheet.y)
        #expect(after.progress == before.progress && after.progress < 1)
        #expect(after.dimming.alpha == before.dimming.alpha)
        #expect(after.position.index == before.position.index)
        var last = after
        var t = 250.0
        while s.isActive {
            t += 16
            s.advance(to: t)
            let f = s.frame()
            #expect(abs(f.progress - last.progress) < 0.2)
            #expect(abs(f.dimming.alpha - last.dimming.alpha) < 0.12)
            #expect(abs(f.position.index - last.position.index) < 0.6)  // 88 pt between fit and medium
            last = f
        }
        #expect(last.progress == 1 && last.dimming.alpha == 0.6 && last.sheet.y == 422)
        #expect(eventTypes(&s) == ["dismissCancelled"])
    }

    @Test func contentGrowingUnderTheFingerIsDecidedAgainstTheNewSheet() throws {
        var s = try presented()
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 1000)
        try s.pan(.changed, translation: Vector(x: 0, y: 60), at: 1016)
        try s.setContentHeight(600, at: 1020)
        try s.pan(.changed, translation: Vector(x: 0, y: 60), at: 1032)
        try s.pan(.ended, translation: Vector(x: 0, y: 60), velocity: Vector(x: 0, y: 0), at: 1048)
        settle(&s, from: 1048)
        #expect(s.phase == .presented)
        #expect(s.frame().sheet.y == 844 - 634)
        #expect(!eventTypes(&s).contains("dismissed"))
    }

    @Test func aTallNavigationEntryReportsTheHeightItIsLaidOutAt() throws {
        var s = try Sheet(setup: SheetSetup(container: phone, navigation: [NavEntry(id: "cards", preferredHeight: 900)]))
        try s.present(at: 0, animated: false)
        #expect(s.frame().sheet.y == 47)
        // 797 pt sheet minus the 34 pt bottom safe area (not 900 + 56 = 956).
        #expect(s.frame().nav.items.map(\.height) == [763])
    }
}
