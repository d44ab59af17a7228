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
    ///
    /// The answer is the last such millisecond, so the span is walked backwards from its end
    /// and the walk stops at the first millisecond found above: a motion that eases in comes
    /// within the tolerance only in its last few milliseconds, and those are all that is read
    /// (a present or dismiss is announced on every session that starts one, so this is on the
    /// realtime clock's busiest path). A dismissal first finds where it reaches 0, walking
    /// forwards on the value alone.
    package func settleMilliseconds(from start: Double, tolerance: Double = 0.5, endsAtZero: Bool = false) -> Int {
        let span = end - start
        guard span > 0 else { return 0 }
        let target = self.target
        func x(_ ms: Double) -> Double { value(at: start + ms) - target }
        func slope(_ ms: Double) -> Double { x(ms) * velocity(at: start + ms) }
        var last = Int(span.rounded(.up))
        if endsAtZero, let zero = (firstMillisecondThatMayReachZero(from: start)...last).first(where: { value(at: start + Double($0)) <= 0 }) {
            // Off-screen within millisecond `zero`: it was still far from rest at its start?
            if abs(x(Double(zero - 1))) > tolerance { return zero }
            last = zero - 1
        }
        var i = last
        while i >= 1 {
            let ms = Double(i)
            let x0 = x(ms - 1), x1 = x(ms)
            if abs(x0) > tolerance || abs(x1) > tolerance { return i }
            if slope(ms - 1) > 0 && slope(ms) < 0 {
                var lo = ms - 1, hi = ms
                for _ in 0..<40 {
                    let mid = (lo + hi) / 2
                    if slope(mid) > 0 { lo = mid } else { hi = mid }
                }
                if abs(x(lo)) > tolerance { return i }
            }
            i -= 1
        }
        return 0
    }

    /// The first whole millisecond from `start` at which the motion may be at or below 0; every
    /// one before it is provably above 0, so a dismissal's search for where it ends reads
    /// only the rest. For one eased segment from a positive value down to 0 on a curve whose
    /// control points are all in 0...1 (every preset), progress p at time fraction x is at most
    /// 1 − (1 − x^(1/3))³ (x ≥ s³ and p ≤ 1 − (1 − s)³ at curve parameter s), which leaves the
    /// value above 0 by more than 4·10⁻⁵ of its start up to x = 0.9 — far beyond the solver's
    /// 10⁻¹⁰. Any other motion may reach 0 anywhere: 1.
    func firstMillisecondThatMayReachZero(from start: Double) -> Int {
        guard segments.count == 1, let segment = segments.first, segment.from > 0, segment.to == 0,
              case .bezier(let curve) = segment.curve, segment.duration > 0,
              [curve.x1, curve.y1, curve.x2, curve.y2].allSatisfy({ (0...1).contains($0) }) else { return 1 }
        // x = (start + ms − segment.start) / duration ≤ 0.9 below this millisecond.
        let safe = (segment.start + 0.9 * segment.duration - start).rounded(.down)
        return safe >= 2 ? Int(safe) : 1
    }
}
