import SheetReplay
import Testing
import _StringProcessing

/// `TextSearch` (which keeps `_StringProcessing` out of sheetd) answers what the standard
/// library's `firstRange(of:)` and `replacing(_:with:)` answer, on text with combining marks.
@Suite struct TextSearchTests {
    @Test func sameAsTheStandardLibraryOnRandomText() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["_", "a", "é", "e\u{301}", "\u{301}", "/", "x"]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...30, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let target = (0..<Int.random(in: 1...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            #expect(TextSearch.firstRange(of: target, in: text[...]) == text[...].firstRange(of: target), "\(text.debugDescription) \(target.debugDescription)")
            let mine = TextSearch.replacingAll(target, with: "<X>", in: text), theirs = text.replacing(target, with: "<X>")
            #expect(Array(mine.utf8) == Array(theirs.utf8), "\(text.debugDescription) \(target.debugDescription)")
        }
    }

    @Test func plainCases() {
        #expect(TextSearch.replacingAll("/p/", with: "<plugin-dir>/", in: "a /p/x /p//p/") == "a <plugin-dir>/x <plugin-dir>/<plugin-dir>/")
        #expect(TextSearch.firstRange(of: "__", in: "no markers"[...]) == nil)
        let s = "x__y__"
        #expect(TextSearch.firstRange(of: "__", in: s[...]) == s.index(after: s.startIndex)..<s.index(s.startIndex, offsetBy: 3))
    }
}
