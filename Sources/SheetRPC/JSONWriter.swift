/// Writes compact JSON straight into memory, member by member, with no `JSONValue` in
/// between: hot messages (`sheet.frame`) are written with it straight into the output.
/// Numbers, strings and layout are exactly `JSONCodec.encode`'s, so a message written here
/// is byte-identical to the same message built as a `JSONValue` (`number` follows
/// `JSONValue.number`: integral values within ±2^53 as integers).
///
/// A writer is handed out by `MessageBuffer.write(bound:_:)` over room for the caller's
/// bound; every write checks it. Keys are `StaticString`s written verbatim: they must need
/// no escaping.
public struct JSONWriter {
    private let start: UnsafeMutablePointer<UInt8>
    // (`@usableFromInline`: `run`, which writes the fixed text of every member of a frame,
    // is inlined where it is called, so the length of its text is a constant there.)
    @usableFromInline let limit: UnsafeMutablePointer<UInt8>
    @usableFromInline var p: UnsafeMutablePointer<UInt8>
    private var needsComma = false

    init(_ buffer: UnsafeMutablePointer<UInt8>, capacity: Int) {
        start = buffer
        limit = buffer + capacity
        p = buffer
    }

    /// Bytes written so far.
    var written: Int { p - start }

    /// Room a string member's value may take (`\u00XX` escapes, quotes).
    public static func bound(_ s: String) -> Int { 6 * s.utf8.count + 2 }
    /// Room a key plus any number, boolean or null takes, with its comma and colon.
    public static let memberBound = 48

    @inlinable @inline(__always)  // (a run's length is a constant: inlined, its copy is a few moves)
    mutating func raw(_ bytes: UnsafeRawBufferPointer) {
        precondition(p + bytes.count <= limit, "JSONWriter: bound exceeded")
        if let b = bytes.baseAddress { Self.copy(b, bytes.count, to: UnsafeMutableRawPointer(p)) }
        p += bytes.count
    }

