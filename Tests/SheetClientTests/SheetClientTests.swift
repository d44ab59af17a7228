import Foundation
import SheetClient
import SheetRPC
import Testing

@Suite("SheetClient against the built sheetd")
struct SheetClientTests {
    let container = iPhoneContainer

    func start() async throws -> SheetClient {
        try await startHostClockClient(name: "SheetClientTests")
    }

    @Test func presentProducesTheDocumentedFramesAndEvent() async throws {
        let client = try await start()
        let session = try await client.createSession(container: container, preferredHeight: 300)
        #expect(session.id == "s1")
        #expect(try await session.present(t: 0) == .presenting)
        #expect(try await client.tick(0).map(\.sheet.y) == [844])
        let half = try await client.tick(150)
        #expect(half.map(\.sheet.y) == [677])
        #expect(half.first?.dimmingAlpha == 0.3)
        #expect(half.first?.progress == 0.5)
        let end = try await client.tick(300)
        #expect(end.first?.state == .presented)
        #expect(end.first?.sheet.y == 510)
        #expect(try await client.tick(316).isEmpty)
        #expect(try await client.shutdown() == 0)
        // The streams carried the same frames and the event, and finished with the connection.
        var seqs: [Int] = []
        for await frame in session.frames { seqs.append(frame.seq) }
        #expect(seqs == [1, 2, 3])
        var types: [String] = [], settles: [SettleIntent] = []
        for await event in session.events {
            types.append(event.type)
            if let settle = event.settle { settles.append(settle) }
        }
        #expect(types == ["willSettle", "presented"])
        #expect(settles.map(\.trigger) == ["present"])
        #expect(settles.first?.rest.y == 510 && settles.first?.detent == "fit" && settles.first?.durationMs == 292)
    }

