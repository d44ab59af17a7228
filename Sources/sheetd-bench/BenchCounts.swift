#if canImport(Glibc)
import Glibc
#endif

/// `sheetd-bench --counts` and `--check-counts`: what a frame costs in counts, not time —
/// repeatable on a loaded machine.
///
/// Each figure is taken over two lengths of the same stream and divided by the difference
/// in frames, so start-up, `initialize` and the sessions' creation cancel:
/// - heap allocations, counted by `bench/floor/allocs.c` preloaded into `sheetd serve`;
/// - `swift_retain` / `swift_release` calls (and those of the other reference-counting entry
///   points), from callgrind's call counts (`valgrind --tool=callgrind`);
/// - instructions, from the same callgrind runs, for sheetd and for both C floors.
///
/// The hot path is one session: `input.pan` changed, then a `clock.tick` that emits its
/// frame, over and over (`DragStream` with one session). `--check-counts` exits 1 when its
/// allocations or reference-counting calls per frame are above 0 (and 2 when they cannot
/// be measured).
enum BenchCounts {
    /// Frames of the two lengths: the hot path (1 session) and the drag stream.
    static func lengths(quick: Bool) -> (hot: (Int, Int), dragSessions: Int, drag: (Int, Int)) {
        quick ? ((100, 300), 20, (5, 15)) : ((1_000, 3_000), 100, (20, 60))
    }

    /// Reference-counting entry points of the Swift runtime, by what callgrind calls them.
    static let retains: Set<String> = ["swift_retain", "swift_retain_n", "swift_nonatomic_retain", "swift_nonatomic_retain_n"]
    static let releases: Set<String> = ["swift_release", "swift_release_n", "swift_nonatomic_release", "swift_nonatomic_release_n"]
    /// Any other entry point that retains or releases (bridge, unknown, unowned, weak objects).
    static func isOtherReferenceCounting(_ name: String) -> Bool {
        name.hasPrefix("swift_") && !retains.contains(name) && !releases.contains(name)
            && (name.contains("Retain") || name.contains("Release") || name.hasSuffix("retain") || name.hasSuffix("release"))
    }

    /// The hot path's per-frame counts (nil: not measured).
    struct HotPath {
        var allocations: Double?
        var retains: Double?
        var releases: Double?
        var otherReferenceCounting: Double?
        var instructions: Double?

        /// Every count measured and 0.
        var isClean: Bool {
            [allocations, retains, releases, otherReferenceCounting].allSatisfy { $0 == 0 }
        }
        var isMeasured: Bool {
            [allocations, retains, releases, otherReferenceCounting].allSatisfy { $0 != nil }
        }
    }

