/// Writes compact JSON straight into bytes, member by member, with no `JSONValue` in
/// between: the hot notifications (`sheet.frame`) use it. Numbers, strings and layout are
/// exactly `JSONCodec.encode`'s, so a message written here is byte-identical to the same
/// message built as a `JSONValue` (`number` is `JSONValue.number`'s rule: integral values
/// within ±2^53 as integers).
///
/// Keys are `StaticString`s written verbatim: they must need no escaping.
public struct JSONWriter {
    /// What has been written so far.
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    private mutating func key(_ k: StaticString) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        k.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// `{` as a value (top level or array element).
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// `"k":{`
    public mutating func beginObject(_ k: StaticString) {
        key(k)
        bytes.append(UInt8(ascii: "{"))
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// `"k":[`
    public mutating func beginArray(_ k: StaticString) {
        key(k)
        bytes.append(UInt8(ascii: "["))
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// `"k":<number>` as `JSONValue.number(d)` encodes.
    public mutating func number(_ k: StaticString, _ d: Double) {
        key(k)
        JSONCodec.appendNumber(d, into: &bytes)
        needsComma = true
    }

    /// `"k":<number>` or `"k":null`.
    public mutating func number(_ k: StaticString, _ d: Double?) {
        guard let d else { return null(k) }
        number(k, d)
    }

    public mutating func int(_ k: StaticString, _ i: Int) {
        key(k)
        JSONCodec.appendInt(Int64(i), into: &bytes)
        needsComma = true
    }

    public mutating func string(_ k: StaticString, _ s: String) {
        key(k)
        JSONCodec.appendString(s, into: &bytes)
        needsComma = true
    }

    public mutating func bool(_ k: StaticString, _ b: Bool) {
        key(k)
        if b {
            bytes.append(contentsOf: [116, 114, 117, 101])  // true
        } else {
            bytes.append(contentsOf: [102, 97, 108, 115, 101])  // false
        }
        needsComma = true
    }

    public mutating func null(_ k: StaticString) {
        key(k)
        bytes.append(contentsOf: [110, 117, 108, 108])  // null
        needsComma = true
    }
}
