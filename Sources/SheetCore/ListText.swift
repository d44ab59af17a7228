/// How messages print a list of names: `["fit", "medium"]`, exactly as Swift prints a
/// `[String]` (each element's `debugDescription`, quoted and escaped). Spelled out because
/// Embedded Swift (the WebAssembly build) cannot print an array by interpolation, and both
/// builds must write the same bytes.
public enum ListText {
    /// `["a", "b"]`
    public static func of(_ items: [String]) -> String {
        var s = "["
        for (i, item) in items.enumerated() {
            if i > 0 { s += ", " }
            s += item.debugDescription
        }
        return s + "]"
    }
}
