/// Writes compact JSON straight into memory, member by member, with no `JSONValue` in
/// between: the hot notifications (`sheet.frame`) use it. Numbers, strings and layout are
/// exactly `JSONCodec.encode`'s, so a message written here is byte-identical to the same
/// message built as a `JSONValue` (`number` follows `JSONValue.number`: integral values
/// within ±2^53 as integers).
///
/// It writes into a `JSONScratch` buffer sized by the caller's bound (`message(bound:...)`
/// grows the scratch to the bound first; every write checks it) and hands back an array of
/// exactly the written size. Keys are `StaticString`s written verbatim: they must need no
/// escaping.
public struct JSONWriter {
    private let start: UnsafeMutablePointer<UInt8>
    private let limit: UnsafeMutablePointer<UInt8>
    private var p: UnsafeMutablePointer<UInt8>
    private var needsComma = false

    private init(_ buffer: UnsafeMutablePointer<UInt8>, capacity: Int) {
        start = buffer
        limit = buffer + capacity
        p = buffer
    }

    /// Writes one message of at most `bound` bytes with `body`; its bytes.
    public static func message(bound: Int, scratch: JSONScratch, _ body: (inout JSONWriter) -> Void) -> [UInt8] {
        scratch.reserve(bound)
        var w = JSONWriter(scratch.base, capacity: bound)
        body(&w)
        return Array(UnsafeBufferPointer(start: w.start, count: w.p - w.start))
    }

    /// Room a string member's value may take (`\u00XX` escapes, quotes).
    public static func bound(_ s: String) -> Int { 6 * s.utf8.count + 2 }
    /// Room a key plus any number, boolean or null takes, with its comma and colon.
    public static let memberBound = 48

    private mutating func raw(_ bytes: UnsafeRawBufferPointer) {
        precondition(p + bytes.count <= limit, "JSONWriter: bound exceeded")
        if let b = bytes.baseAddress { UnsafeMutableRawPointer(p).copyMemory(from: b, byteCount: bytes.count) }
        p += bytes.count
    }

    private mutating func byte(_ c: UInt8) {
        precondition(p < limit, "JSONWriter: bound exceeded")
        p.pointee = c
        p += 1
    }

    private mutating func key(_ k: StaticString) {
        precondition(p + k.utf8CodeUnitCount + 4 <= limit, "JSONWriter: bound exceeded")
        if needsComma {
            p.pointee = UInt8(ascii: ",")
            p += 1
        }
        p.pointee = UInt8(ascii: "\"")
        p += 1
        UnsafeMutableRawPointer(p).copyMemory(from: k.utf8Start, byteCount: k.utf8CodeUnitCount)
        p += k.utf8CodeUnitCount
        p.pointee = UInt8(ascii: "\"")
        p[1] = UInt8(ascii: ":")
        p += 2
        needsComma = false
    }

    /// `{` as a value (top level or array element).
    public mutating func beginObject() {
        if needsComma { byte(UInt8(ascii: ",")) }
        byte(UInt8(ascii: "{"))
        needsComma = false
    }

    /// `"k":{`
    public mutating func beginObject(_ k: StaticString) {
        key(k)
        byte(UInt8(ascii: "{"))
    }

    public mutating func endObject() {
        byte(UInt8(ascii: "}"))
        needsComma = true
    }

    /// `"k":[`
    public mutating func beginArray(_ k: StaticString) {
        key(k)
        byte(UInt8(ascii: "["))
    }

    public mutating func endArray() {
        byte(UInt8(ascii: "]"))
        needsComma = true
    }

    /// `"k":<number>` as `JSONValue.number(d)` encodes.
    public mutating func number(_ k: StaticString, _ d: Double) {
        key(k)
        if d == d.rounded(), abs(d) < 9_007_199_254_740_992 {
            integer(Int64(d))
        } else {
            var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes of scratch
            let written = withUnsafeMutableBytes(of: &digits) { JSONCodec.shortDecimal(d, into: $0) }
            if written > 0 {
                withUnsafeBytes(of: &digits) { raw(UnsafeRawBufferPointer(rebasing: $0[0..<written])) }
            } else {
                var text: [UInt8] = []
                JSONCodec.appendDouble(d, into: &text)
                text.withUnsafeBytes { raw($0) }
            }
        }
        needsComma = true
    }

    /// `"k":<number>` or `"k":null`.
    public mutating func number(_ k: StaticString, _ d: Double?) {
        guard let d else { return null(k) }
        number(k, d)
    }

    public mutating func int(_ k: StaticString, _ i: Int) {
        key(k)
        integer(Int64(i))
        needsComma = true
    }

    private mutating func integer(_ i: Int64) {
        precondition(p + 20 <= limit, "JSONWriter: bound exceeded")
        if i >= 0 && i < 10 {
            p.pointee = UInt8(48 + i)
            p += 1
            return
        }
        var m = i.magnitude
        var digits = 0
        var probe = m
        repeat {
            digits += 1
            probe /= 10
        } while probe > 0
        if i < 0 {
            p.pointee = UInt8(ascii: "-")
            p += 1
        }
        var q = p + digits
        p = q
        repeat {
            q -= 1
            q.pointee = UInt8(48 + m % 10)
            m /= 10
        } while m > 0
    }

    public mutating func string(_ k: StaticString, _ s: String) {
        key(k)
        var utf8String = s
        let plain = utf8String.withUTF8 { utf8 in
            // Printable ASCII without `"` or `\` is written as is; anything else the codec's way.
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f && $0 != 0x22 && $0 != 0x5C }) else { return false }
            byte(UInt8(ascii: "\""))
            raw(UnsafeRawBufferPointer(utf8))
            byte(UInt8(ascii: "\""))
            return true
        }
        if !plain {
            var text: [UInt8] = []
            JSONCodec.appendString(s, into: &text)
            text.withUnsafeBytes { raw($0) }
        }
        needsComma = true
    }

    public mutating func bool(_ k: StaticString, _ b: Bool) {
        key(k)
        let text: StaticString = b ? "true" : "false"
        raw(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        needsComma = true
    }

    public mutating func null(_ k: StaticString) {
        key(k)
        let text: StaticString = "null"
        raw(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        needsComma = true
    }
}

/// A reusable buffer `JSONWriter` writes into (one per writer of hot messages; not shared
/// between threads).
public final class JSONScratch {
    fileprivate private(set) var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int

    public init(capacity: Int = 1024) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    func reserve(_ n: Int) {
        guard n > capacity else { return }
        base.deallocate()
        capacity = max(n, 2 * capacity)
        base = .allocate(capacity: capacity)
    }
}