    /// Measures and prints the rows; the exit status (`check`: 1 when a hot-path count is
    /// above 0, 2 when one could not be measured).
    static func run(_ out: BenchOutput, quick: Bool, inputs: BenchInputs, check: Bool) -> Int32 {
        guard let work = FloorComparison.makeWorkDirectory() else {
            out.unavailable("counts", "no temporary directory")
            return check ? 2 : 0
        }
        defer { _ = ChildProcess.run(["/bin/rm", "-rf", work]) }
        let floors = FloorComparison(floorDirectory: inputs.floorDirectory, workDirectory: work, daemon: inputs.daemon)
        let counter = floors.buildPreload("allocs")
        let valgrind = Callgrind.available()
        if !valgrind { BenchOutput.warn("sheetd-bench: no valgrind on PATH: no reference-counting or instruction counts") }
        let n = lengths(quick: quick)
        let sheetd = [inputs.daemon, "serve"]

        // The hot path: one session, pan + tick per frame.
        var hot = HotPath()
        let hotLabel = "hot path (pan + tick, 1 session)"
        if let a = floors.writeStream(sessions: 1, ticks: n.hot.0), let b = floors.writeStream(sessions: 1, ticks: n.hot.1) {
            let frames = Double(n.hot.1 - n.hot.0)
            if let counter, let x = allocations(sheetd, input: a, preload: counter, work: work),
               let y = allocations(sheetd, input: b, preload: counter, work: work) {
                hot.allocations = Double(y - x) / frames
            }
            if valgrind, let x = Callgrind.run(sheetd, input: a, work: work), let y = Callgrind.run(sheetd, input: b, work: work) {
                hot.instructions = Double(y.instructions - x.instructions) / frames
                hot.retains = Double(y.calls(retains) - x.calls(retains)) / frames
                hot.releases = Double(y.calls(releases) - x.calls(releases)) / frames
                hot.otherReferenceCounting = Double(y.calls(where: isOtherReferenceCounting) - x.calls(where: isOtherReferenceCounting)) / frames
                for name in Set(y.callsByName.keys).filter(isOtherReferenceCounting).sorted() {
                    let d = (y.callsByName[name] ?? 0) - (x.callsByName[name] ?? 0)
                    if d != 0 { BenchOutput.warn("sheetd-bench: \(name): \(Double(d) / frames) calls per frame") }
                }
            }
        }
        func row(_ name: String, _ v: Double?, _ unit: String, why: String) {
            if let v { out.row(name, v, unit, decimals: 3) } else { out.unavailable(name, why) }
        }
        row("\(hotLabel): heap allocations per frame", hot.allocations, "allocs/frame", why: "allocs.c not built or sheetd failed")
        row("\(hotLabel): swift_retain per frame", hot.retains, "calls/frame", why: "no valgrind")
        row("\(hotLabel): swift_release per frame", hot.releases, "calls/frame", why: "no valgrind")
        row("\(hotLabel): other retain/release entry points per frame", hot.otherReferenceCounting, "calls/frame", why: "no valgrind")
        row("\(hotLabel): instructions per frame", hot.instructions, "instr/frame", why: "no valgrind")

        if !check {
            drag(out, floors: floors, sessions: n.dragSessions, ticks: n.drag, counter: counter, valgrind: valgrind, work: work)
        }
        guard check else { return 0 }
        guard hot.isMeasured else {
            BenchOutput.warn("sheetd-bench: --check-counts: the hot path's counts could not all be measured")
            return 2
        }
        if !hot.isClean {
            BenchOutput.warn("sheetd-bench: --check-counts: the hot path allocates or retains/releases per frame")
            return 1
        }
        return 0
    }

    /// The drag stream (`sessions` sessions, every one moving on every tick): allocations
    /// and instructions per frame of sheetd, instructions per frame of both floors and the
    /// ratios.
    static func drag(_ out: BenchOutput, floors: FloorComparison, sessions: Int, ticks: (Int, Int),
                     counter: String?, valgrind: Bool, work: String) {
        let label = "drag stream \(sessions)×(\(ticks.1)−\(ticks.0))"
        guard let a = floors.writeStream(sessions: sessions, ticks: ticks.0),
              let b = floors.writeStream(sessions: sessions, ticks: ticks.1) else { return }
        let frames = Double(sessions * (ticks.1 - ticks.0))
        let sheetd = [floors.daemon, "serve"]
        if let counter, let x = allocations(sheetd, input: a, preload: counter, work: work),
           let y = allocations(sheetd, input: b, preload: counter, work: work) {
            out.row("\(label): sheetd heap allocations per frame", Double(y - x) / frames, "allocs/frame", decimals: 3)
        }
        guard valgrind else { return }
        let initialize = String(decoding: DragStream.initializeResult(), as: UTF8.self)
        func perFrame(_ argv: [String]) -> Callgrind.Profile? {
            guard let x = Callgrind.run(argv, input: a, work: work), let y = Callgrind.run(argv, input: b, work: work) else { return nil }
            return Callgrind.Profile(instructions: (y.instructions - x.instructions), callsByName: [:])
        }
        guard let s = perFrame(sheetd) else { return }
        let sheetdPerFrame = Double(s.instructions) / frames
        out.row("\(label): sheetd instructions per frame", sheetdPerFrame, "instr/frame", decimals: 0)
        for (name, label2, jansson) in [("scan", "scanner floor", false), ("floor", "jansson floor", true)] {
            guard let exe = floors.buildFloor(name, jansson: jansson), let f = perFrame([exe, initialize]) else { continue }
            let floorPerFrame = Double(f.instructions) / frames
            out.row("\(label): \(label2) instructions per frame", floorPerFrame, "instr/frame", decimals: 0)
            out.row("\(label): sheetd / \(label2), instructions", sheetdPerFrame / floorPerFrame, "x")
        }
    }

