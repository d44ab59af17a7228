#if canImport(Glibc)
import Glibc
#endif
import SheetRPC
import SheetServer

/// `sheetd-bench`: the benchmark. Prints one table row per figure (or one JSON document with
/// `--json`): the drag stream against the C floor, message handling in-process (CPU time),
/// scaling with the number of sessions, start-up, memory per session and pipes (wall clock).
/// `BenchInputs` says where the daemon and the floor's sources are.
func runBench(_ options: BenchOptions, inputs: BenchInputs) -> Int32 {
    let out = BenchOutput(json: options.json, build: isDebugBuild ? "debug" : "release")
    let quick = options.quick
    func n(_ base: Int) -> Int { max(10, quick ? base / 50 : base) }

    if options.scalingOnly {
        BenchScaling.run(Bench(out), quick: quick)
        return out.finish()
    }
    if options.pacingOnly {
        PacingBench.run(quick: quick, out: out, daemon: inputs.daemon)
        return out.finish()
    }
    if options.startupOnly {
        BenchStartup.run(out, quick: quick, inputs: inputs)
        return out.finish()
    }
    if options.memoryOnly {
        BenchMemory.run(out, sessions: quick ? 2_000 : 100_000, daemon: inputs.daemon)
        return out.finish()
    }
    if options.countsOnly || options.checkCounts {
        let status = BenchCounts.run(out, quick: quick, inputs: inputs, check: options.checkCounts)
        return max(out.finish(), status)
    }
    BenchFloor.compare(out, quick: quick, inputs: inputs)
    if options.compareOnly { return out.finish() }
    _ = BenchCounts.run(out, quick: quick, inputs: inputs, check: false)
    let bench = Bench(out)
    bench.measure("session.list request: parse, dispatch, reply", unit: "message", count: n(200_000)) { c, _ in
        _ = c.receive(#"{"jsonrpc":"2.0","id":7,"method":"session.list"}"#)
    } setup: { c in
        bench.sessions(c, count: 1)
    }

    bench.measure("input.pan changed notification (drag step)", unit: "message", count: n(200_000)) { c, i in
        let y = Double(i % 200)
        _ = c.receive(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s1","t":\#(1000 + i),"phase":"changed","translation":{"x":0,"y":\#(y)}}}"#)
    } setup: { c in
        bench.grabbed(c, sessions: 1)
    }

    bench.measure("drag step + clock.tick emitting one frame", unit: "frame", count: n(100_000)) { c, i in
        let y = Double(i % 200)
        _ = c.receive(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s1","t":\#(1000 + i),"phase":"changed","translation":{"x":0,"y":\#(y)}}}"#)
        _ = c.receive(#"{"jsonrpc":"2.0","id":9,"method":"clock.tick","params":{"t":\#(1000 + i)}}"#)
    } setup: { c in
        bench.grabbed(c, sessions: 1)
    }

    let animating = quick ? 100 : 1000
    bench.measure("clock.tick with \(animating) presenting sessions (per frame)", unit: "frame",
                  count: 18 * animating, iterations: 18) { c, i in
        _ = c.receive(#"{"jsonrpc":"2.0","id":9,"method":"clock.tick","params":{"t":\#(16 * (i + 1))}}"#)
    } setup: { c in
        bench.sessions(c, count: animating)
        for s in 1...animating {
            _ = c.receive(#"{"jsonrpc":"2.0","id":3,"method":"sheet.present","params":{"session":"s\#(s)","t":0}}"#)
        }
    }

    let idle = 10_000
    bench.measure("clock.tick with \(idle) idle sessions", unit: "tick", count: n(20_000)) { c, i in
        _ = c.receive(#"{"jsonrpc":"2.0","id":9,"method":"clock.tick","params":{"t":\#(10_000 + i)}}"#)
    } setup: { c in
        bench.presented(c, sessions: idle)
    }

    BenchScaling.run(bench, quick: quick)
    BenchStartup.run(out, quick: quick, inputs: inputs)
    BenchPluginIsolation.run(out, quick: quick, daemon: inputs.daemon)
    BenchMemory.run(out, sessions: quick ? 2_000 : 100_000, daemon: inputs.daemon)

    guard let pipe = PipeBench(out, daemon: inputs.daemon) else {
        BenchOutput.warn("sheetd-bench: could not start \(inputs.daemon) for the pipe figures")
        return 1
    }
    pipe.roundTrips(n(20_000))
    pipe.pipelined(n(200_000))
    pipe.finish()
    PacingBench.run(quick: quick, out: out, daemon: inputs.daemon)
    return out.finish()
}

/// Figures through a real child `sheetd` over pipes (NDJSON framing).
private final class PipeBench {
    let child: PipedChild
    let out: BenchOutput

    init?(_ out: BenchOutput, daemon: String) {
        guard let child = PipedChild([daemon, "--framing", "ndjson"]) else { return nil }
        self.child = child
        self.out = out
        child.send(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clock":"host"}}"# + "\n")
        child.readLines(1)
    }

    func roundTrips(_ count: Int) {
        let request = #"{"jsonrpc":"2.0","id":1,"method":"session.list"}"# + "\n"
        let start = monotonicNanoseconds()
        for _ in 0..<count {
            child.send(request)
            child.readLines(1)
        }
        out.rate("round trip over pipes (request, wait for reply)", unit: "request", count: count, start: start)
    }

    func pipelined(_ count: Int) {
        let batch = 500
        let request = #"{"jsonrpc":"2.0","id":1,"method":"session.list"}"# + "\n"
        let chunk = String(repeating: request, count: batch)
        let start = monotonicNanoseconds()
        var done = 0
        while done < count {
            child.send(chunk)
            child.readLines(batch)
            done += batch
        }
        out.rate("pipelined requests over pipes (batches of \(batch))", unit: "request", count: done, start: start)
    }

    func finish() {
        _ = child.finish()
    }
}

#if DEBUG
private let isDebugBuild = true
#else
private let isDebugBuild = false
#endif

/// Times closures against a fresh initialized in-process connection each, in CPU time of
/// this process (other load on the machine does not count).
final class Bench {
    let out: BenchOutput

    init(_ out: BenchOutput) {
        self.out = out
    }

    func connection() -> RPCConnection {
        let c = RPCConnection(service: SheetService(configuration: .init()))
        _ = c.receive(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"host"}}"#)
        return c
    }

    func sessions(_ c: RPCConnection, count: Int) {
        for _ in 0..<count {
            _ = c.receive(#"{"jsonrpc":"2.0","id":2,"method":"session.create","params":{"container":{"width":390,"height":844,"safeArea":{"top":47,"bottom":34}},"content":{"preferredHeight":300}}}"#)
        }
    }

    /// `count` sessions, presented without animation and already reported once.
    func presented(_ c: RPCConnection, sessions count: Int) {
        sessions(c, count: count)
        for s in 1...count {
            _ = c.receive(#"{"jsonrpc":"2.0","id":3,"method":"sheet.present","params":{"session":"s\#(s)","t":0,"animated":false}}"#)
        }
        _ = c.receive(#"{"jsonrpc":"2.0","id":4,"method":"clock.tick","params":{"t":0}}"#)
    }

    /// `count` presented sessions, the first `grabbed` of them under a finger (`began` at t 1000).
    func grabbed(_ c: RPCConnection, sessions count: Int, grabbed: Int? = nil) {
        presented(c, sessions: count)
        for s in 1...(grabbed ?? count) {
            _ = c.receive(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s\#(s)","t":1000,"phase":"began","translation":{"x":0,"y":0}}}"#)
        }
    }

    /// Runs `body` `iterations` times (default `count`) and reports time per `unit`
    /// (`count` units in all); returns ns per unit.
    @discardableResult
    func measure(_ name: String, unit: String, count: Int, iterations: Int? = nil,
                 _ body: (RPCConnection, Int) -> Void, setup: (RPCConnection) -> Void) -> Double {
        let c = connection()
        setup(c)
        let runs = iterations ?? count
        let start = cpuNanoseconds()
        for i in 0..<runs { body(c, i) }
        let perUnit = Double(cpuNanoseconds() - start) / Double(count)
        out.row(name, perUnit / 1000, "µs/\(unit)", perSecond: 1e9 / perUnit)
        return perUnit
    }
}

/// The benchmark's output: an aligned table on stdout, or with `--json` one document
/// `{"build": "release", "figures": [{"name", "value", "unit", "perSecond"?}]}`.
final class BenchOutput {
    let json: Bool
    let build: String
    private var figures: [JSONValue] = []

    init(json: Bool, build: String) {
        self.json = json
        self.build = build
        if !json {
            print("sheetd-bench (\(build == "debug" ? "debug build: figures are not representative" : "release build"))")
            print(Self.pad("figure", 62) + Self.pad("value", 16) + "rate")
        }
    }

    static func pad(_ s: String, _ width: Int) -> String {
        let n = s.unicodeScalars.count
        return n >= width ? s + " " : s + String(repeating: " ", count: width - n)
    }

    /// `x` rounded to `decimals` places, shortest form.
    static func format(_ x: Double, decimals: Int = 2) -> String {
        guard x.isFinite else { return "-" }
        var p = 1.0
        for _ in 0..<decimals { p *= 10 }
        let r = (x * p).rounded() / p
        if decimals == 0 || r == r.rounded() && abs(r) < 1e15 { return String(Int64(r)) }
        return "\(r)"
    }

    /// One figure: `value` in `unit` (`µs/frame`, `ms`, `x`, `KiB/session`, ...).
    func row(_ name: String, _ value: Double, _ unit: String, decimals: Int = 2, perSecond: Double? = nil) {
        var o: JSONObject = ["name": .string(name), "value": .number((value.isFinite ? value : 0)), "unit": .string(unit)]
        if let perSecond { o["perSecond"] = .number(perSecond.rounded()) }
        figures.append(.object(o))
        guard !json else { return }
        var line = Self.pad(name, 62) + Self.pad(Self.format(value, decimals: decimals) + " " + unit, 16)
        if let perSecond { line += Self.format(perSecond, decimals: 0) + "/s" }
        print(line)
    }

    /// A figure that could not be measured (and why, on stderr).
    func unavailable(_ name: String, _ why: String) {
        figures.append(["name": .string(name), "value": .null, "unit": .string(why)])
        if !json { print(Self.pad(name, 62) + "unavailable: " + why) }
    }

    /// Time since `start` per unit; returns ns per unit.
    @discardableResult
    func rate(_ name: String, unit: String, count: Int, start: UInt64) -> Double {
        let perUnit = Double(monotonicNanoseconds() - start) / Double(count)
        row(name, perUnit / 1000, "µs/\(unit)", perSecond: 1e9 / perUnit)
        return perUnit
    }

    func finish() -> Int32 {
        if json {
            let doc: JSONValue = ["build": .string(build), "figures": .array(figures)]
            print(JSONCodec.encodeToString(doc))
        }
        return 0
    }

    static func warn(_ s: String) { writeAll(2, Array((s + "\n").utf8)) }
}

extension RPCConnection {
    /// Handles one message given as text; the bodies it produced.
    func receive(_ text: String) -> [[UInt8]] {
        RPCCollector.bodies { receive(Array(text.utf8)[...], to: $0) }
    }
}
