import SheetRPC

/// Scaling rows: a frame costs the same with 10 or 10,000 sessions dragging, and a tick
/// visits only the sessions that move (100,000 idle ones cost nothing).
enum BenchScaling {
    static func run(_ bench: Bench, quick: Bool) {
        let few = dragging(bench, sessions: 10, frames: quick ? 4_000 : 200_000)
        let many = dragging(bench, sessions: quick ? 1_000 : 10_000, frames: quick ? 4_000 : 200_000)
        bench.out.row("frame cost ratio: \(quick ? 1_000 : 10_000) / 10 sessions dragging", many / few, "x")

        let idle = quick ? 2_000 : 100_000
        let alone = oneMoving(bench, idle: 0, ticks: quick ? 2_000 : 100_000)
        let crowd = oneMoving(bench, idle: idle, ticks: quick ? 2_000 : 100_000)
        bench.out.row("tick cost ratio: \(idle) idle + 1 dragging / 1 session", crowd / alone, "x")
    }

    /// Every session moves its finger, then one tick draws them all; ns per frame.
    static func dragging(_ bench: Bench, sessions n: Int, frames: Int) -> Double {
        // Messages built before the clock starts; two finger positions alternate so that
        // every tick draws every session (stale `t`s are applied at the latest time).
        let pans: [[[UInt8]]] = [10, 20].map { y in
            (1...n).map { s in
                Array(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s\#(s)","t":1000,"phase":"changed","translation":{"x":0,"y":\#(y)}}}"#.utf8)
            }
        }
        let ticks = max(2, frames / n)
        let tickMessages = (0..<ticks).map { Array(#"{"jsonrpc":"2.0","id":9,"method":"clock.tick","params":{"t":\#(1001 + $0)}}"#.utf8) }
        return bench.measure("frame cost, \(n) sessions dragging (pan + tick)", unit: "frame",
                             count: ticks * n, iterations: ticks) { c, i in
            for m in pans[i % 2] { _ = c.receive(m) }
            _ = c.receive(tickMessages[i])
        } setup: { c in
            bench.grabbed(c, sessions: n)
        }
    }

    /// One session drags among `idle` presented, resting ones; ns per tick.
    static func oneMoving(_ bench: Bench, idle: Int, ticks: Int) -> Double {
        let pans = [10, 20].map {
            Array(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s1","t":1000,"phase":"changed","translation":{"x":0,"y":\#($0)}}}"#.utf8)
        }
        let tickMessages = (0..<ticks).map { Array(#"{"jsonrpc":"2.0","id":9,"method":"clock.tick","params":{"t":\#(1001 + $0)}}"#.utf8) }
        let name = idle == 0 ? "tick with 1 session dragging (pan + tick)" : "tick with \(idle) idle + 1 dragging (pan + tick)"
        return bench.measure(name, unit: "tick", count: ticks) { c, i in
            _ = c.receive(pans[i % 2])
            _ = c.receive(tickMessages[i])
        } setup: { c in
            bench.grabbed(c, sessions: idle + 1, grabbed: 1)
        }
    }
}
