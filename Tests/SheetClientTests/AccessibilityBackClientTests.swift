import SheetClient
import SheetRPC
import Testing

/// `SheetSession.accessibilityAction` / `back` and `Frame.accessibilityActions` / `back`
/// against the built sheetd.
@Suite("SheetClient: accessibility actions and back")
struct AccessibilityBackClientTests {
    @Test func anActionMovesTheSheetAndFramesListWhatIsAvailable() async throws {
        let client = try await startHostClockClient(name: "AccessibilityBackClientTests")
        let session = try await client.createSession(container: iPhoneContainer, detents: [.medium, .large])
        try await session.present(t: 0, animated: false)
        let first = try await client.tick(0)
        #expect(first.first?.accessibilityActions == [.expand, .dismiss] && first.first?.back == nil)
        #expect(try await session.accessibilityAction(t: 16, .expand) == .settling)
        #expect(try await client.tick(32).first?.accessibilityActions == [.collapse, .dismiss])
        do {
            try await session.accessibilityAction(t: 48, .expand)
            Issue.record("an action not available was accepted")
        } catch {
            #expect(error.code == -32010)
            guard case .rpc(_, let message, _, _) = error else { throw error }
            #expect(message.contains("available: collapse, dismiss, escape"))
        }
        #expect(try await client.shutdown() == 0)
    }

    @Test func aBackGestureScalesTheSheetAndInvokedDismisses() async throws {
        let client = try await startHostClockClient(name: "AccessibilityBackClientTests")
        let session = try await client.createSession(container: iPhoneContainer, preferredHeight: 300)
        try await session.present(t: 0, animated: false)
        _ = try await client.tick(0)
        do {
            try await session.back(t: 16, phase: .began)
            Issue.record("began without progress was accepted")
        } catch {
            #expect(error.code == -32602)
        }
        try await session.back(t: 16, phase: .began, progress: 0.5, swipeEdge: .left)
        // 1 − p·48/390 and 1 − p·24/334 at p = interpolateProgress(0.5) = 0.8948858.
        #expect(try await client.tick(16).first?.back == Frame.BackScale(scaleX: 0.8899, scaleY: 0.9357))
        #expect(try await session.back(t: 32, phase: .invoked) == .dismissing)
        let frames = try await ticks(client, stride(from: 32, through: 400, by: 16))
        #expect(frames.last?.state == .dismissed && frames.last?.back == nil)
        #expect(try await client.shutdown() == 0)
        var causes: [String?] = []
        for await event in session.events where event.type == "dismissed" { causes.append(event.cause) }
        #expect(causes == [nil])
    }
}
