#if canImport(Glibc)
import Glibc
#endif
import SheetRPC
import SheetServer

/// `sheetd bench --compare`: sheetd against the C reference floor in `bench/floor/floor.c`.
///
/// Generates the drag stream (`DragStream`), builds the floor with `cc` (jansson), then runs
/// `sheetd serve` and the floor alternately on it (stdin file → stdout file), checks that
/// both wrote the same bytes and reports the median of the per-round ratios of CPU time
/// (user + system, from `wait4`: robust against other load on the machine).
struct FloorComparison {
    /// Where `floor.c` and `hello.c` live (`bench/floor` of the source tree).
    let floorDirectory: String
    /// A private temporary directory for the stream, the outputs and the built floors.
    let workDirectory: String

    /// Finds `bench/floor` from the working directory or above the executable.
    static func locate() -> String? {
        var candidates: [String] = []
        if let cwd = getcwd(nil, 0) {
            candidates.append(String(cString: cwd))
            free(cwd)
        }
        if let exe = realpath("/proc/self/exe", nil) {
            var dir = String(cString: exe)
            free(exe)
            while let slash = dir.lastIndex(of: "/"), slash != dir.startIndex {
                dir = String(dir[..<slash])
                candidates.append(dir)
            }
        }
        for c in candidates where access(c + "/bench/floor/floor.c", R_OK) == 0 { return c + "/bench/floor" }
        return nil
    }

    /// A fresh `mkdtemp` directory under /tmp.
    static func makeWorkDirectory() -> String? {
        var template = Array("/tmp/sheetd-bench.XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { p in mkdtemp(p.baseAddress!).map { String(cString: $0) } }
    }

    /// Compiles `bench/floor/NAME.c` into the work directory; nil (with a message) on failure.
    func buildFloor(_ name: String) -> String? {
        let output = workDirectory + "/" + name
        let script = "cc -O2 -o '\(output)' '\(floorDirectory)/\(name).c' $(pkg-config --cflags --libs jansson) -lm"
        guard let r = ChildProcess.run(["/bin/sh", "-c", script]), r.status == 0 else {
            BenchOutput.warn("sheetd bench: could not build \(floorDirectory)/\(name).c with cc")
            return nil
        }
        return output
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
            guard let a = ChildProcess.run(["/proc/self/exe", "serve"], stdin: input, stdout: sheetdOut,
                                           clearEnvironment: ["SHEETD_PLUGIN_PATH"]),
                  let b = ChildProcess.run([floor, initialize], stdin: input, stdout: floorOut)
            else { return nil }
            sheetdTimes.append(a.cpuSeconds)
            floorTimes.append(b.cpuSeconds)
            ratios.append(a.cpuSeconds / max(b.cpuSeconds, 1e-9))
            if identical, readFile(sheetdOut) != readFile(floorOut) {
                identical = false
                BenchOutput.warn("sheetd bench: sheetd and the floor wrote different bytes (\(sheetdOut), \(floorOut))")
            }
        }
        let frames = stream.frames
        return Result(frames: frames, sheetdMicros: median(sheetdTimes) * 1e6 / Double(frames),
                      floorMicros: median(floorTimes) * 1e6 / Double(frames), ratio: median(ratios),
                      identical: identical)
    }
}

/// The benchmark's drag stream: `sessions` sheets created, presented without animation and
/// grabbed; then `ticks` times every session moves its finger (`input.pan` changed, a
/// notification) and one `clock.tick` request draws a frame for each; then `shutdown`, `exit`.
struct DragStream {
    var sessions: Int
    var ticks: Int

    /// Frames the stream draws (every session moves on every tick).
    var frames: Int { sessions * ticks }

    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"host"}}"#

    /// The `result` member sheetd answers `initialize` with (no plugin directories).
    static func initializeResult() -> [UInt8] {
        let c = RPCConnection(service: SheetService(configuration: .init()))
        guard let reply = c.receive(initialize).first,
              case .object(let o)? = try? JSONCodec.decode(reply), let result = o["result"] else { return [] }
        return JSONCodec.encode(result)
    }

    /// The finger's translation for session `s` at tick `k`: one decimal, a different value
    /// on every tick, 0 ... 250.9 pt downwards.
    static func translation(session s: Int, tick k: Int) -> String {
        let v = (k * 37 + s * 11) % 2510
        return v % 10 == 0 ? "\(v / 10)" : "\(v / 10).\(v % 10)"
    }

    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160 * (sessions * (ticks + 3)))
        func line(_ s: String) {
            out.append(contentsOf: s.utf8)
            out.append(10)
        }
        var id = 1
        line(Self.initialize)
        for _ in 1...sessions {
            id += 1
            line(#"{"jsonrpc":"2.0","id":\#(id),"method":"session.create","params":{"container":{"width":390,"height":844,"safeArea":{"top":47,"bottom":34}},"content":{"preferredHeight":300}}}"#)
        }
        for s in 1...sessions {
            id += 1
            line(#"{"jsonrpc":"2.0","id":\#(id),"method":"sheet.present","params":{"session":"s\#(s)","t":0,"animated":false}}"#)
        }
        for s in 1...sessions {
            line(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s\#(s)","t":0,"phase":"began","translation":{"x":0,"y":0}}}"#)
        }
        for k in 1...ticks {
            for s in 1...sessions {
                line(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s\#(s)","t":\#(16 * k),"phase":"changed","translation":{"x":0,"y":\#(Self.translation(session: s, tick: k))}}}"#)
            }
            id += 1
            line(#"{"jsonrpc":"2.0","id":\#(id),"method":"clock.tick","params":{"t":\#(16 * k)}}"#)
        }
        id += 1
        line(#"{"jsonrpc":"2.0","id":\#(id),"method":"shutdown"}"#)
        line(#"{"jsonrpc":"2.0","method":"exit"}"#)
        return out
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

func readFile(_ path: String) -> [UInt8]? { Replay.readFile(path) }

/// The comparison rows of the table.
enum BenchFloor {
    static func compare(_ out: BenchOutput, quick: Bool) {
        let sessions = quick ? 50 : 500, ticks = quick ? 20 : 200, rounds = quick ? 1 : 5
        let label = "drag stream \(sessions)×\(ticks)"
        guard let dir = FloorComparison.locate() else {
            out.unavailable("\(label): sheetd / C floor", "bench/floor/floor.c not found (run from the source tree)")
            return
        }
        guard let work = FloorComparison.makeWorkDirectory() else {
            out.unavailable("\(label): sheetd / C floor", "no temporary directory")
            return
        }
        defer { _ = ChildProcess.run(["/bin/rm", "-rf", work]) }
        guard let r = FloorComparison(floorDirectory: dir, workDirectory: work)
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
