import SheetRPC

/// Scaling rows: a frame costs the same with 10 or 10,000 sessions dragging, and a tick
/// visits only the sessions that move (100,000 idle ones cost nothing).
///
/// Each comparison runs its two daemons (in-process connections, set up before any clock
/// starts) in alternating rounds (A B B A A B ...), so load from elsewhere on the machine
/// falls on both alike, and reports the median of the per-round ratios. Bodies go to a
/// `BenchSink`, which lets go of each one as it comes, as the daemon's output hands its
/// bytes to the kernel every 64 KiB (an in-memory list would hold a whole tick's 10,000
/// frames, a cost of the list, not of the server). Every tick's reply is checked to have drawn
/// the frames the row counts (exactly one in the idle rows; a warning on stderr otherwise).
enum BenchScaling {
    static func run(_ bench: Bench, quick: Bool) {
        let many = quick ? 1_000 : 10_000
        let rounds = quick ? 3 : 21
        let few = dragging(bench, sessions: 10, framesPerRound: quick ? 2_000 : 20_000)
        let crowd = dragging(bench, sessions: many, framesPerRound: quick ? 2_000 : 20_000)
        let r = compare(few, crowd, rounds: rounds)
        bench.out.row("frame cost, 10 sessions dragging (pan + tick)", r.a / 1000, "µs/frame", perSecond: 1e9 / r.a)
        bench.out.row("frame cost, \(many) sessions dragging (pan + tick)", r.b / 1000, "µs/frame", perSecond: 1e9 / r.b)
        bench.out.row("frame cost ratio: \(many) / 10 sessions dragging (median of \(rounds) rounds)", r.ratio, "x")

        let idle = quick ? 2_000 : 100_000
        let ticks = quick ? 500 : 5_000
        let alone = oneMoving(bench, idle: 0, ticks: ticks)
        let among = oneMoving(bench, idle: idle, ticks: ticks)
        let t = compare(alone, among, rounds: rounds)
        bench.out.row("tick with 1 session dragging (pan + tick)", t.a / 1000, "µs/tick", perSecond: 1e9 / t.a)
        bench.out.row("tick with \(idle) idle + 1 dragging (pan + tick)", t.b / 1000, "µs/tick", perSecond: 1e9 / t.b)
        bench.out.row("tick cost ratio: \(idle) idle + 1 dragging / 1 session (median of \(rounds) rounds)", t.ratio, "x")
        for c in [few, crowd, alone, among] where !c.framesAsExpected {
            BenchOutput.warn("sheetd-bench: a tick of the \(c.sessions)-session scaling case did not draw \(c.framesPerTick) frames: \(String(decoding: c.sink.last, as: UTF8.self))")
        }
    }

