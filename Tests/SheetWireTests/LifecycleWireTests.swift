import SheetWire
import Testing

/// `initialize`'s member names, which the daemon checks before its reply without laying out
/// `Initialize.members`, are those members' names, in order.
@Suite struct LifecycleWireTests {
    @Test func initializeMemberNamesAreItsMembers() {
        #expect(Initialize.memberNames == Initialize.members.map { $0.name })
    }
}
