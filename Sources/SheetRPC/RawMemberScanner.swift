/// Finds the raw text of a member in already-validated JSON, so a request id such as `7.0`
/// or `1e2` can be echoed byte for byte (the decoded `Double` alone would print as `7`).
///
/// Only call it on bytes that `JSONCodec.decode` accepted: it skips values without
/// validating them. Member names are compared after decoding their escapes, as the decoder
/// does (`"i\u0064"` is `id`), and when a name repeats the last one wins, as in the decoder:
/// the raw text found is always that of the value the decoder kept.
enum RawMemberScanner {
    /// The raw bytes of member `key` of the top-level object, or of the object at `element`
    /// when the top level is an array.
    static func member(_ key: [UInt8], in bytes: ArraySlice<UInt8>, element: Int? = nil) -> ArraySlice<UInt8>? {
        var s = Scanner(bytes: bytes, i: bytes.startIndex)
        s.skipSpace()
        if let element {
            guard s.peek == UInt8(ascii: "[") else { return nil }
            s.i += 1
            var index = 0
            while true {
                s.skipSpace()
                guard let c = s.peek, c != UInt8(ascii: "]") else { return nil }
                if index == element { return s.memberOfObject(key) }
                guard s.skipValue() else { return nil }
                s.skipSpace()
                guard s.peek == UInt8(ascii: ",") else { return nil }
                s.i += 1
                index += 1
            }
        }
        return s.memberOfObject(key)
    }

    /// The raw text (between the quotes) of the first member name, at any depth, whose
    /// decoded form holds a NUL character (`\u0000`), if any.
    static func firstMemberNameWithNUL(in bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var s = Scanner(bytes: bytes, i: bytes.startIndex)
        while let c = s.peek {
            guard c == UInt8(ascii: "\"") else { s.i += 1; continue }
            let start = s.i
            guard s.skipString() else { return nil }
            let raw = bytes[(start + 1)..<(s.i - 1)]
            s.skipSpace()
            if s.peek == UInt8(ascii: ":"), raw.contains(UInt8(ascii: "\\")),
               unescape(raw)?.contains(0) == true {
                return raw
            }
        }
        return nil
    }

    /// The UTF-8 bytes of a JSON string's raw text (between the quotes) with its escapes
    /// decoded (`\uXXXX`, surrogate pairs included); nil when an escape is malformed.
    static func unescape(_ raw: ArraySlice<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = raw.startIndex
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.endIndex else { return nil }
            var v: UInt32 = 0
            for b in raw[at..<(at + 4)] {
                let d: UInt8
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
                default: return nil
                }
                v = v << 4 | UInt32(d)
            }
            return v
        }
        while i < raw.endIndex {
            let c = raw[i]
            guard c == UInt8(ascii: "\\") else { out.append(c); i += 1; continue }
            guard i + 1 < raw.endIndex else { return nil }
            let e = raw[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(i) else { return nil }
                i += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i + 6 <= raw.endIndex, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u"),
                          let low = hex4(i + 2), (0xDC00...0xDFFF).contains(low) else { return nil }
                    i += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let u = Unicode.Scalar(scalar) else { return nil }
                out.append(contentsOf: UTF8.encode(u)!)
            default:
                return nil
            }
        }
        return out
    }

    private struct Scanner {
        let bytes: ArraySlice<UInt8>
        var i: Int

        var peek: UInt8? { i < bytes.endIndex ? bytes[i] : nil }

        mutating func skipSpace() {
            while i < bytes.endIndex, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
        }

        mutating func memberOfObject(_ key: [UInt8]) -> ArraySlice<UInt8>? {
            guard peek == UInt8(ascii: "{") else { return nil }
            i += 1
            var found: ArraySlice<UInt8>?
            while true {
                skipSpace()
                guard let c = peek else { return found }
                if c == UInt8(ascii: "}") { return found }
                let keyStart = i
                guard skipString() else { return found }
                let rawKey = bytes[(keyStart + 1)..<(i - 1)]
                let matches = rawKey.contains(UInt8(ascii: "\\"))
                    ? RawMemberScanner.unescape(rawKey).map { $0.elementsEqual(key) } ?? false
                    : rawKey.elementsEqual(key)
                skipSpace()
                guard peek == UInt8(ascii: ":") else { return found }
                i += 1
                skipSpace()
                let valueStart = i
                guard skipValue() else { return found }
                if matches { found = bytes[valueStart..<i] }
                skipSpace()
                if peek == UInt8(ascii: ",") { i += 1 } else { return found }
            }
        }

        mutating func skipString() -> Bool {
            guard peek == UInt8(ascii: "\"") else { return false }
            i += 1
            while i < bytes.endIndex {
                let c = bytes[i]
                if c == UInt8(ascii: "\\") {
                    i += 2
                } else if c == UInt8(ascii: "\"") {
                    i += 1
                    return true
                } else {
                    i += 1
                }
            }
            return false
        }

        mutating func skipValue() -> Bool {
            guard let c = peek else { return false }
            switch c {
            case UInt8(ascii: "\""):
                return skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while i < bytes.endIndex {
                    let d = bytes[i]
                    if d == UInt8(ascii: "\"") {
                        guard skipString() else { return false }
                        continue
                    }
                    if d == UInt8(ascii: "{") || d == UInt8(ascii: "[") { depth += 1 }
                    if d == UInt8(ascii: "}") || d == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 {
                            i += 1
                            return true
                        }
                    }
                    i += 1
                }
                return false
            default:
                // number, true, false, null: up to a delimiter
                while i < bytes.endIndex {
                    let d = bytes[i]
                    if d == UInt8(ascii: ",") || d == UInt8(ascii: "}") || d == UInt8(ascii: "]") || d == 32
                        || d == 9 || d == 10 || d == 13
                    {
                        break
                    }
                    i += 1
                }
                return true
            }
        }
    }
}
