import SheetRPC
import Testing

/// The WebAssembly build reads JSON with `JSONReader` (Swift), the native daemon with jansson:
/// both must accept and refuse the same documents, with the same values (and the same
/// `isNulInMemberName`, which turns a refusal into an answer to the message's id). Checked on
/// hand-picked corners and on seeded random documents and mutations of them (deterministic:
/// the same documents every run).
@Suite struct JSONReaderDifferentialTests {
    /// What a reader answered, comparable: the value's compact encoding plus the bit patterns
    /// of its reals (so -0.0 and 0.0, equal as doubles, differ), or the refusal's kind.
    enum Answer: Equatable, CustomStringConvertible {
        case value(String, [UInt64])
        case refused(nulInMemberName: Bool)

        var description: String {
            switch self {
            case .value(let text, _): return "accepted \(text)"
            case .refused(let nul): return nul ? "refused (NUL in a member name)" : "refused"
            }
        }
    }

    static func reals(_ v: JSONValue, into out: inout [UInt64]) {
        switch v {
        case .double(let d): out.append(d.bitPattern)
        case .array(let a): for e in a { reals(e, into: &out) }
        case .object(let o): for m in o.ordered { reals(m.value, into: &out) }
        default: break
        }
    }

    static func answer(_ read: () throws(JSONCodec.DecodeError) -> JSONValue) -> Answer {
        do {
            let v = try read()
            var bits: [UInt64] = []
            reals(v, into: &bits)
            return .value(JSONCodec.encodeToString(v), bits)
        } catch {
            return .refused(nulInMemberName: error.isNulInMemberName)
        }
    }

    static func jansson(_ bytes: [UInt8]) -> Answer { answer { () throws(JSONCodec.DecodeError) in try JSONCodec.decode(bytes) } }
    static func swift(_ bytes: [UInt8]) -> Answer { answer { () throws(JSONCodec.DecodeError) in try JSONCodec.decodeWithJSONReader(bytes) } }

