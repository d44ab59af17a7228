import Testing
import SheetCore

/// The options and the navigation transition are held out of line (memory per session): they
/// must still behave as plain values.
@Suite struct OutOfLineStateTests {
    @Test func optionsKeepValueSemantics() {
        let a = SheetSetup(container: phone)
        var b = a
        b.options.cornerRadius = 24
        #expect(a.options.cornerRadius == 10)
        #expect(b.options.cornerRadius == 24)
        #expect(a != b)
        #expect(SheetSetup(container: phone) == SheetSetup(container: phone, options: SheetOptions()))
    }

    @Test func aRunningTransitionKeepsValueSemantics() throws {
        var options = SheetOptions()
        options.cornerRadius = -0.0
        var s = try Sheet(setup: SheetSetup(container: phone, options: options,
                                            navigation: [NavEntry(id: "root", preferredHeight: 240)]))
        try s.present(at: 0, animated: false)
        try s.push(NavEntry(id: "details", preferredHeight: 420), at: 0)
        s.advance(to: 100)
        let copy = s.state
        #expect(copy.nav.transition != nil && copy == s.state)
        #expect(copy.setup.options.cornerRadius.sign == .minus)
        s.advance(to: 1000)
        #expect(s.state.nav.transition == nil)
        #expect(copy.nav.transition?.to.id == "details" && copy != s.state)
    }
}
