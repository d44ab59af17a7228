import Testing

/// `sheetd bench` runs its figures end to end (the figures themselves are reported, not tested).
@Suite struct BenchCommandTests {
    @Test func quickBenchPrintsEveryFigure() throws {
        let r = try Daemon.run(["bench", "--quick"])
        #expect(r.status == 0, "\(r.stderr)")
        for figure in ["session.list request", "input.pan changed", "clock.tick with 10000 idle sessions",
                       "round trip over pipes", "pipelined requests", "realtime pacing, 60 fps"] {
            #expect(r.stdout.contains(figure), "missing \(figure)")
        }
    }

    @Test func unknownBenchArgumentIsAUsageError() throws {
        let r = try Daemon.run(["bench", "--fast"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--fast"))
    }
}
