import Foundation
import Testing
import SheetCore

/// The options and the navigation transition are held out of line (memory per session): they
/// must still behave as plain values and encode as if stored inline.
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

    @Test func snapshotEncodingRoundTripsOptionsAndTransition() throws {
        var options = SheetOptions()
        options.cornerRadius = -0.0
        var s = try Sheet(setup: SheetSetup(container: phone, options: options,
                                            navigation: [NavEntry(id: "root", preferredHeight: 240)]))
        try s.present(at: 0, animated: false)
        try s.push(NavEntry(id: "details", preferredHeight: 420), at: 0)
        s.advance(to: 100)
        #expect(s.state.nav.transition != nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(s.state)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""transition":{"#))
        let decoded = try JSONDecoder().decode(SheetState.self, from: data)
        #expect(decoded == s.state)
        #expect(decoded.setup.options.cornerRadius.sign == .minus)
        #expect(try encoder.encode(decoded) == data)

        s.advance(to: 1000)
        #expect(s.state.nav.transition == nil)
        #expect(!String(decoding: try encoder.encode(s.state), as: UTF8.self).contains(#""transition""#))
    }
}
