/// Searching text by `Character` without `_StringProcessing`: the standard library's
/// `firstRange(of:)` and `replacing(_:with:)` on strings live in that module, and one use
/// links all of it (and `_RegexParser`) into sheetd — about 3,100 more relocations for the
/// loader and their conformance records for the runtime at every start. Same results:
/// characters compare as `Character`s do (canonical equivalence), matches are found left to
/// right and do not overlap.
public enum TextSearch {
    /// The first range of `text` whose characters are `target`'s (an empty `target` is
    /// found at the start).
    public static func firstRange(of target: String, in text: Substring) -> Range<String.Index>? {
        let wanted = Array(target)
        var start = text.startIndex
        while true {
            var i = start, k = 0
            while k < wanted.count, i < text.endIndex, text[i] == wanted[k] {
                text.formIndex(after: &i)
                k += 1
            }
            if k == wanted.count { return start..<i }
            if start == text.endIndex { return nil }
            text.formIndex(after: &start)
        }
    }

    /// `text` with every occurrence of `target` (non-empty) replaced by `replacement`.
    public static func replacingAll(_ target: String, with replacement: String, in text: String) -> String {
        guard !target.isEmpty else { return text }
        var out = ""
        var rest = text[...]
        while let r = firstRange(of: target, in: rest) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        out += rest
        return out
    }
}
