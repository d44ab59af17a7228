#if canImport(Glibc)
import Glibc
#endif
import SheetRPC
import SheetServer

/// `sheetd-bench --compare`: sheetd against the two C floors in `bench/floor/`: `floor.c`
/// (jansson) and `scan.c` (a hand scanner), which share their state and formatter
/// (`frames.h`).
///
/// Generates the drag stream (`DragStream`), builds both floors with `cc`, then runs
/// `sheetd serve` and the floors in turn on it (stdin file → stdout file), checks that all
/// three wrote the same bytes and reports the median of the per-round ratios of CPU time
/// (user + system, from `wait4`: robust against other load on the machine).
struct FloorComparison {
    /// Where `floor.c`, `scan.c` and `hello.c` live (`BenchInputs.floorDirectory`).
    let floorDirectory: String
    /// A private temporary directory for the stream, the outputs and the built floors.
    let workDirectory: String
    /// The daemon measured against the floor.
    let daemon: String

    /// A fresh `mkdtemp` directory under /tmp.
    static func makeWorkDirectory() -> String? {
        var template = Array("/tmp/sheetd-bench.XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { p in mkdtemp(p.baseAddress!).map { String(cString: $0) } }
    }

    /// Compiles `bench/floor/NAME.c` into the work directory (with jansson when it uses it);
    /// nil (with a message) on failure.
    func buildFloor(_ name: String, jansson: Bool = true) -> String? {
        let libraries = jansson ? "$(pkg-config --cflags --libs jansson) -lm" : "-lm"
        return build(name + ".c", "cc -O2 -o '\(workDirectory)/\(name)' '\(floorDirectory)/\(name).c' \(libraries)",
                     output: name)
    }

    /// A small C file of `bench/floor` built as a shared library (the allocation counter).
    func buildPreload(_ name: String) -> String? {
        build(name + ".c", "cc -O2 -shared -fPIC -o '\(workDirectory)/\(name).so' '\(floorDirectory)/\(name).c' -ldl",
              output: name + ".so")
    }

    /// `link/static-libstdcxx` of the package the floor belongs to.
    var linkDirectory: String { floorDirectory + "/../../link/static-libstdcxx" }

    /// `bench/floor/hello.swift`, linked as the release sheetd is (scripts/build-release.sh and
    /// link/): static runtime, lld with packed relative relocations, no exported symbols.
    func buildSwiftHello() -> String? {
        let link = linkDirectory
        return build("hello.swift", "swiftc -O -static-stdlib -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs "
                      + "-Xlinker --no-export-dynamic -L '\(link)' "
                      + "-module-cache-path '\(workDirectory)/module-cache' -o '\(workDirectory)/hello-swift' '\(floorDirectory)/hello.swift'",
                      output: "hello-swift")
    }

    private func build(_ source: String, _ script: String, output: String) -> String? {
        guard let r = ChildProcess.run(["/bin/sh", "-c", script]), r.status == 0 else {
            BenchOutput.warn("sheetd-bench: could not build \(floorDirectory)/\(source)")
            return nil
        }
        return workDirectory + "/" + output
    }

    /// The drag stream's figures: CPU time per frame of sheetd and of each floor, and the
    /// ratios sheetd / floor.
    struct Result {
        var frames: Int
        var sheetdMicros: Double
        /// The jansson floor (`floor.c`).
        var floorMicros: Double
        var ratio: Double
        /// The scanner floor (`scan.c`).
        var scanMicros: Double
        var scanRatio: Double
        /// All three outputs were the same bytes in every round.
        var identical: Bool
        /// Which of the floors wrote other bytes than sheetd (empty when `identical`).
        var differing: [String]
    }

    /// Writes the drag stream to the work directory; its path.
    func writeStream(sessions: Int, ticks: Int) -> String? {
        let input = workDirectory + "/drag-\(sessions)x\(ticks).ndjson"
        return writeFile(input, DragStream(sessions: sessions, ticks: ticks).bytes()) ? input : nil
    }

    func run(sessions: Int, ticks: Int, rounds: Int) -> Result? {
        guard let floor = buildFloor("floor"), let scan = buildFloor("scan", jansson: false),
              let input = writeStream(sessions: sessions, ticks: ticks) else { return nil }
        let sheetdOut = workDirectory + "/sheetd.out", floorOut = workDirectory + "/floor.out",
            scanOut = workDirectory + "/scan.out"
        let initialize = String(decoding: DragStream.initializeResult(), as: UTF8.self)
        var ratios: [Double] = [], scanRatios: [Double] = []
        var sheetdTimes: [Double] = [], floorTimes: [Double] = [], scanTimes: [Double] = []
        var differing: [String] = []
        for _ in 0..<rounds {
            guard let a = ChildProcess.run([daemon, "serve"], stdin: input, stdout: sheetdOut,
                                           clearEnvironment: ["SHEETD_PLUGIN_PATH"]),
                  let b = ChildProcess.run([floor, initialize], stdin: input, stdout: floorOut),
                  let c = ChildProcess.run([scan, initialize], stdin: input, stdout: scanOut)
            else { return nil }
            sheetdTimes.append(a.cpuSeconds)
            floorTimes.append(b.cpuSeconds)
            scanTimes.append(c.cpuSeconds)
            ratios.append(a.cpuSeconds / max(b.cpuSeconds, 1e-9))
            scanRatios.append(a.cpuSeconds / max(c.cpuSeconds, 1e-9))
            let mine = readFile(sheetdOut)
            for (name, path) in [("floor.c", floorOut), ("scan.c", scanOut)] where !differing.contains(name) {
                if readFile(path) != mine {
                    differing.append(name)
                    BenchOutput.warn("sheetd-bench: sheetd and \(name) wrote different bytes (\(sheetdOut), \(path))")
                }
            }
        }
        let frames = DragStream(sessions: sessions, ticks: ticks).frames
        return Result(frames: frames, sheetdMicros: median(sheetdTimes) * 1e6 / Double(frames),
                      floorMicros: median(floorTimes) * 1e6 / Double(frames), ratio: median(ratios),
                      scanMicros: median(scanTimes) * 1e6 / Double(frames), scanRatio: median(scanRatios),
                      identical: differing.isEmpty, differing: differing)
    }
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return bytes.withUnsafeBytes { p in
        var off = 0
        while off < p.count {
            let n = write(fd, p.baseAddress! + off, p.count - off)
            if n <= 0 { return false }
            off += n
        }
        return true
    }
}


/// The comparison rows of the table.
enum BenchFloor {
    static func compare(_ out: BenchOutput, quick: Bool, inputs: BenchInputs) {
        let sessions = quick ? 50 : 500, ticks = quick ? 20 : 200, rounds = quick ? 1 : 5
        let label = "drag stream \(sessions)×\(ticks)"
        guard let work = FloorComparison.makeWorkDirectory() else {
            out.unavailable("\(label): sheetd / C floor", "no temporary directory")
            return
        }
        defer { _ = ChildProcess.run(["/bin/rm", "-rf", work]) }
        guard let r = FloorComparison(floorDirectory: inputs.floorDirectory, workDirectory: work, daemon: inputs.daemon)
            .run(sessions: sessions, ticks: ticks, rounds: rounds) else {
            out.unavailable("\(label): sheetd / C floor", "could not build or run the floor")
            return
        }
        out.row("\(label): sheetd serve, CPU per frame", r.sheetdMicros, "µs/frame", perSecond: 1e6 / r.sheetdMicros)
        out.row("\(label): C floor (jansson), CPU per frame", r.floorMicros, "µs/frame", perSecond: 1e6 / r.floorMicros)
        out.row("\(label): C floor (scanner), CPU per frame", r.scanMicros, "µs/frame", perSecond: 1e6 / r.scanMicros)
        out.row("\(label): sheetd / floor (median of \(rounds) rounds)", r.ratio, "x")
        out.row("\(label): sheetd / scanner floor (median of \(rounds) rounds)", r.scanRatio, "x")
        out.row("\(label): outputs byte-identical", r.identical ? 1 : 0,
                r.identical ? "yes" : "NO: " + r.differing.joined(separator: ", "), decimals: 0)
    }
}
