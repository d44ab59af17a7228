#if hasFeature(Embedded)
@_extern(c, "strtod")
private func strtod(_ text: UnsafePointer<CChar>?, _ end: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Double
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The JSON reader in Swift: what the WebAssembly build decodes with (jansson is a native C
/// library), and what `JSONReaderDifferentialTests` holds to jansson's answers natively.
///
/// It accepts and refuses exactly what `JSONCodec`'s jansson path does (`json_loadb` with
/// `JSON_DECODE_ANY | JSON_ALLOW_NUL`, jansson 2.14), with the same values:
/// - any value at the top level, surrounded by JSON whitespace (space, tab, LF, CR) only;
/// - integers (no fraction, no exponent) as `.int`, refused beyond 64 bits; every other number
///   as `.double` by the C library's `strtod` (correctly rounded: glibc's natively, musl's in
///   the module), refused when it overflows to infinity; no leading zeros, `+`, `.5` or `1.`;
/// - strings: valid UTF-8 only (no overlongs, no surrogates, nothing past U+10FFFF), no raw
///   control characters, the escapes `\" \\ \/ \b \f \n \r \t \uXXXX`, surrogate escapes only
///   as a high-low pair; `\u0000` is kept in values, and refused in a member name with
///   `isNulInMemberName` (jansson's `json_error_null_byte_in_key`, at the same point: the
///   reading stops there);
/// - nesting: a value deeper than 2048 (jansson's `JSON_PARSER_DEFAULT_DEPTH`; every value,
///   scalars too, counts one level) is refused;
/// - objects keep the first position of a member and its last value.
/// Error texts are this reader's own (`-32700` message texts are sheetd's own, see
/// protocol/conformance/README.md); line, column and position follow jansson's convention
/// (1-based line and column, 0-based byte position).
public enum JSONReader {
    /// jansson's `JSON_PARSER_DEFAULT_DEPTH`.
    public static let maxDepth = 2048

    /// Decodes one JSON document (the NUL-byte check is the caller's, as in `JSONCodec`).
    public static func read(_ buffer: UnsafeRawBufferPointer) -> Result<JSONValue, JSONCodec.DecodeError> {
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            return .failure(JSONCodec.DecodeError(message: "unexpected end of input", line: 1, column: 1, position: 0))
        }
        var r = Reader(p: base.assumingMemoryBound(to: UInt8.self), n: buffer.count)
        do throws(JSONCodec.DecodeError) {
            r.skipSpace()
            let v = try r.value()
            r.skipSpace()
            if r.i < r.n { throw r.fail("end of file expected") }
            return .success(v)
        } catch {
            return .failure(error)
        }
    }

    private struct Reader {
        let p: UnsafePointer<UInt8>
        let n: Int
        var i = 0
        var depth = 0

        init(p: UnsafePointer<UInt8>, n: Int) {
            self.p = p
            self.n = n
        }

        func fail(_ message: String, at position: Int? = nil, nulInKey: Bool = false) -> JSONCodec.DecodeError {
            let pos = min(position ?? i, n)
            var line = 1
            var column = 1
            var k = 0
            while k < pos {
                if p[k] == 10 { line += 1; column = 1 } else { column += 1 }
                k += 1
            }
            let near = i < n ? "" : " near end of file"
            return JSONCodec.DecodeError(message: message + near, line: line, column: column, position: pos,
                                         isNulInMemberName: nulInKey)
        }

        mutating func skipSpace() {
            while i < n {
                let c = p[i]
                if c == 32 || c == 9 || c == 10 || c == 13 { i += 1 } else { break }
            }
        }

        mutating func value() throws(JSONCodec.DecodeError) -> JSONValue {
            depth += 1
            if depth > JSONReader.maxDepth { throw fail("maximum parsing depth reached") }
            defer { depth -= 1 }
            guard i < n else { throw fail("unexpected end of input") }
            switch p[i] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string(isKey: false))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: throw fail("invalid token")
            }
        }

        mutating func literal(_ word: StaticString) throws(JSONCodec.DecodeError) {
            let w = word.utf8Start
            let count = word.utf8CodeUnitCount
            guard n - i >= count else { throw fail("invalid token") }
            for k in 0..<count where p[i + k] != w[k] { throw fail("invalid token") }
            i += count
        }

        mutating func object() throws(JSONCodec.DecodeError) -> JSONValue {
            i += 1
            var o = JSONObject()
            skipSpace()
            if i < n && p[i] == UInt8(ascii: "}") {
                i += 1
                return .object(o)
            }
            while true {
                skipSpace()
                guard i < n, p[i] == UInt8(ascii: "\"") else { throw fail("string or '}' expected") }
                let key = try string(isKey: true)
                skipSpace()
                guard i < n, p[i] == UInt8(ascii: ":") else { throw fail("':' expected") }
                i += 1
                skipSpace()
                let v = try value()
                o[key] = v
                skipSpace()
                guard i < n else { throw fail("'}' expected") }
                if p[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                if p[i] == UInt8(ascii: "}") {
                    i += 1
                    return .object(o)
                }
                throw fail("'}' expected")
            }
        }

        mutating func array() throws(JSONCodec.DecodeError) -> JSONValue {
            i += 1
            var a: [JSONValue] = []
            skipSpace()
            if i < n && p[i] == UInt8(ascii: "]") {
                i += 1
                return .array(a)
            }
            while true {
                skipSpace()
                a.append(try value())
                skipSpace()
                guard i < n else { throw fail("']' expected") }
                if p[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                if p[i] == UInt8(ascii: "]") {
                    i += 1
                    return .array(a)
                }
                throw fail("']' expected")
            }
        }

        static func hexValue(_ c: UInt8) -> Int? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c) - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c) - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(c) - 55
            default: return nil
            }
        }

        /// The four hex digits at `at`, or nil.
        func hex4(at: Int) -> Int? {
            guard n - at >= 4 else { return nil }
            var v = 0
            for k in 0..<4 {
                guard let h = Self.hexValue(p[at + k]) else { return nil }
                v = v << 4 | h
            }
            return v
        }

        /// The length of the valid UTF-8 sequence starting at `at` (a byte >= 0x80), or nil.
        func utf8Length(at: Int) -> Int? {
            let c = p[at]
            let count: Int
            var value: UInt32
            switch c {
            case 0xC2...0xDF: count = 2; value = UInt32(c & 0x1F)
            case 0xE0...0xEF: count = 3; value = UInt32(c & 0x0F)
            case 0xF0...0xF4: count = 4; value = UInt32(c & 0x07)
            default: return nil
            }
            guard n - at >= count else { return nil }
            for k in 1..<count {
                let b = p[at + k]
                guard b & 0xC0 == 0x80 else { return nil }
                value = value << 6 | UInt32(b & 0x3F)
            }
            if value > 0x10FFFF { return nil }
            if value >= 0xD800 && value <= 0xDFFF { return nil }
            if count == 3 && value < 0x800 { return nil }
            if count == 4 && value < 0x10000 { return nil }
            return count
        }

        static func appendScalar(_ v: Int, to out: inout [UInt8]) {
            if v < 0x80 {
                out.append(UInt8(v))
            } else if v < 0x800 {
                out.append(UInt8(0xC0 | v >> 6))
                out.append(UInt8(0x80 | v & 0x3F))
            } else if v < 0x10000 {
                out.append(UInt8(0xE0 | v >> 12))
                out.append(UInt8(0x80 | (v >> 6) & 0x3F))
                out.append(UInt8(0x80 | v & 0x3F))
            } else {
                out.append(UInt8(0xF0 | v >> 18))
                out.append(UInt8(0x80 | (v >> 12) & 0x3F))
                out.append(UInt8(0x80 | (v >> 6) & 0x3F))
                out.append(UInt8(0x80 | v & 0x3F))
            }
        }

        mutating func string(isKey: Bool) throws(JSONCodec.DecodeError) -> String {
            i += 1  // the opening quote
            var out: [UInt8] = []
            var hasNul = false
            while true {
                guard i < n else { throw fail("premature end of input") }
                let c = p[i]
                if c == UInt8(ascii: "\"") {
                    i += 1
                    break
                }
                if c < 0x20 { throw fail("control character in string") }
                if c >= 0x80 {
                    guard let len = utf8Length(at: i) else { throw fail("invalid UTF-8") }
                    for k in 0..<len { out.append(p[i + k]) }
                    i += len
                    continue
                }
                if c != UInt8(ascii: "\\") {
                    out.append(c)
                    i += 1
                    continue
                }
                guard i + 1 < n else { throw fail("premature end of input") }
                let e = p[i + 1]
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "u"):
                    guard var v = hex4(at: i + 2) else { throw fail("invalid escape") }
                    i += 6
                    if v >= 0xD800 && v <= 0xDBFF {
                        guard n - i >= 2, p[i] == UInt8(ascii: "\\"), p[i + 1] == UInt8(ascii: "u") else {
                            throw fail("invalid Unicode escape (lone high surrogate)")
                        }
                        guard let low = hex4(at: i + 2) else { throw fail("invalid escape") }
                        guard low >= 0xDC00 && low <= 0xDFFF else { throw fail("invalid Unicode escape (bad low surrogate)") }
                        i += 6
                        v = ((v - 0xD800) << 10) + (low - 0xDC00) + 0x10000
                    } else if v >= 0xDC00 && v <= 0xDFFF {
                        throw fail("invalid Unicode escape (lone low surrogate)")
                    }
                    if v == 0 { hasNul = true }
                    Self.appendScalar(v, to: &out)
                    continue
                default:
                    throw fail("invalid escape")
                }
                i += 2
            }
            if isKey && hasNul {
                throw fail("NUL byte in object key not supported", nulInKey: true)
            }
            return String(decoding: out, as: UTF8.self)
        }

        mutating func number() throws(JSONCodec.DecodeError) -> JSONValue {
            let start = i
            var negative = false
            if p[i] == UInt8(ascii: "-") {
                negative = true
                i += 1
            }
            func isDigit(_ k: Int) -> Bool { k < n && p[k] >= 48 && p[k] <= 57 }
            guard isDigit(i) else { throw fail("invalid token") }
            if p[i] == UInt8(ascii: "0") {
                i += 1
                if isDigit(i) { throw fail("invalid token") }
            } else {
                while isDigit(i) { i += 1 }
            }
            var integral = true
            if i < n && p[i] == UInt8(ascii: ".") {
                integral = false
                i += 1
                guard isDigit(i) else { throw fail("invalid token") }
                while isDigit(i) { i += 1 }
            }
            if i < n && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) {
                integral = false
                i += 1
                if i < n && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) { i += 1 }
                guard isDigit(i) else { throw fail("invalid token") }
                while isDigit(i) { i += 1 }
            }
            if integral {
                var m: UInt64 = 0
                let limit: UInt64 = negative ? 1 << 63 : (1 << 63) - 1
                for k in (negative ? start + 1 : start)..<i {
                    let d = UInt64(p[k] - 48)
                    guard m <= (limit - d) / 10 else {
                        throw fail(negative ? "too big negative integer" : "too big integer", at: start)
                    }
                    m = m * 10 + d
                }
                if negative {
                    return .int(m == 1 << 63 ? Int64.min : -Int64(m))
                }
                return .int(Int64(m))
            }
            // The token, NUL-terminated, for strtod.
            var text = [CChar](repeating: 0, count: i - start + 1)
            for k in start..<i { text[k - start] = CChar(bitPattern: p[k]) }
            let d = text.withUnsafeBufferPointer { strtod($0.baseAddress!, nil) }
            if d.isInfinite { throw fail("real number overflow", at: start) }
            return .double(d)
        }
    }
}
