import Testing
@Test func placeholderSheetCore() { #expect(1 + 1 == 2) }
