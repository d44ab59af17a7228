#if canImport(Glibc)
import Glibc
#endif

/// `sheetd-bench` realtime pacing lines: a child `sheetd` on the realtime clock, its sessions
/// cycling present/dismiss in staggered groups (so something always moves), read as fast as
/// it writes. For each run it prints the median interval between consecutive grid ticks as
/// they arrive (against `1000/fps`), the achieved tick rate over the grid time covered, and
/// the grid points the daemon skipped because a tick did not fit.
enum PacingBench {
    static func run(quick: Bool, out: BenchOutput, daemon: String) {
        let seconds = quick ? 0.2 : 3.0
        for fps in [30.0, 60, 120] { measure(fps: fps, sessions: 6, seconds: seconds, out: out, daemon: daemon) }
        for sessions in quick ? [50] : [2_000, 10_000] {
            measure(fps: 60, sessions: sessions, seconds: seconds, out: out, daemon: daemon)
        }
    }

    static func measure(fps: Double, sessions: Int, seconds: Double, out: BenchOutput, daemon: String) {
        let name = "realtime \(Int(fps)) fps, \(sessions) animating sessions"
        guard let child = Child(daemon: daemon) else {
            out.unavailable(name, "could not start a child sheetd")
            return
        }
        child.send(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clock":"realtime","fps":\#(fps)}}"#)
        for _ in 0..<sessions {
            child.send(#"{"jsonrpc":"2.0","method":"session.create","params":{"container":{"width":390,"height":844}}}"#)
        }
        let groups = min(sessions, 6)
        var presented = Array(repeating: false, count: sessions + 1)
        func toggle(_ s: Int) {
            let method = presented[s] ? "sheet.dismiss" : "sheet.present"
            presented[s].toggle()
            child.send(#"{"jsonrpc":"2.0","method":"\#(method)","params":{"session":"s\#(s)"}}"#)
        }
        let start = monotonicMilliseconds()
        var started = 0
        var ticks: [(t: Double, arrival: Double)] = []
        while monotonicMilliseconds() - start < seconds * 1000 {
            // Start group g 300/groups ms after group g-1: turnovers never coincide.
            while started < groups && monotonicMilliseconds() - start >= Double(started) * 300 / Double(groups) {
                for s in stride(from: started + 1, through: sessions, by: groups) { toggle(s) }
                started += 1
            }
            guard let lines = child.readLines() else { break }
            let now = monotonicMilliseconds()
            for line in lines {
                if line.starts(with: framePrefix), let t = number(after: tKey, in: line) {
                    if ticks.last?.t != t { ticks.append((t, now)) }
                } else if line.starts(with: eventPrefix), let s = number(after: sessionKey, in: line),
                          contains(line, presentedType) || contains(line, dismissedType) {
                    toggle(Int(s))
                }
            }
        }
        child.finish()
        report(name, fps: fps, ticks: ticks, out: out)
    }

    static func report(_ name: String, fps: Double, ticks: [(t: Double, arrival: Double)], out: BenchOutput) {
        let interval = 1000 / fps
        guard ticks.count > 2 else {
            out.unavailable(name, "too few ticks")
            return
        }
        var intervals: [Double] = []
        var skipped = 0
        for (a, b) in zip(ticks, ticks.dropFirst()) {
            let steps = Int(((b.t - a.t) / interval).rounded())
            if steps == 1 { intervals.append(b.arrival - a.arrival) } else { skipped += steps - 1 }
        }
        intervals.sort()
        let median = intervals.isEmpty ? .nan : intervals[intervals.count / 2]
        let achieved = Double(ticks.count - 1) / (ticks.last!.t - ticks.first!.t) * 1000
        out.row(name + ": median interval", median, "ms", decimals: 3)
        out.row(name + ": vs 1000/fps", (median / interval - 1) * 100, "%", decimals: 2)
        out.row(name + ": achieved", achieved, "fps", decimals: 2)
        out.row(name + ": grid points skipped", Double(skipped), "of \(ticks.count + skipped)", decimals: 0)
    }

    // MARK: Scanning output lines (no JSON tree: the reader must keep up)

    private static let framePrefix = Array(#"{"jsonrpc":"2.0","method":"sheet.frame""#.utf8)
    private static let eventPrefix = Array(#"{"jsonrpc":"2.0","method":"sheet.event""#.utf8)
    private static let tKey = Array(#","t":"#.utf8)
    private static let sessionKey = Array(#""session":"s"#.utf8)
    private static let presentedType = Array(#""type":"presented""#.utf8)
    private static let dismissedType = Array(#""type":"dismissed""#.utf8)

    private static func find(_ key: [UInt8], in line: ArraySlice<UInt8>) -> Int? {
        guard line.count >= key.count else { return nil }
        var i = line.startIndex
        while i + key.count <= line.endIndex {
            if line[i] == key[0] && line[i..<(i + key.count)].elementsEqual(key) { return i + key.count }
            i += 1
        }
        return nil
    }

    private static func contains(_ line: ArraySlice<UInt8>, _ key: [UInt8]) -> Bool { find(key, in: line) != nil }

    private static func number(after key: [UInt8], in line: ArraySlice<UInt8>) -> Double? {
        guard let from = find(key, in: line) else { return nil }
        var end = from
        while end < line.endIndex, let c = Optional(line[end]), c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
            || c == UInt8(ascii: "e") || c == UInt8(ascii: "+") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) {
            end += 1
        }
        return Double(String(decoding: line[from..<end], as: UTF8.self))
    }

    /// A child `sheetd` over pipes, NDJSON both ways, read line by line.
    private final class Child {
        let process: PipedChild
        private var pending: [UInt8] = []

        init?(daemon: String) {
            guard let p = PipedChild([daemon, "--framing=ndjson"]) else { return nil }
            process = p
        }

        func send(_ line: String) { process.send(line + "\n") }

        /// The complete lines of one read; `nil` at end of output.
        func readLines() -> [ArraySlice<UInt8>]? {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(process.output, $0.baseAddress!, $0.count) }
            guard n > 0 else { return nil }
            pending += chunk[0..<n]
            guard let lastNewline = pending.lastIndex(of: 10) else { return [] }
            let complete = Array(pending[...lastNewline])
            pending.removeFirst(lastNewline + 1)
            return complete.split(separator: 10)
        }

        /// Ends its input, reads what is left (so its last writes never block), reaps it.
        func finish() {
            process.closeInput()
            while readLines() != nil {}
            _ = process.finish()
        }
    }
}
