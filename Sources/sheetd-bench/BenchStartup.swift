#if canImport(Glibc)
import Glibc
#endif

/// Start-up rows: spawn → exit of `sheetd --version` (and `/bin/true` for scale), and spawn
/// → `initialize` reply of `sheetd` in its default configuration — the bundled plugins next
/// to the executable available, opened on first use — against `bench/floor/hello.c`, a C
/// program that reads one line and answers it, and `bench/floor/hello.swift`, the same program
/// in Swift linked as sheetd is (the Swift runtime's own share). Medians of alternating runs,
/// wall clock.
enum BenchStartup {
    static func run(_ out: BenchOutput, quick: Bool, inputs: BenchInputs) {
        let runs = quick ? 3 : 31
        let sheetd = inputs.daemon

        var trueTimes: [Double] = [], versionTimes: [Double] = []
        for _ in 0..<runs {
            if let r = ChildProcess.run(["/bin/true"]) { trueTimes.append(r.wallSeconds) }
            if let r = ChildProcess.run([sheetd, "--version"]) { versionTimes.append(r.wallSeconds) }
        }
        out.row("start-up: /bin/true, spawn to exit", median(trueTimes) * 1000, "ms", decimals: 3)
        out.row("start-up: sheetd --version, spawn to exit", median(versionTimes) * 1000, "ms", decimals: 3)

        guard let work = FloorComparison.makeWorkDirectory() else {
            out.unavailable("start-up: sheetd / C, spawn to initialize reply", "no temporary directory")
            return
        }
        defer { _ = ChildProcess.run(["/bin/rm", "-rf", work]) }
        guard let hello = FloorComparison(floorDirectory: inputs.floorDirectory, workDirectory: work, daemon: sheetd).buildFloor("hello") else {
            out.unavailable("start-up: sheetd / C, spawn to initialize reply", "could not build hello.c")
            return
        }
        let request = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"host"}}"# + "\n"
        func firstReply(_ argv: [String]) -> Double? {
            guard let child = PipedChild(argv, clearEnvironment: ["SHEETD_PLUGIN_PATH"]) else { return nil }
            child.send(request)
            let got = child.readLines(1)
            let t = Double(monotonicNanoseconds() - child.started) / 1e9
            _ = child.finish()
            return got == 1 ? t : nil
        }
        let swiftHello = FloorComparison(floorDirectory: inputs.floorDirectory, workDirectory: work, daemon: sheetd).buildSwiftHello()
        var cTimes: [Double] = [], sTimes: [Double] = [], ratios: [Double] = []
        var swiftTimes: [Double] = [], swiftRatios: [Double] = [], overSwift: [Double] = []
        for _ in 0..<runs {
            guard let c = firstReply([hello]), let s = firstReply([sheetd]) else { continue }
            cTimes.append(c)
            sTimes.append(s)
            ratios.append(s / c)
            if let swiftHello, let w = firstReply([swiftHello]) {
                swiftTimes.append(w)
                swiftRatios.append(w / c)
                overSwift.append(s / w)
            }
        }
        out.row("start-up: C hello (bench/floor/hello.c), spawn to reply", median(cTimes) * 1000, "ms", decimals: 3)
        if swiftTimes.isEmpty {
            out.unavailable("start-up: Swift hello / C", "could not build bench/floor/hello.swift with swiftc")
        } else {
            out.row("start-up: Swift hello (bench/floor/hello.swift), to reply", median(swiftTimes) * 1000, "ms", decimals: 3)
            out.row("start-up: Swift hello / C (the Swift runtime's floor)", median(swiftRatios), "x")
        }
        out.row("start-up: sheetd + bundled plugins, spawn to initialize reply", median(sTimes) * 1000, "ms", decimals: 3)
        out.row("start-up: sheetd / C (median of \(ratios.count) pairs)", median(ratios), "x")
        if !overSwift.isEmpty {
            out.row("start-up: sheetd / Swift hello (median of \(overSwift.count) pairs)", median(overSwift), "x")
        }
    }
}
