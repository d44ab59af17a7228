import Foundation
import SheetRPC
import Testing

/// `sheetd bench` runs its figures end to end (the figures themselves are reported, not tested).
@Suite struct BenchCommandTests {
    @Test func quickBenchPrintsEveryFigure() throws {
        let r = try Daemon.run(["bench", "--quick"])
        #expect(r.status == 0, "\(r.stderr)")
        for figure in ["session.list request", "input.pan changed", "clock.tick with 10000 idle sessions",
                       "round trip over pipes", "pipelined requests"] {
            #expect(r.stdout.contains(figure), "missing \(figure)")
        }
    }

    @Test func quickBenchWritesJSONWithTheFloorComparison() throws {
        let r = try Daemon.run(["bench", "--quick", "--json"])
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

    @Test func unknownBenchArgumentIsAUsageError() throws {
        let r = try Daemon.run(["bench", "--fast"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--fast"))
    }
}
