import Testing
@Test func placeholderSheetRPC() { #expect(1 + 1 == 2) }
