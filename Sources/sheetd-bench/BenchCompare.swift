#if canImport(Glibc)
import Glibc
#endif
import SheetRPC
import SheetServer

/// `sheetd-bench --compare`: sheetd against the C reference floor in `bench/floor/floor.c`.
///
/// Generates the drag stream (`DragStream`), builds the floor with `cc` (jansson), then runs
/// `sheetd serve` and the floor alternately on it (stdin file → stdout file), checks that
/// both wrote the same bytes and reports the median of the per-round ratios of CPU time
/// (user + system, from `wait4`: robust against other load on the machine).
struct FloorComparison {
    /// Where `floor.c` and `hello.c` live (`BenchInputs.floorDirectory`).
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

    /// Compiles `bench/floor/NAME.c` into the work directory; nil (with a message) on failure.
    func buildFloor(_ name: String) -> String? {
        build(name + ".c", "cc -O2 -o '\(workDirectory)/\(name)' '\(floorDirectory)/\(name).c' $(pkg-config --cflags --libs jansson) -lm",
              output: name)
    }

    /// `link/static-libstdcxx` of the package the floor belongs to.
    var linkDirectory: String { floorDirectory + "/../../link/static-libstdcxx" }

    /// `bench/floor/hello.swift`, linked as the release sheetd is (see Package.swift and link/).
    func buildSwiftHello() -> String? {
        let link = linkDirectory
        return build("hello.swift", "swiftc -O -static-stdlib -Xlinker --no-export-dynamic -L '\(link)' "
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

    /// The drag stream's figures: sheetd's and the floor's CPU time per frame and their ratio.
    struct Result {
        var frames: Int
        var sheetdMicros: Double
        var floorMicros: Double
        var ratio: Double
        var identical: Bool
    }

    func run(sessions: Int, ticks: Int, rounds: Int) -> Result? {
        guard let floor = buildFloor("floor") else { return nil }
        let stream = DragStream(sessions: sessions, ticks: ticks)
        let input = workDirectory + "/drag.ndjson"
        guard writeFile(input, stream.bytes()) else { return nil }
        let sheetdOut = workDirectory + "/sheetd.out", floorOut = workDirectory + "/floor.out"
        let initialize = String(decoding: DragStream.initializeResult(), as: UTF8.self)
        var ratios: [Double] = [], sheetdTimes: [Double] = [], floorTimes: [Double] = []
        var identical = true
        for _ in 0..<rounds {
            guard let a = ChildProcess.run([daemon, "serve"], stdin: input, stdout: sheetdOut,
                                           clearEnvironment: ["SHEETD_PLUGIN_PATH"]),
                  let b = ChildProcess.run([floor, initialize], stdin: input, stdout: floorOut)
            else { return nil }
            sheetdTimes.append(a.cpuSeconds)
            floorTimes.append(b.cpuSeconds)
            ratios.append(a.cpuSeconds / max(b.cpuSeconds, 1e-9))
            if identical, readFile(sheetdOut) != readFile(floorOut) {
                identical = false
                BenchOutput.warn("sheetd-bench: sheetd and the floor wrote different bytes (\(sheetdOut), \(floorOut))")
            }
        }
        let frames = stream.frames
        return Result(frames: frames, sheetdMicros: median(sheetdTimes) * 1e6 / Double(frames),
                      floorMicros: median(floorTimes) * 1e6 / Double(frames), ratio: median(ratios),
                      identical: identical)
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
        out.row("\(label): sheetd / floor (median of \(rounds) rounds)", r.ratio, "x")
        out.row("\(label): outputs byte-identical", r.identical ? 1 : 0, r.identical ? "yes" : "NO", decimals: 0)
    }
}
