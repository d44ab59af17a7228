/// How long a motion takes to come to rest, by the rule `willSettle` reports.
extension Motion {
    /// Whole milliseconds from `start` after which the value stays within `tolerance` of the
    /// target for good: the smallest integer `n` with |value − target| ≤ `tolerance` at every
    /// time from `start + n` on. With `endsAtZero` (a dismissal) the motion ends where it first
    /// reaches 0, as the engine ends it.
    ///
    /// Exact to the rule without ticking: every motion is at its target once its last segment
    /// ends, so only the span up to then is examined, one millisecond at a time. In each
    /// millisecond the distance is above the tolerance somewhere when it is at either end, or
    /// at the one peak inside it (where the distance's slope, x·v, turns from rising to
    /// falling), which bisection finds.
    package func settleMilliseconds(from start: Double, tolerance: Double = 0.5, endsAtZero: Bool = false) -> Int {
        let span = end - start
        guard span > 0 else { return 0 }
        let target = self.target
        func x(_ ms: Double) -> Double { value(at: start + ms) - target }
        func slope(_ ms: Double) -> Double { x(ms) * velocity(at: start + ms) }
        var n = 0
        var x0 = x(0), s0 = slope(0)
        for i in 1...Int(span.rounded(.up)) {
            let ms = Double(i)
            let x1 = x(ms)
            if endsAtZero && x1 + target <= 0 {
                // Off-screen within this millisecond: it was still far from rest at its start?
                return abs(x0) > tolerance ? i : n
            }
            let s1 = slope(ms)
            var above = abs(x0) > tolerance || abs(x1) > tolerance
            if !above && s0 > 0 && s1 < 0 {
                var lo = ms - 1, hi = ms
                for _ in 0..<40 {
                    let mid = (lo + hi) / 2
                    if slope(mid) > 0 { lo = mid } else { hi = mid }
                }
                above = abs(x(lo)) > tolerance
            }
            if above { n = i }
            x0 = x1
            s0 = s1
        }
        return n
    }
}
