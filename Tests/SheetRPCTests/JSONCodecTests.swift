import Testing
@testable import SheetRPC

@Suite struct JSONCodecTests {
    func enc(_ v: JSONValue) -> String { JSONCodec.encodeToString(v) }

    @Test func decodesScalarsKeepingIntsAndRealsDistinct() throws {
        #expect(try JSONCodec.decode("7") == .int(7))
        #expect(try JSONCodec.decode("7.0") == .double(7.0))
        #expect(try JSONCodec.decode("-12") == .int(-12))
        #expect(try JSONCodec.decode("1e2") == .double(100))
        #expect(try JSONCodec.decode("9223372036854775807") == .int(Int64.max))
        #expect(try JSONCodec.decode("true") == .bool(true))
        #expect(try JSONCodec.decode("false") == .bool(false))
        #expect(try JSONCodec.decode("null") == .null)
        #expect(try JSONCodec.decode("\"h\\u00e9\\n\"") == .string("hé\n"))
        #expect(try JSONCodec.decode("  [1, 2.5, \"x\"] ") == [1, 2.5, "x"])
    }

    @Test func decodesObjectsInOrder() throws {
        let v = try JSONCodec.decode("{\"z\":1,\"a\":2,\"m\":{\"b\":null}}")
        #expect(v.objectValue?.keys == ["z", "a", "m"])
        #expect(enc(v) == "{\"z\":1,\"a\":2,\"m\":{\"b\":null}}")
    }

    @Test func rejectsBadInputWithPosition() {
        do {
            _ = try JSONCodec.decode("{\"a\":\n  tru}")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2)
            #expect(error.column > 0)
            #expect(error.description.hasPrefix("line 2, column"))
        }
        #expect(throws: JSONCodec.DecodeError.self) { try JSONCodec.decode("") }
        #expect(throws: JSONCodec.DecodeError.self) { try JSONCodec.decode("{} {}") }
        #expect(throws: JSONCodec.DecodeError.self) { try JSONCodec.decode("[1,]") }
        #expect(throws: JSONCodec.DecodeError.self) { try JSONCodec.decode("99999999999999999999") }
    }

    @Test func rejectsInvalidUTF8AndNUL() {
        #expect(throws: JSONCodec.DecodeError.self) { try JSONCodec.decode([0x22, 0xFF, 0xFE, 0x22]) }
        #expect(throws: JSONCodec.DecodeError.self) { try JSONCodec.decode([0x22, 0xC3, 0x22]) }
        #expect(throws: JSONCodec.DecodeError.self) { try JSONCodec.decode([0x31, 0x00]) }
        #expect(throws: JSONCodec.DecodeError.self) { try JSONCodec.decode([0x22, 0x61, 0x00, 0x22]) }
    }

    @Test func encodesIntegers() {
        #expect(enc(0) == "0")
        #expect(enc(7) == "7")
        #expect(enc(-7) == "-7")
        #expect(enc(1234567890) == "1234567890")
        #expect(enc(.int(Int64.max)) == "9223372036854775807")
        #expect(enc(.int(Int64.min)) == "-9223372036854775808")
    }

    @Test func encodesDoublesTheWayAPersonExpects() throws {
        #expect(enc(.double(0.42)) == "0.42")
        #expect(enc(.double(510.0)) == "510")
        #expect(enc(.double(-3.0)) == "-3")
        #expect(enc(.double(0.1 + 0.2)) == "0.30000000000000004")
        #expect(enc(.double(1.5)) == "1.5")
        #expect(enc(.double(-0.6)) == "-0.6")
        #expect(enc(.double(1e-7)) == "1e-07")
        #expect(enc(.double(1e21)) == "1e+21")
        #expect(enc(.double(.leastNonzeroMagnitude)) == "5e-324")
        #expect(enc(.double(.nan)) == "null")
        #expect(enc(.double(.infinity)) == "null")
        #expect(enc(.double(-.infinity)) == "null")
        // Every output is valid JSON that reads back as the same number.
        for d in [0.42, 1e-7, 1e21, 123456.789, 1e300, -2.5e-300, 1e16, 9007199254740993.0, 0.1, 1.0 / 3.0] {
            let back = try JSONCodec.decode(enc(.double(d)))
            #expect(back.doubleValue == d, "\(d)")
        }
    }

    @Test func escapesStrings() throws {
        #expect(enc("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(enc("\n\r\t\u{08}\u{0C}") == "\"\\n\\r\\t\\b\\f\"")
        #expect(enc("\u{01}\u{1F}") == "\"\\u0001\\u001f\"")
        #expect(enc("\u{7F}é😀/") == "\"\u{7F}é😀/\"")
        let s = "x\u{01}y\"z\\é😀\t"
        #expect(try JSONCodec.decode(enc(.string(s))) == .string(s))
    }

    @Test func encodesCompactly() {
        let v: JSONValue = ["b": [1, 2.5, nil, true], "a": ["x": "y"], "e": [], "o": [:]]
        #expect(enc(v) == "{\"b\":[1,2.5,null,true],\"a\":{\"x\":\"y\"},\"e\":[],\"o\":{}}")
    }

    @Test func roundTrips() throws {
        let docs = [
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"sheet.present\",\"params\":{\"session\":\"s1\",\"t\":16.5,\"animated\":true}}",
            "[1,-2,3.25,\"\\u0001\",{\"k\":[[],{}]},null,false]",
            "{\"sheet\":{\"x\":0,\"y\":510.5,\"width\":390,\"height\":334},\"dimming\":{\"alpha\":0.6}}",
            "\"\\\"quoted\\\" \\\\ and unicode é 😀\"",
        ]
        for d in docs {
            let v = try JSONCodec.decode(d)
            #expect(enc(v) == d)
            #expect(try JSONCodec.decode(JSONCodec.encode(v)) == v)
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONCodec.DecodeError.self) { try JSONCodec.decode(deep) }
    }

    /// `\u0000` in a string value is valid JSON: accepted, converted with its length.
    @Test func acceptsAnEscapedNULInAStringValue() throws {
        #expect(try JSONCodec.decode("\"a\\u0000b\"") == .string("a\u{0}b"))
        let o = try JSONCodec.decode("{\"k\":\"\\u0000\\u0000x\"}")
        #expect(o["k"] == .string("\u{0}\u{0}x"))
        // And written back escaped.
        #expect(JSONCodec.encodeToString(.string("a\u{0}b")) == "\"a\\u0000b\"")
    }

    /// jansson cannot hold `\u0000` in a member name: a decode error that says so.
    @Test func flagsAnEscapedNULInAMemberName() {
        do {
            _ = try JSONCodec.decode("{\"a\\u0000b\":1}")
            Issue.record("decoded")
        } catch {
            #expect(error.isNulInMemberName)
        }
        do {
            _ = try JSONCodec.decode("{\"a\":}")
        } catch {
            #expect(!error.isNulInMemberName)
        }
    }
}
