import SheetRPC
import SheetServer
import Testing

/// `SheetService.advance(toDisplayFrame:)`, the realtime clock of the WebAssembly build in a
/// page (ticked from requestAnimationFrame): a tick at exactly the display frame's time, not
/// on the fps grid; never backwards; nothing on the host clock or while nothing moves.
@Suite struct DisplayFrameTests {
    final class Clock: @unchecked Sendable { var now = 1000.0 }

    static func frames(_ run: InProcess, _ now: Double) -> [JSONValue] {
        RPCCollector.bodies { run.service.advance(toDisplayFrame: now, emit: RPCNotifier($0)) }
            .compactMap { try? JSONCodec.decode($0) }
            .filter { $0["method"] == "sheet.frame" }
    }

    @Test func ticksAtTheDisplayFramesTime() {
        let clock = Clock()
        let run = InProcess(configuration: .init(now: { clock.now }), initialize: ["clock": "realtime", "fps": 60])
        let s = run.call("session.create", ["container": ["width": 390, "height": 844], "content": ["preferredHeight": 300]])?["session"]
        #expect(s == "s1")
        clock.now = 1003
        _ = run.call("sheet.present", ["session": "s1"])
        // 23.5 ms after initialize: not a 60 fps grid point (16.67, 33.33).
        let first = Self.frames(run, 1023.5)
        #expect(first.count == 1)
        #expect(first.first?["params"]?["t"] == 23.5)
        // Not after the last tick: nothing (time never goes backwards).
        #expect(Self.frames(run, 1020).isEmpty)
        #expect(Self.frames(run, 1023.5).isEmpty)
        let second = Self.frames(run, 1040.25)
        #expect(second.first?["params"]?["t"] == 40.25)
        #expect(second.first?["params"]?["seq"] == 2)
    }

    @Test func nothingOnTheHostClockOrAtRest() {
        let host = InProcess(initialize: ["clock": "host"])
        _ = host.call("session.create", ["container": ["width": 390, "height": 844], "content": ["preferredHeight": 300]])
        _ = host.call("sheet.present", ["session": "s1", "t": 0])
        #expect(Self.frames(host, 100).isEmpty)
        let idle = InProcess(initialize: ["clock": "realtime"])
        _ = idle.call("session.create", ["container": ["width": 390, "height": 844], "content": ["preferredHeight": 300]])
        #expect(Self.frames(idle, 100).count == 1)  // a new session's first frame, as on the grid
        #expect(Self.frames(idle, 200).isEmpty)  // then at rest: nothing
    }
}
