import SheetClient
import SheetRPC
import Testing

/// Sheet stacks through SheetClient, against the built sheetd: a child created over its
/// parent's handle, `StackBehavior`, the parent's `transform` and the root's `background` on
/// `Frame`, and a stack's restore handing back its children.
@Suite("SheetClient sheet stacks")
struct StackClientTests {
    let container = iPhoneContainer

    func start() async throws -> SheetClient {
        try await startHostClockClient()
    }

    /// A presented root with a receding background, and a child created over its handle.
    func presentedStack(_ client: SheetClient) async throws -> (root: SheetSession, child: SheetSession) {
        let root = try await client.createSession(container: container, preferredHeight: 300,
                                                  options: ["recedeBackground": true])
        try await root.present(t: 0)
        try await ticks(client, stride(from: 0, through: 320, by: 16))
        let child = try await client.createSession(parent: root, preferredHeight: 200)
        return (root, child)
    }

    func types(_ session: SheetSession, until last: String) async -> [String] {
        var types: [String] = []
        for await event in session.events where event.type != "willSettle" {  // lifecycle events only
            types.append(event.type)
            if event.type == last { break }
        }
        return types
    }

    @Test func aChildPushedOverItsParentPushesItBack() async throws {
        let client = try await start()
        let (root, child) = try await presentedStack(client)
        #expect(child.id == "s2")
        #expect(try await child.present(t: 400, stackBehavior: .push) == .presenting)
        let frames = try await ticks(client, stride(from: 400, through: 800, by: 16))
        let rootLast = try #require(frames.last { $0.session == root.id })
        let transform = try #require(rootLast.transform)
        #expect(transform.translateY == -16)
        #expect(abs(transform.scale - (1 - 16 / iPhone.width)) < 1e-3)  // one level back
        #expect(rootLast.background != nil)
        let childLast = try #require(frames.last { $0.session == child.id })
        #expect(childLast.transform == nil)
        #expect(childLast.background == nil)
        #expect(await types(child, until: "presented") == ["presented"])
        #expect(try await client.shutdown() == 0)
    }

    @Test func replaceDismissesTheParentBeforeTheChildPresents() async throws {
        let client = try await start()
        let (root, child) = try await presentedStack(client)
        #expect(try await child.present(t: 400, stackBehavior: .replace) == .dismissed)
        try await ticks(client, stride(from: 400, through: 1200, by: 16))
        #expect(await types(root, until: "dismissed") == ["presented", "dismissed"])
        #expect(await types(child, until: "presented") == ["presented"])
        #expect(try await client.shutdown() == 0)
    }

    @Test func switchBringsTheParentBackWhenTheChildIsDismissed() async throws {
        let client = try await start()
        let (root, child) = try await presentedStack(client)
        #expect(try await child.present(t: 400, stackBehavior: .switch) == .dismissed)
        try await ticks(client, stride(from: 400, through: 1200, by: 16))
        try await child.dismiss(t: 1300)
        try await ticks(client, stride(from: 1300, through: 2200, by: 16))
        #expect(await types(root, until: "dismissed") == ["presented", "dismissed"])
        #expect(await types(root, until: "presented") == ["presented"])
        #expect(try await client.shutdown() == 0)
    }

    @Test func aRestoredStackHandsBackItsChildrenWithTheirFrames() async throws {
        let client = try await start()
        let (root, child) = try await presentedStack(client)
        try await child.present(t: 400)
        try await ticks(client, stride(from: 400, through: 480, by: 16))
        let restored = try await client.restoreSession(try await root.snapshot())
        #expect(restored.id == "s3")
        #expect(restored.children.map(\.id) == ["s4"])
        let frames = try await ticks(client, stride(from: 496, through: 800, by: 16))
        let copy = frames.filter { $0.session == "s4" }
        let original = frames.filter { $0.session == child.id }
        #expect(!copy.isEmpty)
        #expect(copy.map(\.sheet) == original.map(\.sheet))
        #expect(frames.filter { $0.session == "s3" }.map(\.transform)
                    == frames.filter { $0.session == root.id }.map(\.transform))
        // The child's frames and events reach the child's handle.
        var seqs: [Int] = []
        for await frame in restored.children[0].frames {
            seqs.append(frame.seq)
            if seqs.count == copy.count { break }
        }
        #expect(seqs == copy.map(\.seq))
        #expect(await types(restored.children[0], until: "presented") == ["presented"])
        // A lone session restores without children.
        let lone = try await client.createSession(container: container, preferredHeight: 300)
        #expect(try await client.restoreSession(try await lone.snapshot()).children.isEmpty)
        #expect(try await client.shutdown() == 0)
    }
}
