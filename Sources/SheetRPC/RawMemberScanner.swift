/// Finds the raw text of a member in already-validated JSON, so a request id such as `7.0`
/// or `1e2` can be echoed byte for byte (the decoded `Double` alone would print as `7`).
///
/// Only call it on bytes that `JSONCodec.decode` accepted: it skips values without
/// validating them. Keys are compared as raw bytes (an escaped key such as `"\u0069d"` is not
/// found; callers then fall back to the decoded value). When a key repeats, the last one
/// wins, as in the decoder.
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
                skipSpace()
                guard peek == UInt8(ascii: ":") else { return found }
                i += 1
                skipSpace()
                let valueStart = i
                guard skipValue() else { return found }
                if rawKey.elementsEqual(key) { found = bytes[valueStart..<i] }
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
