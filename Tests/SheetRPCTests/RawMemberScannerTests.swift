import Testing
@testable import SheetRPC

@Suite struct RawMemberScannerTests {
    func raw(_ s: String, _ key: String = "id", element: Int? = nil) -> String? {
        let bytes = Array(s.utf8)
        return RawMemberScanner.member(Array(key.utf8), in: bytes[...], element: element)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func findsTopLevelMembers() {
        #expect(raw("{\"id\":7.0}") == "7.0")
        #expect(raw("{ \"params\" : {\"id\":1}, \"id\" : 1e2 }") == "1e2")
        #expect(raw("{\"a\":\"\\\"id\\\"\",\"id\":-0.5}") == "-0.5")
        #expect(raw("{\"id\":1.0,\"id\":2.0}") == "2.0")
        #expect(raw("{\"x\":1}") == nil)
        #expect(raw("[1]") == nil)
    }

    @Test func findsMembersOfBatchElements() {
        let batch = "[{\"id\":1.5},[{\"id\":9}],{\"s\":\"]\",\"id\":2.50}]"
        #expect(raw(batch, element: 0) == "1.5")
        #expect(raw(batch, element: 1) == nil)
        #expect(raw(batch, element: 2) == "2.50")
        #expect(raw(batch, element: 3) == nil)
    }

    /// A member name spelled with escapes is the decoded name: the raw id found is the one
    /// the decoder keeps (the last `id`, however it is spelled).
    @Test func decodesEscapesInMemberNames() throws {
        #expect(raw("{\"i\\u0064\":7.0}") == "7.0")
        #expect(raw("{\"id\":1.5,\"i\\u0064\":2.5}") == "2.5")
        #expect(raw("{\"i\\u0064\":1.5,\"id\":2.5}") == "2.5")
        #expect(raw("{\"\\u0069\\u0064\":3.25}") == "3.25")
        #expect(raw("{\"i\\\"d\":1.5}") == nil)
        // What the decoder keeps is the same value.
        let text = "{\"id\":1.5,\"i\\u0064\":2.5}"
        #expect(try JSONCodec.decode(text)["id"] == .double(2.5))
    }

    @Test func unescapesStrings() {
        func u(_ s: String) -> String? { RawMemberScanner.unescape(Array(s.utf8)[...]).map { String(decoding: $0, as: UTF8.self) } }
        #expect(u("a\\n\\t\\\"\\\\\\/") == "a\n\t\"\\/")
        #expect(u("\\u00e9\\ud83d\\ude00") == "\u{E9}\u{1F600}")
        #expect(u("\\u12") == nil)
        #expect(u("\\ud83d") == nil)
        #expect(u("\\x") == nil)
    }

    @Test func findsAMemberNameWithNUL() {
        func f(_ s: String) -> String? {
            RawMemberScanner.firstMemberNameWithNUL(in: Array(s.utf8)[...]).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(f("{\"a\":\"x\\u0000\",\"p\":{\"b\\u0000\":1}}") == "b\\u0000")
        #expect(f("{\"a\":\"x\\u0000\"}") == nil)
        #expect(f("{\"a\\\\u0000\":1}") == nil)  // an escaped backslash, then "u0000"
    }
}
