import Testing
@testable import SheetServer

/// `HotMessage.CanonicalHead` reads an input's session from the head of a message as hosts
/// write it, before the message is parsed (the server starts loading that session while the
/// parse goes on): the same session the parse then reads, and nothing for other messages.
@Suite struct HotMessageCanonicalHeadTests {
    static func ahead(_ text: String) -> (ahead: Int?, parsed: HotMessage?) {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { b in
            let raw = UnsafeRawBufferPointer(b)
            let head = HotMessage.CanonicalHead(raw)
            return (head?.session, HotMessage.parse(raw, head: head))
        }
    }

    @Test(arguments: [
        #"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s42","t":16,"phase":"changed","translation":{"x":0,"y":10}}}"#,
        #"{"jsonrpc":"2.0","method":"sheet.present","params":{"session":"s42","t":3}}"#,
        #"{"jsonrpc":"2.0","method":"sheet.dismiss","params":{"session":"s42"}}"#,
        // Not canonical after the session (one more member): parsed member by member, same session.
        #"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s42","t":16,"phase":"changed","translation":{"x":0,"y":10},"source":"sheet"}}"#,
    ])
    func theSessionOfAnInputAsHostsWriteIt(_ text: String) {
        let (ahead, parsed) = Self.ahead(text)
        #expect(ahead == 42)
        #expect(parsed?.call.session == 42)
    }

    @Test(arguments: [
        #"{"jsonrpc":"2.0","id":1,"method":"clock.tick","params":{"t":16}}"#,
        // The session not first: the parse reads it, the head does not.
        #"{"jsonrpc":"2.0","method":"input.pan","params":{"t":16,"session":"s42","phase":"changed","translation":{"x":0,"y":10}}}"#,
        #"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"x42","t":16,"phase":"changed","translation":{"x":0,"y":10}}}"#,
    ])
    func nothingForOtherMessages(_ text: String) {
        #expect(Self.ahead(text).ahead == nil)
    }
}