    @Test func aFlingDismissesAndTheEventStreamSaysSo() async throws {
        let client = try await start()
        let session = try await client.createSession(container: container, preferredHeight: 300)
        try await session.present(t: 0)
        try await ticks(client, stride(from: 0, through: 304, by: 16))
        #expect(try await session.pan(t: 400, phase: .began, translation: Vector(x: 0, y: 0)) == .dragging)
        let preview = try await session.previewRelease(velocity: Vector(x: 0, y: 900))
        #expect(preview.dismisses && preview.detent == nil && preview.rest.y == 844 && preview.trigger == nil)
        #expect(try await session.pan(t: 416, phase: .ended, translation: Vector(x: 0, y: 40),
                                      velocity: Vector(x: 0, y: 900)) == .dismissing)
        let frames = try await ticks(client, stride(from: 416, through: 800, by: 16))
        #expect(frames.last?.sheet.y == 844)
        var types: [String] = []
        for await event in session.events {
            types.append(event.type)
            if event.type == "dismissed" { break }
        }
        #expect(types == ["willSettle", "presented", "willSettle", "dismissed"])
        #expect(try await client.shutdown() == 0)
    }

    /// Reduced motion: the sheet is at its rest rect at once and fades in (`opacity`).
    @Test func reducedMotionFadesTheSheetInPlace() async throws {
        let client = try SheetClient(executable: builtDaemon())
        #expect(try await client.initialize(clock: .host, reduceMotion: true).reduceMotion)
        let session = try await client.createSession(container: container, preferredHeight: 300)
        try await session.present(t: 0)
        let frame = try #require(try await client.tick(150).first)
        #expect(frame.sheet.y == 510 && frame.opacity == 0.5 && frame.dimmingAlpha == 0.3)
        #expect(try await client.runUntilRest().frames.last?.opacity == 1)
        #expect(try await client.shutdown() == 0)
    }

    /// `runUntilRest` and `currentFrame`: the harness verbs, with their exact numbers.
    @Test func runUntilRestTicksToRestAndCurrentFrameConsumesNoSeq() async throws {
        let client = try await start()
        let session = try await client.createSession(container: container, preferredHeight: 300)
        #expect(try await session.currentFrame().seq == 0)
        try await session.present(t: 0)
        let cut = try await client.runUntilRest(fps: 30, maxMs: 100)
        #expect(cut.t == 100 && cut.ticks == 3 && !cut.rested && cut.frames.map(\.t) == [100 / 3.0, 200 / 3.0, 100])
        let now = try await session.currentFrame()
        #expect(now.seq == 3 && now.t == 100 && now.sheet == cut.frames.last?.sheet)
        let rest = try await client.runUntilRest()
        #expect(rest.t == 300 && rest.ticks == 12 && rest.rested && rest.frames.first?.seq == 4)
        #expect(rest.frames.last?.sheet.y == 510)
        #expect(try await client.shutdown() == 0)
    }

    /// The client's values are the wire's own: a `fromTop` detent, a grabber pan and a named
    /// keyboard curve reach the daemon and are accepted.
    @Test func everyWireChoiceIsSpelledByTheClient() async throws {
        let client = try await start()
        let session = try await client.createSession(container: container, preferredHeight: 300,
                                                     detents: [.medium, .fromTop(id: "tall", 100)], selectedDetent: "tall")
        try await session.present(t: 0, animated: false)
        try await client.tick(0)
        #expect(try await session.pan(t: 10, phase: .began, translation: Vector(x: 0, y: 0), source: .grabber) == .dragging)
        #expect(try await session.pan(t: 20, phase: .cancelled, translation: Vector(x: 0, y: 0), source: .grabber) != .dragging)
        #expect(try await session.keyboard(t: 30, height: 200, curve: .linear) != .dismissed)
        #expect(try await session.tap(t: 40, target: .grabber) != .dismissed)
        #expect(try await client.shutdown() == 0)
    }

    /// A detent whose height the bundled `golden` resolver gives: the maximum detent value ÷ φ
    /// (797 / 1.618… = 492.573), and `plugins.list` names it with its kind.
    @Test func aResolverDetentIsSpelledByTheClient() async throws {
        let client = try await start()
        let session = try await client.createSession(container: container, preferredHeight: 300,
                                                     detents: [.fit, .resolver(id: "golden", resolver: "golden")],
                                                     selectedDetent: "golden")
        try await session.present(t: 0, animated: false)
        let frame = try await client.tick(0).first
        #expect(frame?.sheet.height == 492.573 && frame?.sheet.y == 351.427 && frame?.detent == "golden")
        let plugins = try await client.listPlugins().arrayValue ?? []
        #expect(plugins.contains { $0["name"]?.stringValue == "golden" && $0["kind"]?.stringValue == "detentResolver" })
        #expect(try await client.shutdown() == 0)
    }

    /// `options.gesture` through the client: the pan's `gesture` answer and `panDeclined`'s reason.
    @Test func aDeclinedPanIsAnsweredAndReported() async throws {
        let client = try await start()
        let session = try await client.createSession(container: container, preferredHeight: 300,
                                                     options: ["gesture": ["slop": 10, "directionLock": true]])
        try await session.present(t: 0, animated: false)
        try await client.tick(0)
        #expect(try await session.panGesture(t: 10, phase: .began, translation: Vector(x: 0, y: 0))
            == PanAnswer(state: .presented, gesture: .pending))
        #expect(try await session.panGesture(t: 20, phase: .changed, translation: Vector(x: 30, y: 4))
            == PanAnswer(state: .presented, gesture: .declined))
        #expect(try await client.shutdown() == 0)
        var declined: [SheetEvent] = []
        for await event in session.events where event.type == "panDeclined" { declined.append(event) }
        #expect(declined.map(\.reason) == ["direction"] && declined.map(\.t) == [20])
    }

    @Test func errorAnswersThrowTheirJSONRPCCode() async throws {
        let client = try SheetClient(executable: builtDaemon())
        await #expect(throws: SheetClientError.self) { try await client.tick(0) }
        do {
            try await client.tick(0)
        } catch {
            #expect(error.code == -32002)  // not initialized
        }
        try await client.initialize()
        do {
            _ = try await client.createSession(container: Container(width: -3, height: 844))
            Issue.record("a negative width was accepted")
        } catch {
            #expect(error.code == -32602)
            guard case .rpc(_, let message, _, let method) = error else { throw error }
            #expect(message.contains("params.container.width"))
            #expect(method == "session.create")
        }
        let session = try await client.createSession(container: container, preferredHeight: 300)
        do {
            try await session.pan(t: 0, phase: .began, translation: Vector(x: 0, y: 0))
            Issue.record("a pan on a dismissed sheet was accepted")
        } catch {
            #expect(error.code == -32010)
        }
        do {
            try await client.request("sheet.present", ["session": "s9", "t": 0])
            Issue.record("an unknown session was accepted")
        } catch {
            #expect(error.code == -32001)
        }
        try client.notify("input.tap", ["session": "s7", "t": 1, "target": "dimming"])
        try await client.tick(2)
        #expect(client.diagnostics.last?.code == -32001)
        #expect(try await session.present(t: 3) == .presenting)  // still usable
        #expect(try await client.shutdown() == 0)
    }

    @Test func everySessionMethodReachesTheDaemon() async throws {
        let client = try await start()
        let session = try await client.createSession(
            container: container, detents: [.medium, .large], selectedDetent: "medium",
            navigation: [NavEntry(id: "root", preferredHeight: 300)])
        try await session.present(t: 0)
        try await ticks(client, stride(from: 0, through: 320, by: 16))
        #expect(try await session.selectDetent("large", t: 400) == .settling)
        try await ticks(client, stride(from: 400, through: 1100, by: 50))
        #expect(try await session.push(NavEntry(id: "detail", preferredHeight: 500), t: 1200) == .presented)
        try await ticks(client, stride(from: 1200, through: 1600, by: 50))
        #expect(try await session.pop(t: 1700) == .presented)
        try await session.setStack([NavEntry(id: "a", preferredHeight: 200), NavEntry(id: "b", preferredHeight: 250)],
                                   t: 1800, animated: false)
        #expect(try await session.popToRoot(t: 1900, animated: false) == .presented)
        #expect(try await session.setContentHeight(350, t: 2000) == .presented)
        #expect(try await session.keyboard(t: 2100, height: 300, durationMs: 100) == .presented)
        try await session.keyboard(t: 2200, height: 0)
        #expect(try await session.scroll(t: 2300, phase: .dragBegan, offsetY: 0, insetTop: 0, contentHeight: 2000,
                                         viewportHeight: 500, isTracking: true, translationY: 0) == .presented)
        try await session.setContainer(Container(width: 844, height: 390), t: 2400)
        let frames = try await ticks(client, stride(from: 2400, through: 3400, by: 50))
        #expect(frames.last?.sheet.width == 844)
        let state = try await session.snapshot()
        #expect(state["format"]?.stringValue == "sheetd.snapshot/3")
        let restored = try await client.restoreSession(state)
        #expect(restored.id == "s2")
        #expect(try await client.listSessions().map(\.session) == ["s1", "s2"])
        try await session.dismiss(t: 3500)
        try await session.destroy()
        #expect(try await client.listSessions().map(\.session) == ["s2"])
        #expect(try await client.shutdown() == 0)
    }

    @Test func snapshotsRestoreUnderANewIdAndContinueTheFrames() async throws {
        let client = try await start()
        let session = try await client.createSession(container: container, preferredHeight: 300)
        try await session.present(t: 0)
        try await ticks(client, stride(from: 0, through: 160, by: 16))
        let restored = try await client.restoreSession(try await session.snapshot())
        let frames = try await ticks(client, stride(from: 176, through: 320, by: 16))
        let original = frames.filter { $0.session == "s1" }
        let copy = frames.filter { $0.session == restored.id }
        #expect(!copy.isEmpty)
        #expect(copy.map(\.seq) == original.map(\.seq))
        #expect(copy.map(\.sheet) == original.map(\.sheet))
        #expect(try await client.shutdown() == 0)
    }

    @Test func givenDescriptorsWork() async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try builtDaemon())
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let client = SheetClient(output: dup(stdout.fileHandleForReading.fileDescriptor),
                                 input: dup(stdin.fileHandleForWriting.fileDescriptor))
        try stdin.fileHandleForWriting.close()
        try stdout.fileHandleForReading.close()
        try await client.initialize(clock: .host)
        let session = try await client.createSession(container: container, preferredHeight: 300)
        try await session.present(t: 0)
        #expect(try await client.tick(300).first?.sheet.y == 510)
        #expect(try await client.shutdown() == nil)  // not our child: no status
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func callsAfterTheDaemonEndedThrowInsteadOfHanging() async throws {
        let client = try await start()
        #expect(try await client.shutdown() == 0)
        do {
            try await client.tick(1)
            Issue.record("a request after the daemon exited was answered")
        } catch {
            guard case .connectionClosed = error else { throw error }
        }
        // A daemon that dies under a waiting request: the request fails, nothing hangs.
        let doomed = try await start()
        let session = try await doomed.createSession(container: container, preferredHeight: 300)
        try await doomed.request("sheet.present", ["session": .string(session.id), "t": 0])
        try doomed.notify("exit")  // exit without shutdown: status 1
        await #expect(throws: SheetClientError.self) { try await doomed.tick(5) }
        #expect(await doomed.close() == 1)
    }

    @Test func theDaemonIsFoundFromTheArgumentFirst() throws {
        let path = try builtDaemon()
        #expect(try DaemonLocator.find(path) == path)
        #expect(throws: SheetClientError.self) { try DaemonLocator.find("/nonexistent/sheetd") }
        #expect(throws: SheetClientError.self) { try SheetClient(executable: "/nonexistent/sheetd") }
    }
}
