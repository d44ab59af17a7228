import SheetWire
import Testing

/// The method table is built from wire method types: a name registered twice is refused.
@Suite struct MethodTableRefusesDuplicates {
    /// A second type that claims `input.pan`'s name.
    enum AnotherPan: SessionCommand {
        static let name = InputPan.name
        static let members: [MemberSpec] = []
    }

    @Test func aSecondMethodOfTheSameNameIsRefused() {
        var table = MethodTable<Int>()
        #expect(throws: Never.self) { try table.register(InputPan.self, 1) }
        #expect(throws: DuplicateMethodName(name: "input.pan")) { try table.register(AnotherPan.self, 2) }
        #expect(table[InputPan.name]?.handler == 1)
        #expect(table.names == ["input.pan"])
    }

    @Test func aCommandAcceptsItsMembersThenSessionAndTime() throws {
        var table = MethodTable<Int>()
        try table.register(SheetSnapTo.self, 0)
        try table.register(ClockTick.self, 0)
        #expect(table["sheet.snapTo"]?.allowed == ["height", "animated", "session", "t"])
        #expect(table["clock.tick"]?.allowed == ["t"])
    }

    @Test func restrictedChoicesComeFromTheMemberDeclaration() throws {
        var table = MethodTable<Int>()
        try table.register(InputPan.self, 0)
        let source = try #require(table["input.pan"]?.restricted.first)
        #expect(source.name == "source")
        #expect(source.restrictedChoices == ["leftEdge"])
        #expect(source.choices == ["sheet", "leftEdge", "bottomEdge", "grabber"])
    }
}
