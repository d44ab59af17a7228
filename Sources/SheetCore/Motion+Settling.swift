/// How long a motion takes to come to rest, by the rule `willSettle` reports.
extension Motion {
    /// Whole milliseconds from `start` after which the value stays within `tolerance` of the
    /// target for good: the smallest integer `n` with |value − target| ≤ `tolerance` at every
    /// time from `start + n` on. With `endsAtZero` (a dismissal) the motion ends where it first
    /// reaches 0, as the engine ends it.
    ///
    /// Exact to the rule without ticking: every motion is at its target once its last segment
    /// ends, so only the span up to then is examined.
    ///
    /// A present or dismiss from rest (`isMonotone`: one eased segment whose progress never
    /// turns back) comes ever closer to its target, so the answer is the first millisecond at
    /// which it is within the tolerance — every later one is, the one before is not — found by
    /// bisection over the milliseconds; a dismissal's millisecond of reaching 0 likewise. (A
    /// present or dismiss is announced on every session that starts one, so this is on the
    /// realtime clock's busiest path: a dozen evaluations instead of a walk.) The bisection
    /// starts from where the eased segment's curve says the answer is (`settleGuess`): the
    /// guess is only checked, never trusted, so the answer is the bisection's; usually two or
    /// three evaluations confirm it.
    ///
    /// Any other motion is examined one millisecond at a time. In each millisecond the
    /// distance is above the tolerance somewhere when it is at either end, or at the one peak
    /// inside it (where the distance's slope, x·v, turns from rising to falling), which
    /// bisection finds. The answer is the last such millisecond, so the span is walked
    /// backwards from its end and the walk stops at the first millisecond found above. A
    /// dismissal first finds where it reaches 0, walking forwards on the value alone.
    package func settleMilliseconds(from start: Double, tolerance: Double = 0.5, endsAtZero: Bool = false) -> Int {
        settleMilliseconds(from: start, tolerance: tolerance, endsAtZero: endsAtZero, bisecting: isMonotone)
    }

    /// `settleMilliseconds`, by bisection (`bisecting`, for a monotone motion only) or by the
    /// walk every motion allows (tests compare the two).
    package func settleMilliseconds(from start: Double, tolerance: Double = 0.5, endsAtZero: Bool = false,
                                    bisecting: Bool) -> Int {
        let span = end - start
        guard span > 0 else { return 0 }
        let target = self.target
        func x(_ ms: Double) -> Double { value(at: start + ms) - target }
        func slope(_ ms: Double) -> Double { x(ms) * velocity(at: start + ms) }
        var last = Int(span.rounded(.up))
        if endsAtZero {
            let first = firstMillisecondThatMayReachZero(from: start)
            func reached(_ ms: Int) -> Bool { value(at: start + Double(ms)) <= 0 }
            let guess = bisecting ? settleGuess(from: start, within: 0) : nil
            if let zero = bisecting ? Self.first(in: first...last, near: guess, where: reached)
                                    : (first...last).first(where: reached) {
                // Off-screen within millisecond `zero`: it was still far from rest at its start?
                if abs(x(Double(zero - 1))) > tolerance { return zero }
                last = zero - 1
            }
        }
        if bisecting {
            // The distance never grows: millisecond i ends above the tolerance exactly when its
            // start, i − 1, is above it.
            return Self.first(in: 0...max(last, 0), near: settleGuess(from: start, within: tolerance),
                              where: { abs(x(Double($0))) <= tolerance }) ?? last
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

    /// The first integer of `range` at which `holds` is true, for a `holds` that stays true
    /// from there to the range's end; nil when it holds nowhere. `guess`, if any, is tried
    /// first (with its neighbours): a right guess ends the search, a wrong one narrows it.
    static func first(in range: ClosedRange<Int>, near guess: Int? = nil, where holds: (Int) -> Bool) -> Int? {
        guard holds(range.upperBound) else { return nil }
        var lo = range.lowerBound, hi = range.upperBound  // the answer is in lo...hi
        if let guess {
            let g = min(max(guess, lo), hi)
            if holds(g) {
                if g == lo || !holds(g - 1) { return g }
                hi = g - 1
            } else {
                lo = g + 1  // (≤ hi: holds(hi))
                if holds(lo) { return lo }
            }
        }
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if holds(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Where the eased segment of a monotone motion comes within `distance` of its end, by
    /// its curve: whole milliseconds from `start`, rounded up (nil for any other motion). A
    /// first guess for `first(in:near:where:)`, which checks it.
    func settleGuess(from start: Double, within distance: Double) -> Int? {
        guard let seg = segments.first(where: { $0.from != $0.to }), case .bezier(let curve) = seg.curve else { return nil }
        let progress = 1 - distance / abs(seg.to - seg.from)
        let fraction = progress <= 0 ? 0 : curve.timeFraction(atProgress: min(progress, 1))
        let ms = (seg.start + fraction * seg.duration - start).rounded(.up)
        guard ms.isFinite, abs(ms) < 1e9 else { return nil }
        return Int(ms)
    }

    /// Whether the motion comes ever closer to its target: every segment but one is a
    /// constant, and that one eases along a curve whose control points are all in 0...1 (every
    /// preset). Such a curve's progress never turns back: its derivative's Bernstein
    /// coefficients y1, y2 − y1, 1 − y2 keep y1·(1 − s)² + 2(y2 − y1)(1 − s)s + (1 − y2)s² ≥ 0,
    /// since y1 − y2 ≤ y1(1 − y2) when both are in 0...1 — and x is monotone the same way.
    var isMonotone: Bool {
        var moving = 0
        for segment in segments where segment.from != segment.to {
            guard case .bezier(let c) = segment.curve, segment.duration > 0,
                  (0...1).contains(c.x1), (0...1).contains(c.y1), (0...1).contains(c.x2), (0...1).contains(c.y2)
            else { return false }
            moving += 1
        }
        return moving <= 1
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
