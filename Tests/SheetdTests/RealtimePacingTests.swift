import Testing
import SheetRPC

/// The realtime clock ticks on a fixed grid, `origin + k * 1000/fps`: frames carry the grid
/// time, sub-millisecond part included. (How close to the grid the ticks really are is
/// measured by `sheetd-bench`, never asserted here.)
@Suite struct RealtimePacingTests {
    @Test(arguments: [60.0, 120.0, 90.0])
    func frameTimesLieOnTheGrid(_ fps: Double) throws {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "realtime", "fps": .number(fps)])
        _ = try d.call("session.create", EngineEndToEndTests.create)
        _ = try d.call("sheet.present", ["session": "s1"])
        var times: [Double] = []
        while true {
            let m = try d.readMessage()
            if m["method"] == "sheet.frame", let t = m["params"]?["t"]?.doubleValue { times.append(t) }
            if m["method"] == "sheet.event" && m["params"]?["type"] == "presented" { break }
        }
        #expect(times.count >= 2)
        let interval = 1000 / fps
        for t in times {
            let k = t / interval
            #expect(abs(k - k.rounded()) * interval < 1e-6, "t \(t) is not on the \(fps) fps grid")
        }
        for (a, b) in zip(times, times.dropFirst()) { #expect(b - a >= interval - 1e-6) }
    }
}