    /// Heap allocations of `argv` run on `input` with the counter preloaded.
    static func allocations(_ argv: [String], input: String, preload: String, work: String) -> Int? {
        let report = work + "/allocs.txt"
        unlink(report)
        guard let r = ChildProcess.run(["/usr/bin/env", "LD_PRELOAD=" + preload, "SHEETD_ALLOCS_OUT=" + report] + argv,
                                       stdin: input, clearEnvironment: ["SHEETD_PLUGIN_PATH", "LD_PRELOAD"]),
              r.status == 0, let bytes = readFile(report) else { return nil }
        return Int(String(decoding: bytes, as: UTF8.self).trimmingASCIIWhitespace())
    }
}

/// `valgrind --tool=callgrind` runs and the two things read from their output: the total
/// instructions and the calls made to each function.
enum Callgrind {
    struct Profile {
        var instructions: Int
        var callsByName: [String: Int]

        func calls(_ names: Set<String>) -> Int { names.reduce(0) { $0 + (callsByName[$1] ?? 0) } }
        func calls(where p: (String) -> Bool) -> Int { callsByName.reduce(0) { $0 + (p($1.key) ? $1.value : 0) } }
    }

    static func available() -> Bool {
        ChildProcess.run(["/bin/sh", "-c", "command -v valgrind >/dev/null"])?.status == 0
    }

    static func run(_ argv: [String], input: String, work: String) -> Profile? {
        let file = work + "/callgrind.out"
        unlink(file)
        guard let r = ChildProcess.run(["/usr/bin/env", "valgrind", "-q", "--tool=callgrind", "--callgrind-out-file=" + file] + argv,
                                       stdin: input, clearEnvironment: ["SHEETD_PLUGIN_PATH", "LD_PRELOAD"]),
              r.status == 0, let bytes = readFile(file) else { return nil }
        return parse(String(decoding: bytes, as: UTF8.self))
    }

    /// Reads callgrind's format: `fn=`/`cfn=` lines name functions (compressed as `(id) name`
    /// the first time, `(id)` after), `calls=N ...` counts the calls of the last `cfn` from
    /// the current function; `summary:` (or `totals:`) gives the instructions.
    static func parse(_ text: String) -> Profile {
        var names: [Substring: Substring] = [:]
        var callee: Substring = ""
        var calls: [String: Int] = [:]
        var instructions = 0
        func name(_ spec: Substring) -> Substring {
            guard spec.first == "(", let close = spec.firstIndex(of: ")") else { return spec }
            let id = spec[...close]
            let rest = spec[spec.index(after: close)...].drop { $0 == " " }
            if !rest.isEmpty { names[id] = rest }
            return names[id] ?? id
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("cfn=") {
                callee = name(line.dropFirst(4))
            } else if line.hasPrefix("fn=") {
                _ = name(line.dropFirst(3))
            } else if line.hasPrefix("calls=") {
                let n = Int(line.dropFirst(6).prefix { $0 != " " }) ?? 0
                calls[String(callee), default: 0] += n
            } else if line.hasPrefix("summary:") || line.hasPrefix("totals:") {
                let v = line.drop { $0 != ":" }.dropFirst().drop { $0 == " " }
                instructions = Int(v.prefix { $0 != " " }) ?? instructions
            }
        }
        return Profile(instructions: instructions, callsByName: calls)
    }
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        let bytes = Array(utf8)
        var a = 0, b = bytes.count
        while a < b, bytes[a] == 32 || bytes[a] == 10 || bytes[a] == 9 || bytes[a] == 13 { a += 1 }
        while b > a, bytes[b - 1] == 32 || bytes[b - 1] == 10 || bytes[b - 1] == 9 || bytes[b - 1] == 13 { b -= 1 }
        return String(decoding: bytes[a..<b], as: UTF8.self)
    }
}
