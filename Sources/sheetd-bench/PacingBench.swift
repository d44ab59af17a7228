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
        var toggles: [Int] = []
        while monotonicMilliseconds() - start < seconds * 1000 {
            // Start group g 300/groups ms after group g-1: turnovers never coincide.
            while started < groups && monotonicMilliseconds() - start >= Double(started) * 300 / Double(groups) {
                for s in stride(from: started + 1, through: sessions, by: groups) { toggle(s) }
                started += 1
            }
            toggles.removeAll(keepingCapacity: true)
            guard child.read(ticks: &ticks, toggles: &toggles) else { break }
            for s in toggles { toggle(s) }
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

    // MARK: Reading the output as fast as the pipe gives it

    /// A child `sheetd` over pipes, NDJSON both ways. Its output is read into one reused
    /// buffer and scanned in place: a frame line gives its `t` (read only when the line starts
    /// another tick), an event line whether a session has finished presenting or dismissing.
    /// Nothing is copied or allocated per line, so at 10,000 sessions (600,000 lines a second)
    /// the reader keeps up with the pipe rather than setting the pace.
    private final class Child {
        let process: PipedChild
        private let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 20)
        private let capacity = 1 << 20
        /// Bytes of an incomplete last line, kept at the start of `buffer`.
        private var pending = 0
        /// The `t` of the last tick seen.
        private var lastT = -Double.infinity

        init?(daemon: String) {
            guard let p = PipedChild([daemon, "--framing=ndjson"]) else { return nil }
            process = p
        }

        deinit { buffer.deallocate() }

        func send(_ line: String) { process.send(line + "\n") }

        /// One read: appends each new tick's `(t, arrival)` and the sessions whose
        /// presentation or dismissal ended. false at end of output.
        func read(ticks: inout [(t: Double, arrival: Double)], toggles: inout [Int]) -> Bool {
            let n = Glibc.read(process.output, buffer + pending, capacity - pending)
            guard n > 0 else { return false }
            let now = monotonicMilliseconds()
            let end = pending + n
            var lineStart = 0
            var i = pending
            while i < end {
                if buffer[i] == 10 {
                    scan(buffer + lineStart, i - lineStart, now: now, ticks: &ticks, toggles: &toggles)
                    lineStart = i + 1
                }
                i += 1
            }
            pending = end - lineStart
            if pending > 0 && lineStart > 0 { memmove(buffer, buffer + lineStart, pending) }
            if pending == capacity { pending = 0 }  // a line longer than the buffer: not ours
            return true
        }

        private static let notification = Array(#"{"jsonrpc":"2.0","method":"sheet."#.utf8)
        private static let tKey = Array(#","t":"#.utf8)
        private static let presented = Array(#""type":"presented""#.utf8)
        private static let dismissed = Array(#""type":"dismissed""#.utf8)
        private static let sessionKey = Array(#""session":"s"#.utf8)

        private func scan(_ line: UnsafeMutablePointer<UInt8>, _ count: Int, now: Double,
                          ticks: inout [(t: Double, arrival: Double)], toggles: inout [Int]) {
            let prefix = Self.notification.count
            guard count > prefix + 1, Self.notification.withUnsafeBufferPointer({ memcmp($0.baseAddress!, line, prefix) == 0 })
            else { return }
            if line[prefix] == UInt8(ascii: "f") {  // sheet.frame
                guard let at = find(Self.tKey, line + prefix, count - prefix) else { return }
                let t = strtod(UnsafeRawPointer(at).assumingMemoryBound(to: CChar.self), nil)
                if t != lastT {
                    lastT = t
                    ticks.append((t, now))
                }
            } else if line[prefix] == UInt8(ascii: "e"),  // sheet.event
                      find(Self.presented, line, count) != nil || find(Self.dismissed, line, count) != nil,
                      let at = find(Self.sessionKey, line, count) {
                toggles.append(strtol(UnsafeRawPointer(at).assumingMemoryBound(to: CChar.self), nil, 10))
            }
        }

        /// Where `key` ends in the `count` bytes at `p` (its first occurrence), or nil.
        private func find(_ key: [UInt8], _ p: UnsafeMutablePointer<UInt8>, _ count: Int) -> UnsafeMutablePointer<UInt8>? {
            key.withUnsafeBufferPointer { k -> UnsafeMutablePointer<UInt8>? in
                var i = 0
                while i + k.count <= count {
                    if p[i] == k[0] && memcmp(p + i, k.baseAddress!, k.count) == 0 { return p + i + k.count }
                    i += 1
                }
                return nil
            }
        }

        /// Ends its input, reads what is left (so its last writes never block), reaps it.
        func finish() {
            process.closeInput()
            while Glibc.read(process.output, buffer, capacity) > 0 {}
            _ = process.finish()
        }
    }
}
