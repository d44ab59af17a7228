#if canImport(Glibc)
import Glibc
#endif

/// The JSON codec of the transport: jansson decodes (natively; the WebAssembly build reads
/// with `JSONReader`, which accepts and refuses the same documents), a hand-written Swift
/// encoder writes.
///
/// Decoding (`decode`) uses `json_loadb` and rejects invalid UTF-8, raw NUL bytes, trailing
/// garbage and integers beyond 64 bits. A `\u0000` escape inside a string value is valid JSON
/// and is accepted (`JSON_ALLOW_NUL`; strings are converted with their length); jansson
/// cannot represent one in a member name, which fails with `isNulInMemberName` set.
/// Integers and reals stay distinct (`.int` / `.double`), objects keep member order (a
/// duplicate key keeps the last value). Errors carry jansson's line/column/position.
///
/// Encoding (`encode`) is compact and byte-stable: integers plain, doubles in the shortest
/// form that round-trips (`0.42`, integral doubles without `.0`: `510`), exponents valid JSON
/// (`1e+21`, `5e-324`), NaN and infinities as `null`, strings with `"`, `\` and control
/// characters escaped (`\n`, `\t`, ... or `\u00XX`), object members in insertion order.
public enum JSONCodec {
    /// A decoding failure with jansson's position information (1-based line and column,
    /// 0-based byte position).
    public struct DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var line: Int
        public var column: Int
        public var position: Int
        /// The text is valid JSON but a member name holds `\u0000`, which the decoder cannot
        /// represent: the message is well-formed and deserves an answer to its id.
        public var isNulInMemberName: Bool

        public init(message: String, line: Int, column: Int, position: Int, isNulInMemberName: Bool = false) {
            self.message = message
            self.line = line
            self.column = column
            self.position = position
            self.isNulInMemberName = isNulInMemberName
        }

        /// `line 1, column 7: unexpected token near '}'`
        public var description: String {
            line > 0 ? "line \(line), column \(column): \(message)" : message
        }
    }

    // MARK: Decoding

    /// Decodes one JSON document (any value, not only objects/arrays).
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> JSONValue {
        let r: Result<JSONValue, DecodeError> = bytes.withUnsafeBytes { decodeResult($0) }
        return try r.get()
    }

    /// Decodes one JSON document from a slice without copying it.
    public static func decode(_ bytes: ArraySlice<UInt8>) throws(DecodeError) -> JSONValue {
        let r: Result<JSONValue, DecodeError> = bytes.withUnsafeBytes { decodeResult($0) }
        return try r.get()
    }

    /// Decodes one JSON document from UTF-8 text.
    public static func decode(_ text: String) throws(DecodeError) -> JSONValue {
        try decode(Array(text.utf8))
    }

    /// Decodes one JSON document from raw memory.
    public static func decode(_ buffer: UnsafeRawBufferPointer) throws(DecodeError) -> JSONValue {
        try decodeResult(buffer).get()
    }

    private static func decodeResult(_ buffer: UnsafeRawBufferPointer) -> Result<JSONValue, DecodeError> {
        if let failure = nulByte(buffer) { return .failure(failure) }
        #if hasFeature(Embedded)
        return JSONReader.read(buffer)
        #else
        return decodeWithJansson(buffer)
        #endif
    }

    /// Decodes as the WebAssembly build does, with `JSONReader` (natively too: the
    /// differential test holds it to jansson's answers).
    public static func decodeWithJSONReader(_ bytes: [UInt8]) throws(DecodeError) -> JSONValue {
        let r: Result<JSONValue, DecodeError> = bytes.withUnsafeBytes { buffer in
            if let failure = nulByte(buffer) { return .failure(failure) }
            return JSONReader.read(buffer)
        }
        return try r.get()
    }

    /// jansson treats a NUL byte outside strings as the end of input: both readers refuse any
    /// raw NUL outright.
    private static func nulByte(_ buffer: UnsafeRawBufferPointer) -> DecodeError? {
        guard let base = buffer.baseAddress, let hit = memchr(base, 0, buffer.count) else { return nil }
        let nul = UnsafeRawPointer(hit) - base
        var line = 1
        var column = 1
        for i in 0..<nul {
            if buffer[i] == 10 { line += 1; column = 1 } else { column += 1 }
        }
        return DecodeError(message: "NUL byte in input", line: line, column: column, position: nul)
    }

    // MARK: Encoding

    /// The compact encoding of `value`.
    public static func encode(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128)
        encode(value, into: &out)
        return out
    }

    /// The compact encoding of `value` as a String.
    public static func encodeToString(_ value: JSONValue) -> String {
        String(decoding: encode(value), as: UTF8.self)
    }

    /// Appends the compact encoding of `value` to `out`.
    public static func encode(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: nullBytes)
        case .bool(let b): out.append(contentsOf: b ? trueBytes : falseBytes)
        case .int(let i): appendInt(i, into: &out)
        case .double(let d): appendDouble(d, into: &out)
        case .string(let s): appendString(s, into: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            var first = true
            for e in a {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                encode(e, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            var first = true
            for m in o.ordered {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                appendString(m.key, into: &out)
                out.append(UInt8(ascii: ":"))
                encode(m.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let nullBytes: [UInt8] = Array("null".utf8)
    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends a decimal integer.
    public static func appendInt(_ i: Int64, into out: inout [UInt8]) {
        if i >= 0 && i < 10 {
            out.append(UInt8(48 + i))
            return
        }
        let m = i.magnitude
        let digits = decimalDigits(m)
        var tmp: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch: up to 20 digits
        withUnsafeMutableBytes(of: &tmp) { buf in
            let start = writeDigits(m, count: digits, before: buf.baseAddress! + digits)
            if i < 0 { out.append(UInt8(ascii: "-")) }
            out.append(contentsOf: UnsafeRawBufferPointer(start: start, count: digits))
        }
    }

    /// Appends a double in its shortest round-trip form (`null` when not finite).
    public static func appendDouble(_ d: Double, into out: inout [UInt8]) {
        guard d.isFinite else {
            out.append(contentsOf: nullBytes)
            return
        }
        // Integral values in the exactly representable range print as integers.
        if d == d.rounded(.towardZero) && abs(d) < 1e15 {
            if d == 0 && d.sign == .minus {
                out.append(contentsOf: Array("-0".utf8))
            } else {
                appendInt(Int64(d), into: &out)
            }
            return
        }
        if appendShortDecimal(d, into: &out) { return }
        // Swift's description is the shortest round-trip representation:
        // "0.42", "1e-07", "1.5e+20", "5e-324" — all valid JSON except a trailing ".0".
        var s = d.description
        if s.hasSuffix(".0") { s.removeLast(2) }
        out.append(contentsOf: s.utf8)
    }

    /// Appends a quoted, escaped JSON string.
    public static func appendString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            var runStart = 0
            for i in 0..<utf8.count {
                let c = utf8[i]
                if c >= 0x20 && c != 0x22 && c != 0x5C { continue }
                if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
                runStart = i + 1
                out.append(UInt8(ascii: "\\"))
                switch c {
                case 0x22: out.append(0x22)
                case 0x5C: out.append(0x5C)
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                default:
                    out.append(contentsOf: [UInt8(ascii: "u"), 48, 48, hex[Int(c >> 4)], hex[Int(c & 15)]])
                }
            }
            if runStart < utf8.count {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
