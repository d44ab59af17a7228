import Foundation
import SheetRPC
import Testing

/// `sheetd-bench` finds the daemon and the C floor it measures, and says clearly when it
/// cannot. The full bench is run by hand (`swift run -c release sheetd-bench`); here only the
/// floor comparison at smoke size, whose figures are reported, not tested.
@Suite struct BenchExecutableTests {
    /// `sheetd-bench` beside the `sheetd` the tests run.
    static func benchPath() throws -> String {
        URL(fileURLWithPath: try Daemon.binaryPath()).deletingLastPathComponent().appendingPathComponent("sheetd-bench").path
    }

    static func bench(_ arguments: [String]) throws -> Subprocess.Result {
        try Subprocess.run(benchPath(), arguments + ["--sheetd", Daemon.binaryPath()])
    }

    @Test func quickComparisonFindsTheFloorAndMatchesItsBytes() throws {
        let r = try Self.bench(["--quick", "--compare", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONCodec.decode(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let figures = doc["figures"]?.arrayValue ?? []
        let names = figures.compactMap { $0["name"]?.stringValue }
        #expect(names.contains { $0.contains("sheetd / floor") }, "\(names)")
        #expect(names.contains { $0.contains("sheetd / scanner floor") }, "\(names)")
        let identical = figures.first { $0["name"]?.stringValue?.contains("byte-identical") == true }
        #expect(identical?["unit"] == "yes")
    }

    /// `--counts` measures allocations with the preload it builds from `bench/floor/allocs.c`
    /// (and, where valgrind is installed, retain/release and instructions). The counts of a
    /// debug build are not the release build's, so only their presence is checked here.
    @Test func quickCountsMeasureAllocationsPerFrame() throws {
        let r = try Self.bench(["--quick", "--counts", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONCodec.decode(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let figures = doc["figures"]?.arrayValue ?? []
        let allocations = figures.first { $0["name"]?.stringValue?.hasSuffix("heap allocations per frame") == true }
        #expect(allocations?["unit"] == "allocs/frame", "\(figures)")
        #expect((allocations?["value"]?.doubleValue ?? -1) >= 0, "\(figures)")
        for name in ["swift_retain per frame", "swift_release per frame", "instructions per frame"] {
            #expect(figures.contains { $0["name"]?.stringValue?.hasSuffix(name) == true }, "\(name)")
        }
    }

    /// `--startup` prints only the start-up rows, with sheetd against the Swift hello
    /// (`bench/floor/hello.swift`) whenever that one could be built.
    @Test func quickStartupPrintsOnlyTheStartupRows() throws {
        let r = try Self.bench(["--quick", "--startup", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONCodec.decode(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let names = (doc["figures"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        #expect(!names.isEmpty && names.allSatisfy { $0.hasPrefix("start-up: ") }, "\(names)")
        #expect(names.contains { $0.hasPrefix("start-up: sheetd / C") }, "\(names)")
        if names.contains(where: { $0.hasPrefix("start-up: Swift hello (") }) {  // it could be built
            #expect(names.contains { $0.hasPrefix("start-up: sheetd / Swift hello") }, "\(names)")
        }
    }

    /// `--memory` prints only the two memory rows, both positive.
    @Test func quickMemoryPrintsOnlyTheMemoryRows() throws {
        let r = try Self.bench(["--quick", "--memory", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONCodec.decode(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let figures = doc["figures"]?.arrayValue ?? []
        let names = figures.compactMap { $0["name"]?.stringValue }
        #expect(names.count == 2 && names.allSatisfy { $0.hasPrefix("memory per session at 2000 sessions") }, "\(names)")
        #expect(figures.allSatisfy { ($0["value"]?.doubleValue ?? 0) > 0 }, "\(figures)")
    }

    @Test(arguments: [(["--floor", "/nonexistent/floor"], "no floor.c, scan.c, frames.h, allocs.c and hello.c in /nonexistent/floor"),
                      (["--sheetd", "/nonexistent/sheetd"], "no executable sheetd at /nonexistent/sheetd")])
    func missingInputIsNamed(arguments: [String], message: String) throws {
        let r = try Subprocess.run(Self.benchPath(), arguments)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func unknownArgumentIsAUsageError() throws {
        let r = try Subprocess.run(Self.benchPath(), ["--fast"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--fast"))
    }
}
