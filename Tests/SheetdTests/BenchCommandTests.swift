import Foundation
import SheetRPC
import Testing

/// `sheetd bench` runs its figures end to end (the figures themselves are reported, not tested).
@Suite struct BenchCommandTests {
    @Test func quickBenchPrintsEveryFigure() throws {
        let r = try Self.bench(["--quick"])
        #expect(r.status == 0, "\(r.stderr)")
        for figure in ["session.list request", "input.pan changed", "clock.tick with 10000 idle sessions",
                       "round trip over pipes", "pipelined requests", "realtime 60 fps"] {
            #expect(r.stdout.contains(figure), "missing \(figure)")
        }
    }

    @Test func quickBenchWritesJSONWithTheFloorComparison() throws {
        let r = try Self.bench(["--quick", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONCodec.decode(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let figures = doc["figures"]?.arrayValue ?? []
        let names = figures.compactMap { $0["name"]?.stringValue }
        for figure in ["sheetd / floor", "outputs byte-identical", "frame cost ratio", "tick cost ratio",
                       "spawn to initialize reply", "memory per session", "round trip over pipes"] {
            #expect(names.contains { $0.contains(figure) }, "missing \(figure)")
        }
        // sheetd and the C floor wrote the same bytes.
        let identical = figures.first { $0["name"]?.stringValue?.contains("byte-identical") == true }
        #expect(identical?["unit"] == "yes")
    }

    /// `sheetd bench ARGS` to completion. The bench spawns children and builds the C floor, so
    /// the harness waits longer than for a daemon (a hang still ends the test).
    static func bench(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let d = try Daemon(arguments: ["bench"] + arguments, framing: .ndjson)
        d.timeout = .seconds(600)
        d.closeInput()
        let status = try d.waitForExit()
        return (status, String(decoding: d.rawOutput, as: UTF8.self), d.stderrText)
    }

    @Test func unknownBenchArgumentIsAUsageError() throws {
        let r = try Daemon.run(["bench", "--fast"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--fast"))
    }
}
