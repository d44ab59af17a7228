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
}