    /// Every session moves its finger, then one tick draws them all; units are frames.
    static func dragging(_ bench: Bench, sessions n: Int, framesPerRound: Int) -> Case {
        // Two finger positions alternate so that every tick draws every session (stale `t`s
        // are applied at the latest time). Each pan is written into one reused buffer just
        // before it is handled, as the daemon parses each message in its read buffer, which
        // the kernel has just filled: 20,000 distinct pre-built messages (3 MB at 10,000
        // sessions) would be read cold from memory, a cost of the bench, not of the server.
        let head = Array(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s"#.utf8)
        let tails = [10, 20].map { Array(#"","t":1000,"phase":"changed","translation":{"x":0,"y":\#($0)}}}"#.utf8) }
        var message: [UInt8] = []
        let c = bench.connection()
        bench.grabbed(c, sessions: n)
        return Case(connection: c, sessions: n, framesPerTick: n, ticksPerRound: max(2, framesPerRound / n)) { c, out, i in
            for s in 1...n {
                message.removeAll(keepingCapacity: true)
                message.append(contentsOf: head)
                var unit = 1
                while unit * 10 <= s { unit *= 10 }
                while unit > 0 {
                    message.append(UInt8(48 + s / unit % 10))
                    unit /= 10
                }
                message.append(contentsOf: tails[i % 2])
                _ = c.receive(message[...], to: out)
            }
        }
    }

    /// One session drags among `idle` presented, resting ones; units are ticks.
    static func oneMoving(_ bench: Bench, idle: Int, ticks: Int) -> Case {
        let pans = [10, 20].map {
            Array(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s1","t":1000,"phase":"changed","translation":{"x":0,"y":\#($0)}}}"#.utf8)
        }
        let c = bench.connection()
        bench.grabbed(c, sessions: idle + 1, grabbed: 1)
        return Case(connection: c, sessions: idle + 1, framesPerTick: 1, ticksPerRound: ticks, perFrame: false) { c, out, i in
            _ = c.receive(pans[i % 2][...], to: out)
        }
    }

    /// One daemon of a comparison: what each tick is preceded by (`inputs`), then the tick.
    final class Case {
        let connection: RPCConnection
        let sessions: Int
        /// Frames every tick must draw (checked on the tick's reply).
        let framesPerTick: Int
        let ticksPerRound: Int
        /// The unit is a frame (else a tick).
        let perFrame: Bool
        let inputs: (RPCConnection, BenchSink, Int) -> Void
        let sink = BenchSink()
        private(set) var framesAsExpected = true
        private var tick = 0

        init(connection: RPCConnection, sessions: Int, framesPerTick: Int, ticksPerRound: Int, perFrame: Bool = true,
             inputs: @escaping (RPCConnection, BenchSink, Int) -> Void) {
            self.connection = connection
            self.sessions = sessions
            self.framesPerTick = framesPerTick
            self.ticksPerRound = ticksPerRound
            self.perFrame = perFrame
            self.inputs = inputs
        }

        /// One round, timed in CPU time; ns per unit.
        func round() -> Double {
            // Tick messages are built before the clock starts.
            let ticks = (tick..<(tick + ticksPerRound)).map {
                Array(#"{"jsonrpc":"2.0","id":9,"method":"clock.tick","params":{"t":\#(1001 + $0)}}"#.utf8)
            }
            let expected = Array(#","frames":\#(framesPerTick)}}"#.utf8)
            let start = cpuNanoseconds()
            for (k, m) in ticks.enumerated() {
                inputs(connection, sink, tick + k)
                _ = connection.receive(m[...], to: sink)
                if framesAsExpected && !sink.lastEnds(with: expected) { framesAsExpected = false }
            }
            let elapsed = Double(cpuNanoseconds() - start)
            tick += ticksPerRound
            return elapsed / Double(ticksPerRound * (perFrame ? framesPerTick : 1))
        }
    }

    /// `a` and `b` in alternating rounds (A B B A A B ...); medians per unit and the median of
    /// the per-round ratios b / a.
    static func compare(_ a: Case, _ b: Case, rounds: Int) -> (a: Double, b: Double, ratio: Double) {
        var ta: [Double] = [], tb: [Double] = [], ratios: [Double] = []
        for r in 0..<rounds {
            let x: Double, y: Double
            if r % 2 == 0 { x = a.round(); y = b.round() } else { y = b.round(); x = a.round() }
            ta.append(x)
            tb.append(y)
            ratios.append(y / x)
        }
        return (median(ta), median(tb), median(ratios))
    }
}

/// An `RPCOutput` that keeps only the last body (a tick's reply comes last), each written
/// over the one before into a reused buffer, as the daemon's output writes into its chunk.
final class BenchSink: RPCOutput {
    private let buffer = MessageBuffer()
    var last: [UInt8] { Array(buffer.bytes) }

    func send(_ kind: RPCMessageKind, bound: Int, _ write: (inout JSONWriter) -> Void) {
        buffer.removeAll()
        buffer.write(bound: bound, write)
    }

    /// The last body ends with `suffix`.
    func lastEnds(with suffix: [UInt8]) -> Bool {
        buffer.count >= suffix.count && buffer.bytes[(buffer.count - suffix.count)...].elementsEqual(suffix)
    }

    var isFull: Bool { false }
}