    /// Copies `count` bytes. Runs and keys are short (`,"y":` is 5 bytes, all are under 64):
    /// those are moved as two (or four) overlapping words, which costs less than a call of
    /// `memcpy` (about twenty-five runs a frame).
    @inlinable @inline(__always)
    static func copy(_ from: UnsafeRawPointer, _ count: Int, to: UnsafeMutableRawPointer) {
        typealias Word16 = SIMD16<UInt8>
        switch count {
        case 33...64:
            let a = from.loadUnaligned(as: Word16.self), b = (from + 16).loadUnaligned(as: Word16.self)
            let c = (from + count - 32).loadUnaligned(as: Word16.self), d = (from + count - 16).loadUnaligned(as: Word16.self)
            to.storeBytes(of: a, as: Word16.self)
            (to + 16).storeBytes(of: b, as: Word16.self)
            (to + count - 32).storeBytes(of: c, as: Word16.self)
            (to + count - 16).storeBytes(of: d, as: Word16.self)
        case 17...32:
            let head = from.loadUnaligned(as: Word16.self), tail = (from + count - 16).loadUnaligned(as: Word16.self)
            to.storeBytes(of: head, as: Word16.self)
            (to + count - 16).storeBytes(of: tail, as: Word16.self)
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self), tail = (from + count - 8).loadUnaligned(as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            (to + count - 8).storeBytes(of: tail, as: UInt64.self)
        case 4..<8:
            let head = from.loadUnaligned(as: UInt32.self), tail = (from + count - 4).loadUnaligned(as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            (to + count - 4).storeBytes(of: tail, as: UInt32.self)
        case 1..<4:
            for i in 0..<count { to.storeBytes(of: from.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self) }
        default:
            to.copyMemory(from: from, byteCount: count)
        }
    }

    private mutating func byte(_ c: UInt8) {
        precondition(p < limit, "JSONWriter: bound exceeded")
        p.pointee = c
        p += 1
    }

    /// `"k":`, to be followed by one value (`beginObject()`, `json(_:)`).
    public mutating func key(_ k: StaticString) {
        precondition(p + k.utf8CodeUnitCount + 4 <= limit, "JSONWriter: bound exceeded")
        if needsComma {
            p.pointee = UInt8(ascii: ",")
            p += 1
        }
        p.pointee = UInt8(ascii: "\"")
        p += 1
        Self.copy(k.utf8Start, k.utf8CodeUnitCount, to: UnsafeMutableRawPointer(p))
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

    /// An already encoded JSON value, verbatim (after `key`, or as an array element).
    public mutating func json(_ encoded: [UInt8]) {
        if needsComma { byte(UInt8(ascii: ",")) }
        run(encoded)
        needsComma = true
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
        value(d)
        needsComma = true
    }

    // MARK: Runs and bare values
    //
    // A message whose shape is fixed (a frame) is written as runs of literal text — the
    // punctuation and keys between two values, `,"y":` or `},"dimming":{"alpha":` — and bare
    // values between them: one copy per run instead of a key, a comma and a bracket each.
    // These write no comma and leave the comma state as it was: the run says it all.

    /// `text` verbatim (punctuation and keys; fixed values such as `true`).
    @inlinable @inline(__always)
    public mutating func run(_ text: StaticString) {
        raw(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Already encoded JSON text, verbatim.
    public mutating func run(_ encoded: [UInt8]) {
        encoded.withUnsafeBytes { raw($0) }
    }

    /// `text`, then the number (a member of a fixed shape: `run(#","y":"#, y)`).
    @inlinable @inline(__always)
    public mutating func run(_ text: StaticString, _ d: Double) {
        run(text)
        value(d)
    }

    /// `text`, then the number or `null`.
    @inlinable @inline(__always)
    public mutating func run(_ text: StaticString, _ d: Double?) {
        run(text)
        value(d)
    }

    /// `text`, then the integer.
    @inlinable @inline(__always)
    public mutating func run(_ text: StaticString, _ i: Int) {
        run(text)
        value(i)
    }

    /// `text`, then the string.
    @inlinable @inline(__always)
    public mutating func run(_ text: StaticString, _ s: String) {
        run(text)
        value(s)
    }

    /// A number as `JSONValue.number(d)` encodes it.
    public mutating func value(_ d: Double) {
        if JSONCodec.isSmallInteger(d) {
            integer(Int64(d))
            return
        }
        // At most 4 decimals: written where it goes (nothing written when it does not apply).
        precondition(p + 32 <= limit, "JSONWriter: bound exceeded")
        let written = JSONCodec.shortDecimal(d, into: UnsafeMutableRawBufferPointer(start: p, count: 32))
        if written > 0 {
            p += written
        } else {
            general(d)
        }
    }

    /// What `JSONCodec.appendDouble` writes for a `d` that is neither a small integer nor a
    /// short decimal (both tried already): `null` when not finite, else Swift's shortest
    /// round-trip `description` less a trailing `.0`, copied from the string itself (no array
    /// in between: an event's `t` on the realtime clock comes here).
    private mutating func general(_ d: Double) {
        guard d.isFinite else { return run("null") }
        var text = d.description
        text.withUTF8 { utf8 in
            let n = utf8.count
            let integral = n >= 2 && utf8[n - 2] == UInt8(ascii: ".") && utf8[n - 1] == UInt8(ascii: "0")
            raw(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[0..<(integral ? n - 2 : n)]))
        }
    }

    /// A number, or `null`.
    public mutating func value(_ d: Double?) {
        if let d { value(d) } else { run("null") }
    }

    /// An integer.
    public mutating func value(_ i: Int) {
        integer(Int64(i))
    }

    /// A string, escaped as `JSONCodec` escapes it.
    public mutating func value(_ s: String) {
        let plain = s.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            // Printable ASCII without `"` or `\` is written as is; anything else the codec's way.
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f && $0 != 0x22 && $0 != 0x5C }) else { return false }
            precondition(p + utf8.count + 2 <= limit, "JSONWriter: bound exceeded")
            p.pointee = UInt8(ascii: "\"")
            if let b = utf8.baseAddress { Self.copy(UnsafeRawPointer(b), utf8.count, to: UnsafeMutableRawPointer(p + 1)) }
            p[utf8.count + 1] = UInt8(ascii: "\"")
            p += utf8.count + 2
            return true
        }
        if plain != true {
            var text: [UInt8] = []
            JSONCodec.appendString(s, into: &text)
            text.withUnsafeBytes { raw($0) }
        }
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
        let m = i.magnitude
        if i < 0 {
            p.pointee = UInt8(ascii: "-")
            p += 1
        }
        let digits = JSONCodec.decimalDigits(m)
        _ = JSONCodec.writeDigits(m, count: digits, before: UnsafeMutableRawPointer(p + digits))
        p += digits
    }

    public mutating func string(_ k: StaticString, _ s: String) {
        key(k)
        value(s)
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