    static func show(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(200), as: UTF8.self)
        return bytes.count > 200 ? text + "… (\(bytes.count) bytes)" : text
    }

    // MARK: Corners

    static let corners: [String] = [
        "", " ", "\n\t\r ", "null", "true", "false", "nul", "truex", "nullnull", "[null1]", "[1true]",
        "0", "-0", "-0.0", "00", "01", "-01", "-", "+1", "1.", ".5", "1.e3", "1e", "1e+", "1E-2", "1e+2", "0e0",
        "-", "--1", "1-", "0x10", "Infinity", "NaN", "-Infinity",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "99999999999999999999", "18446744073709551616", "1e308", "1.7976931348623157e308", "1.7976931348623159e308",
        "1e309", "-1e400", "1e-400", "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
        "0.1", "0.30000000000000004", "123456789012345678901234567890.5", "1" + String(repeating: "0", count: 400) + ".0",
        "0." + String(repeating: "0", count: 400) + "1", "1e-9999999999", "1e9999999999",
        "\"\"", "\"a\"", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\u0041\"", "\"\\u00e9\"", "\"\\uD83D\\uDE00\"",
        "\"\\uD800\"", "\"\\uD800x\"", "\"\\uD800\\u0041\"", "\"\\uDC00\"", "\"\\uDBFF\\uDFFF\"", "\"\\uD800\\uD800\"",
        "\"\\u12\"", "\"\\u12G4\"", "\"\\x\"", "\"\\'\"", "\"\\", "\"abc", "\"a\tb\"", "\"a\nb\"", "\"\u{7f}\"",
        "\"\\u0000\"", "[\"\\u0000\"]", "{\"a\\u0000\":1}", "{\"a\":\"\\u0000\"}", "{\"\\u0000\":1,", "[{\"x\\u0000y\":[1,2]}]",
        "{\"a\\u0000\":1 trailing", "{\"a\\u0000\\q\":1}", "{\"a\":1,\"a\\u0000\":2}",
        "[]", "[ ]", "[1,]", "[,1]", "[1 2]", "[1,,2]", "[", "]", "[[]", "[[[]]]",
        "{}", "{ }", "{\"a\":1}", "{\"a\" 1}", "{\"a\":}", "{\"a\":1,}", "{,}", "{1:2}", "{\"a\":1 \"b\":2}",
        "{\"a\":1,\"a\":2}", "{\"a\":1,\"b\":2,\"a\":3}", "{\"a\"}", "{", "}", "{\"a\":1}}", "{\"a\":1}x",
        "1 2", "1 x", "[1] [2]", "\"a\" \"b\"", "\u{FEFF}1", "\u{a0}1",
        "\"é\"", "\"😀\"", "é", "[\"\\u00\"]",
    ]

    /// Raw byte sequences no Swift string literal can hold (invalid UTF-8).
    static let rawCorners: [[UInt8]] = [
        [0x22, 0xC0, 0x80, 0x22], [0x22, 0xC1, 0xBF, 0x22], [0x22, 0xE0, 0x80, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], [0x22, 0x80, 0x22], [0x22, 0xBF, 0x22],
        [0x22, 0xC3, 0x22], [0x22, 0xE2, 0x82, 0x22], [0x22, 0xF0, 0x9F, 0x98, 0x22], [0x22, 0xFF, 0x22], [0x22, 0xFE, 0x22],
        [0x22, 0xEF, 0xBF, 0xBF, 0x22], [0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22], [0x22, 0xE0, 0xA0, 0x80, 0x22],
        [0x22, 0xF0, 0x90, 0x80, 0x80, 0x22], [0x22, 0xEE, 0x80, 0x80, 0x22], [0xC3, 0xA9], [0x80],
        [0x31, 0x00], [0x00], [0x22, 0x00, 0x22], [0x5B, 0x31, 0x2C, 0x00, 0x5D],
        [0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D],
    ]

    @Test func cornersAreAnsweredAlike() {
        let documents = Self.corners.map { Array($0.utf8) } + Self.rawCorners
        for d in documents {
            let a = Self.jansson(d), b = Self.swift(d)
            #expect(a == b, "\(Self.show(d)): jansson \(a), JSONReader \(b)")
        }
    }

    @Test func nestingDepthIsJanssons() {
        // 2048 values deep is the limit, a scalar counting one level like an array.
        for depth in [2046, 2047, 2048, 2049, 2050] {
            for inner in ["", "1", "[]", "{}"] {
                let d = Array((String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth)).utf8)
                let a = Self.jansson(d), b = Self.swift(d)
                #expect(a == b, "depth \(depth) + \(inner): jansson \(a), JSONReader \(b)")
            }
            let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
            #expect(Self.jansson(Array(objects.utf8)) == Self.swift(Array(objects.utf8)), "depth \(depth) of objects")
        }
        // The limit does bite (a reader without one would accept these).
        #expect(Self.swift(Array((String(repeating: "[", count: 2049) + String(repeating: "]", count: 2049)).utf8)) == .refused(nulInMemberName: false))
        #expect(Self.swift(Array((String(repeating: "[", count: 2048) + String(repeating: "]", count: 2048)).utf8)) != .refused(nulInMemberName: false))
    }

    // MARK: Random documents

    /// SplitMix64: a small seeded generator, the same sequence on every machine.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let stringPieces: [String] = [
        "a", "id", "sheet", " ", "é", "😀", "\\n", "\\t", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r", "\\u0041", "\\u00e9",
        "\\u0000", "\\uD83D\\uDE00", "\\uD800", "\\uDC00", "\\u12", "\\q", "\u{7f}", "\u{2028}", "\\uFFFF", "'",
    ]
    static let numberPieces: [String] = [
        "0", "-0", "1", "-1", "7", "42", "510", "0.5", "-0.25", "1e3", "1E-7", "2.5e+10", "1e308", "1e309", "-1e400",
        "1e-400", "5e-324", "0.1", "0.30000000000000004", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "123456789012345678901234567890", "01", "1.", ".5", "+1", "-",
        "1e", "00", "3.14159265358979323846264338327950288",
    ]
    static let whitespace: [String] = ["", "", "", " ", "\n", "\t", "\r\n", "  "]

    static func pick<T>(_ a: [T], _ g: inout SplitMix) -> T { a[Int(g.next() % UInt64(a.count))] }

    static func randomString(_ g: inout SplitMix) -> String {
        var s = "\""
        for _ in 0..<Int(g.next() % 4) { s += pick(stringPieces, &g) }
        return s + "\""
    }

    static func randomValue(_ g: inout SplitMix, depth: Int) -> String {
        let w = { (g: inout SplitMix) in pick(whitespace, &g) }
        switch g.next() % (depth > 4 ? 5 : 8) {
        case 0: return pick(["null", "true", "false"], &g)
        case 1, 2: return pick(numberPieces, &g)
        case 3, 4: return randomString(&g)
        case 5:
            var s = "[" + w(&g)
            let n = Int(g.next() % 4)
            for i in 0..<n { s += (i > 0 ? "," + w(&g) : "") + randomValue(&g, depth: depth + 1) + w(&g) }
            return s + "]"
        default:
            var s = "{" + w(&g)
            let n = Int(g.next() % 4)
            for i in 0..<n {
                let key = g.next() % 3 == 0 ? pick(["\"id\"", "\"a\"", "\"a\""], &g) : randomString(&g)
                s += (i > 0 ? "," + w(&g) : "") + key + w(&g) + ":" + w(&g) + randomValue(&g, depth: depth + 1) + w(&g)
            }
            return s + "}"
        }
    }

    /// A byte edit: delete, insert, replace, cut, or duplicate a span.
    static func mutate(_ d: [UInt8], _ g: inout SplitMix) -> [UInt8] {
        var d = d
        let alphabet: [UInt8] = Array("{}[],:\"\\ -+.eE0159aulnrtfx".utf8) + [0x00, 0x01, 0x0A, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xF5, 0xFF]
        for _ in 0..<(1 + Int(g.next() % 3)) {
            let i = d.isEmpty ? 0 : Int(g.next() % UInt64(d.count + 1))
            switch g.next() % 5 {
            case 0: if i < d.count { d.remove(at: i) }
            case 1: d.insert(pick(alphabet, &g), at: i)
            case 2: if i < d.count { d[i] = pick(alphabet, &g) }
            case 3: d = Array(d[..<i])
            default:
                let j = min(d.count, i + Int(g.next() % 8))
                d.insert(contentsOf: d[i..<j], at: i)
            }
        }
        return d
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomDocumentsAreAnsweredAlike(seed: UInt64) {
        var g = SplitMix(state: seed &* 0x5DEE_CE66_D1CE_4E5B)
        var accepted = 0, refused = 0, mismatches = 0
        for _ in 0..<2500 {
            let doc = Array((Self.pick(Self.whitespace, &g) + Self.randomValue(&g, depth: 0) + Self.pick(Self.whitespace, &g)).utf8)
            for d in [doc, Self.mutate(doc, &g), Self.mutate(doc, &g)] {
                let a = Self.jansson(d), b = Self.swift(d)
                if case .value = a { accepted += 1 } else { refused += 1 }
                if a != b {
                    mismatches += 1
                    if mismatches <= 5 { Issue.record("seed \(seed): \(Self.show(d)): jansson \(a), JSONReader \(b)") }
                }
            }
        }
        #expect(mismatches == 0)
        // Both sides of the line are exercised.
        #expect(accepted > 1000 && refused > 1000, "accepted \(accepted), refused \(refused)")
    }
}
