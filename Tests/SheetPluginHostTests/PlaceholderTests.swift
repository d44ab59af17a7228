import Testing
@Test func placeholderSheetPluginHost() { #expect(1 + 1 == 2) }
