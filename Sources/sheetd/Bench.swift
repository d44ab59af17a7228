#if canImport(Glibc)
import Glibc
#endif
import SheetRPC
import SheetServer

/// `sheetd bench [--quick]`: measures the daemon's hot paths in-process (no pipes) on the
/// host clock and prints one line per figure. Build with `-c release` for real numbers:
/// `swift run -c release sheetd bench`.
func runBench(arguments: [String]) -> Int32 {
    var scale = 1.0
    for a in arguments {
        switch a {
        case "--quick": scale = 0.02
        case "--help", "-h":
            print("usage: sheetd bench [--quick]\n  Measures message handling, frame computation and idle ticks in-process.")
            return 0
        default:
            FileHandleStderr.write("sheetd bench: unexpected argument '\(a)'\n")
            return 2
        }
    }
    func n(_ base: Int) -> Int { max(10, Int(Double(base) * scale)) }
    print("sheetd bench (\(isDebugBuild ? "debug build: figures are not representative" : "release build"))")
    let bench = Bench()

    bench.measure("session.list request: parse, dispatch, reply", unit: "message", count: n(200_000)) { c, _ in
        _ = c.receive(#"{"jsonrpc":"2.0","id":7,"method":"session.list"}"#)
    } setup: { c in
        _ = c.receive(#"{"jsonrpc":"2.0","id":2,"method":"session.create","params":{"container":{"width":390,"height":844}}}"#)
    }

    bench.measure("input.pan changed notification (drag step)", unit: "message", count: n(200_000)) { c, i in
        let y = Double(i % 200)
        _ = c.receive(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s1","t":\#(1000 + i),"phase":"changed","translation":{"x":0,"y":\#(y)}}}"#)
    } setup: { c in
        bench.presented(c, sessions: 1)
        _ = c.receive(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s1","t":1000,"phase":"began","translation":{"x":0,"y":0}}}"#)
    }

    bench.measure("drag step + clock.tick emitting one frame", unit: "frame", count: n(100_000)) { c, i in
        let y = Double(i % 200)
        _ = c.receive(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s1","t":\#(1000 + i),"phase":"changed","translation":{"x":0,"y":\#(y)}}}"#)
        _ = c.receive(#"{"jsonrpc":"2.0","id":9,"method":"clock.tick","params":{"t":\#(1000 + i)}}"#)
    } setup: { c in
        bench.presented(c, sessions: 1)
        _ = c.receive(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s1","t":1000,"phase":"began","translation":{"x":0,"y":0}}}"#)
    }

    let animating = n(50_000) >= 1000 ? 1000 : 100
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

    guard let pipe = PipeBench() else {
        FileHandleStderr.write("sheetd bench: could not start a child sheetd for the pipe figures\n")
        return 1
    }
    pipe.roundTrips(n(20_000))
    pipe.pipelined(n(200_000))
    PacingBench.run(quick: scale < 1)
    return pipe.finish()
}

/// Figures through a real child `sheetd` over pipes (the same binary, NDJSON framing).
private final class PipeBench {
    let pid: pid_t
    let input: Int32
    let output: Int32
    var buffer: [UInt8] = []

    init?() {
        guard let child = spawnSelf(["--framing", "ndjson"]) else { return nil }
        (pid, input, output) = child
        send(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clock":"host"}}"# + "\n")
        _ = readLines(1)
    }

    func send(_ s: String) {
        var bytes = Array(s.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Reads until `count` newline-terminated messages arrived.
    func readLines(_ count: Int) -> Int {
        var seen = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while seen < count {
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            for i in 0..<n where chunk[i] == 10 { seen += 1 }
        }
        return seen
    }

    func roundTrips(_ count: Int) {
        let request = #"{"jsonrpc":"2.0","id":1,"method":"session.list"}"# + "\n"
        let start = monotonicNanoseconds()
        for _ in 0..<count {
            send(request)
            _ = readLines(1)
        }
        report("round trip over pipes (request, wait for reply)", unit: "request", count: count, start: start)
    }

    func pipelined(_ count: Int) {
        let batch = 500
        let request = #"{"jsonrpc":"2.0","id":1,"method":"session.list"}"# + "\n"
        let chunk = String(repeating: request, count: batch)
        let start = monotonicNanoseconds()
        var done = 0
        while done < count {
            send(chunk)
            _ = readLines(batch)
            done += batch
        }
        report("pipelined requests over pipes (batches of \(batch))", unit: "request", count: done, start: start)
    }

    func report(_ name: String, unit: String, count: Int, start: UInt64) {
        let perUnit = Double(monotonicNanoseconds() - start) / Double(count)
        let rate = Int64((1e9 / perUnit).rounded())
        let micros = (perUnit / 10).rounded() / 100
        print(name.padding(toLength: 58, withPad: " ", startingAt: 0)
              + "\(micros) µs/\(unit)".padding(toLength: 20, withPad: " ", startingAt: 0) + "\(rate) \(unit)s/s")
    }

    func finish() -> Int32 {
        close(input)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(output)
        return 0
    }
}

#if DEBUG
private let isDebugBuild = true
#else
private let isDebugBuild = false
#endif

/// Times closures against a fresh initialized connection each.
private final class Bench {
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

    /// Run `body` `iterations` times (default `count`) and report time per `unit`
    /// (`count` units in all).
    func measure(_ name: String, unit: String, count: Int, iterations: Int? = nil,
                 _ body: (RPCConnection, Int) -> Void, setup: (RPCConnection) -> Void) {
        let c = connection()
        setup(c)
        let runs = iterations ?? count
        let start = monotonicNanoseconds()
        for i in 0..<runs { body(c, i) }
        let elapsed = Double(monotonicNanoseconds() - start)
        let perUnit = elapsed / Double(count)
        let rate = 1e9 / perUnit
        print(pad(name, 58) + pad(format(perUnit / 1000) + " µs/\(unit)", 20) + format(rate, decimals: 0) + " \(unit)s/s")
    }

    func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }

    func format(_ x: Double, decimals: Int = 2) -> String {
        var p = 1.0
        for _ in 0..<decimals { p *= 10 }
        let r = (x * p).rounded() / p
        return decimals == 0 ? String(Int64(r)) : "\(r)"
    }
}

private func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Writes diagnostics for the bench to stderr.
private enum FileHandleStderr {
    static func write(_ s: String) {
        var bytes = Array(s.utf8)
        _ = Glibc.write(2, &bytes, bytes.count)
    }
}
