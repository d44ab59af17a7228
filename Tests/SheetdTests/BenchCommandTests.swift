import Testing

/// `sheetd bench` runs its figures end to end (the figures themselves are reported, not tested).
@Suite struct BenchCommandTests {
    @Test func quickBenchPrintsEveryFigure() throws {
        // A debug build on a loaded 2-core machine takes ~20 s: the harness's 10 s safety net
        // would kill it, so this one waits longer (still a bound, not a measurement).
        let d = try Daemon(arguments: ["bench", "--quick"])
        d.timeout = .seconds(300)
        d.closeInput()
        let status = try d.waitForExit()
        let r = (status: status, stdout: String(decoding: d.rawOutput, as: UTF8.self), stderr: d.stderrText)
        #expect(r.status == 0, "\(r.stderr)")
        for figure in ["session.list request", "input.pan changed", "clock.tick with 10000 idle sessions",
                       "round trip over pipes", "pipelined requests"] {
            #expect(r.stdout.contains(figure), "missing \(figure)")
        }
    }

    @Test func unknownBenchArgumentIsAUsageError() throws {
        let r = try Daemon.run(["bench", "--fast"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--fast"))
    }
}
