#if canImport(Glibc)
import Glibc
#endif

/// `sheetd-bench` realtime pacing lines: a child `sheetd` on the realtime clock, its sessions
/// cycling present/dismiss in staggered groups (so something always moves), read as fast as
/// it writes. For each run it prints the median interval between consecutive grid ticks as
/// they arrive (against `1000/fps`), the achieved tick rate over the grid time covered, the
/// grid points the daemon skipped because a tick did not fit, the longest wait between two
/// ticks arriving, and the CPU time the hypervisor took from this machine meanwhile (`steal`
/// in /proc/stat, all CPUs): skips that come with a long stall and with steal are the
/// hypervisor's; skips without steal are the daemon's, or another process's on this machine.
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
        child.queue(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clock":"realtime","fps":\#(fps)}}"#)
        for _ in 0..<sessions {
            child.queue(#"{"jsonrpc":"2.0","method":"session.create","params":{"container":{"width":390,"height":844}}}"#)
        }
        let groups = min(sessions, 6)
        var presented = Array(repeating: false, count: sessions + 1)
        func toggle(_ s: Int) {
            let method = presented[s] ? "sheet.dismiss" : "sheet.present"
            presented[s].toggle()
            child.queue(#"{"jsonrpc":"2.0","method":"\#(method)","params":{"session":"s\#(s)"}}"#)
        }
        let stealBefore = StolenTime.milliseconds()
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
            guard child.pump(ticks: &ticks, toggles: &toggles) else { break }
            for s in toggles { toggle(s) }
        }
        let stolen = StolenTime.milliseconds().flatMap { after in stealBefore.map { after - $0 } }
        child.finish()
        report(name, fps: fps, ticks: ticks, stolen: stolen, out: out)
    }

    static func report(_ name: String, fps: Double, ticks: [(t: Double, arrival: Double)], stolen: Double?,
                       out: BenchOutput) {
        let interval = 1000 / fps
        guard ticks.count > 2 else {
            out.unavailable(name, "too few ticks")
            return
        }
        var intervals: [Double] = []
        var skipped = 0
        var longest = 0.0
        for (a, b) in zip(ticks, ticks.dropFirst()) {
            longest = max(longest, b.arrival - a.arrival)
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
        out.row(name + ": longest gap", longest, "ms", decimals: 1)
        if let stolen {
            out.row(name + ": hypervisor steal", stolen, "ms", decimals: 0)
        } else {
            out.unavailable(name + ": hypervisor steal", "no /proc/stat")
        }
    }

    // MARK: Reading the output as fast as the pipe gives it

    /// A child `sheetd` over pipes, NDJSON both ways. Messages to it are queued and written as
    /// its input takes them (non-blocking), in the same `poll` that waits for its output, so
    /// the bench never blocks on a write while the daemon waits for its output to be read.
    /// Its output is read into one reused buffer and scanned in place (`memchr` for line ends):
    /// a frame line gives its `t` (read only when the line starts another tick), an event line
    /// whether a session has finished presenting or dismissing. Nothing is copied or allocated
    /// per line, so at 10,000 sessions (600,000 lines, 280 MB a second) the reader keeps up
    /// with the pipe rather than setting the pace.
    private final class Child {
        let process: PipedChild
        private let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 20)
        private let capacity = 1 << 20
        /// Bytes of an incomplete last line, kept at the start of `buffer`.
        private var pending = 0
        /// The `t` of the last tick seen.
        private var lastT = -Double.infinity
        /// Queued input not yet written, from `written` on.
        private var outgoing: [UInt8] = []
        private var written = 0
        private let fds = UnsafeMutablePointer<pollfd>.allocate(capacity: 2)

        init?(daemon: String) {
            guard let p = PipedChild([daemon, "--framing=ndjson"]) else { return nil }
            process = p
            _ = fcntl(p.input, F_SETFL, fcntl(p.input, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            buffer.deallocate()
            fds.deallocate()
        }

        /// Queues one message (a line); `pump` writes it.
        func queue(_ line: String) {
            outgoing.append(contentsOf: line.utf8)
            outgoing.append(10)
        }

        /// Waits (at most 10 ms) until the child's output has bytes or its input takes some;
        /// writes what it takes of the queue and reads one chunk of output (`read`). false at
        /// end of output.
        func pump(ticks: inout [(t: Double, arrival: Double)], toggles: inout [Int]) -> Bool {
            let writing = written < outgoing.count
            fds[0] = pollfd(fd: process.output, events: Int16(POLLIN), revents: 0)
            fds[1] = pollfd(fd: writing ? process.input : -1, events: Int16(POLLOUT), revents: 0)
            guard poll(fds, 2, 10) > 0 else { return true }
            if writing && fds[1].revents != 0 {
                let n = outgoing.withUnsafeBytes { Glibc.write(process.input, $0.baseAddress! + written, $0.count - written) }
                if n > 0 { written += n }
                if written == outgoing.count {
                    outgoing.removeAll(keepingCapacity: true)
                    written = 0
                }
            }
            guard fds[0].revents != 0 else { return true }
            return read(ticks: &ticks, toggles: &toggles)
        }

        /// One read: appends each new tick's `(t, arrival)` and the sessions whose
        /// presentation or dismissal ended. false at end of output.
        private func read(ticks: inout [(t: Double, arrival: Double)], toggles: inout [Int]) -> Bool {
            let n = Glibc.read(process.output, buffer + pending, capacity - pending)
            guard n > 0 else { return n < 0 && errno == EINTR }
            let now = monotonicMilliseconds()
            let end = buffer + pending + n
            var lineStart = buffer
            while let nl = memchr(lineStart, 10, end - lineStart) {
                let lineEnd = nl.assumingMemoryBound(to: UInt8.self)
                scan(lineStart, lineEnd - lineStart, now: now, ticks: &ticks, toggles: &toggles)
                lineStart = lineEnd + 1
            }
            pending = end - lineStart
            if pending > 0 && lineStart > buffer { memmove(buffer, lineStart, pending) }
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

        /// Writes the rest of the queue, ends its input, reads what is left (so its last writes
        /// never block), reaps it.
        func finish() {
            var ticks: [(t: Double, arrival: Double)] = [], toggles: [Int] = []
            while written < outgoing.count && pump(ticks: &ticks, toggles: &toggles) {}
            process.closeInput()
            while Glibc.read(process.output, buffer, capacity) > 0 {}
            _ = process.finish()
        }
    }
}
