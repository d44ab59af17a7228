import Testing
@Test func placeholderSheetd() { #expect(1 + 1 == 2) }
