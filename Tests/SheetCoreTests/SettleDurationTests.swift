import Testing
@testable import SheetCore

/// `Motion.settleMilliseconds` (the `durationMs` of `willSettle`) bisects a monotone motion and
/// walks any other's span backwards, stopping at the last millisecond above the tolerance. These tests hold it to the rule as it was
/// first written — a forward walk over every millisecond — on random motions: eased and
/// springy, retargeted (several segments), overshooting, and dismissals that end at 0.
@Suite struct SettleDurationTests {
    /// The rule walked forwards over the whole span (the original implementation).
    static func forwardWalk(_ m: Motion, from start: Double, tolerance: Double = 0.5, endsAtZero: Bool = false) -> Int {
        let span = m.end - start
        guard span > 0 else { return 0 }
        let target = m.target
        func x(_ ms: Double) -> Double { m.value(at: start + ms) - target }
        func slope(_ ms: Double) -> Double { x(ms) * m.velocity(at: start + ms) }
        var n = 0
        var x0 = x(0), s0 = slope(0)
        for i in 1...Int(span.rounded(.up)) {
            let ms = Double(i)
            let x1 = x(ms)
            if endsAtZero && x1 + target <= 0 { return abs(x0) > tolerance ? i : n }
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

    static func randomTiming(_ rng: inout SplitMix64) -> AnimationTiming {
        if rng.unit() < 0.5 {
            let curve = rng.pick([CubicBezier.easeInOut, .easeOut, .easeIn, .linear,
                                  CubicBezier(0.2, -1.5, 0.6, 2.5), CubicBezier(0.3, 1.8, 0.7, -0.8)])
            return .bezier(BezierTiming(duration: rng.range(0, 600).rounded(), curve: curve))
        }
        return .spring(Spring(dampingRatio: rng.range(0.1, 1.5), response: rng.range(80, 700)))
    }

    @Test(arguments: 0..<24)
    func backwardWalkAgreesWithTheForwardWalk(seed: Int) {
        var rng = SplitMix64(state: UInt64(seed) &* 104_729 &+ 3)
        for _ in 0..<40 {
            let from = rng.range(-50, 900)
            let dismisses = rng.unit() < 0.4
            let to = dismisses ? 0 : rng.range(0, 800)
            var m = Motion.animate(from: from, to: to, velocity: rng.range(-4000, 4000), at: 0, timing: Self.randomTiming(&rng))
            // Sometimes retarget while running: more segments, the sum must be examined.
            var start = 0.0
            if rng.unit() < 0.4 {
                start = rng.range(0, 200)
                m.retarget(by: rng.range(-200, 200), at: start, timing: Self.randomTiming(&rng))
            }
            let tolerance = rng.pick([0.5, 0.5, 0.01, 5])
            let expected = Self.forwardWalk(m, from: start, tolerance: tolerance, endsAtZero: dismisses)
            #expect(m.settleMilliseconds(from: start, tolerance: tolerance, endsAtZero: dismisses) == expected,
                    "\(m) from \(start) tolerance \(tolerance) endsAtZero \(dismisses)")
        }
    }

    /// A present or dismiss from rest (one eased segment on a curve inside the unit square) is
    /// answered by bisection; it must give the walk's answer for every distance, duration,
    /// start within or before the motion, tolerance, and a dismissal's end at 0.
    @Test(arguments: 0..<16)
    func bisectionAgreesWithTheForwardWalkOnMonotoneMotions(seed: Int) {
        var rng = SplitMix64(state: UInt64(seed) &* 7_919 &+ 11)
        for _ in 0..<60 {
            let curve = rng.pick([CubicBezier.easeInOut, .easeOut, .easeIn, .linear, BezierTiming.present.curve,
                                  CubicBezier(rng.unit(), rng.unit(), rng.unit(), rng.unit()),
                                  CubicBezier(1, 0, 0, 1), CubicBezier(0, 1, 1, 0)])
            let dismisses = rng.unit() < 0.4
            let from = rng.range(0.2, 1200)
            let to = dismisses ? 0 : rng.range(0, 1200)
            let timing = AnimationTiming.bezier(BezierTiming(duration: rng.range(1, 900).rounded(), curve: curve))
            var m = Motion.animate(from: from, to: to, at: 0, timing: timing)
            if rng.unit() < 0.3 { m.retarget(by: rng.range(-300, 300), at: 0, timing: nil) }  // a constant joins
            let start = rng.unit() < 0.5 ? 0 : rng.range(-50, m.end + 10)
            let tolerance = rng.pick([0.5, 0.5, 0.01, 5])
            #expect(m.isMonotone)
            #expect(m.settleMilliseconds(from: start, tolerance: tolerance, endsAtZero: dismisses)
                        == Self.forwardWalk(m, from: start, tolerance: tolerance, endsAtZero: dismisses),
                    "\(m) from \(start) tolerance \(tolerance) endsAtZero \(dismisses)")
        }
    }

    /// What bisection must not answer: an overshooting curve, a spring, two eased segments.
    @Test func onlyMonotoneMotionsAreBisected() {
        #expect(Motion.animate(from: 0, to: 100, at: 0, timing: .bezier(.present)).isMonotone)
        #expect(!Motion.animate(from: 0, to: 100, at: 0, timing: .bezier(BezierTiming(duration: 300, curve: CubicBezier(0.2, -1.5, 0.6, 2.5)))).isMonotone)
        #expect(!Motion.animate(from: 0, to: 100, at: 0, timing: .spring(Spring(dampingRatio: 1, response: 300))).isMonotone)
        var twice = Motion.animate(from: 0, to: 100, at: 0, timing: .bezier(.present))
        twice.retarget(by: 50, at: 100, timing: .bezier(.present))
        #expect(!twice.isMonotone)
    }

    /// The cases the shortcut must not skip: a peak inside the very last millisecond above the
    /// tolerance, a dismissal whose start is already far from rest, and one that never moves.
    @Test func edges() {
        let resting = Motion.rest(300)
        #expect(resting.settleMilliseconds(from: 10) == 0)
        let dismiss = Motion.animate(from: 400, to: 0, at: 0, timing: .bezier(.present))
        #expect(dismiss.settleMilliseconds(from: 0, endsAtZero: true) == Self.forwardWalk(dismiss, from: 0, endsAtZero: true))
        #expect(dismiss.settleMilliseconds(from: 0, endsAtZero: true) > 250)
        let bouncy = Motion.animate(from: 0, to: 400, velocity: 3000, at: 0, timing: .spring(Spring(dampingRatio: 0.2, response: 300)))
        #expect(bouncy.settleMilliseconds(from: 0) == Self.forwardWalk(bouncy, from: 0))
        #expect(bouncy.settleMilliseconds(from: 0) > 600)
    }

    /// The bisection's guess (the eased curve's estimate) only saves evaluations: any guess,
    /// inside the range or not, right or wrong, gives the answer no guess gives.
    @Test func aGuessNeverChangesTheFirstMillisecondFound() {
        var rng = SplitMix64(state: 7)
        for _ in 0..<2_000 {
            let lo = Int(rng.next() % 50), hi = lo + Int(rng.next() % 400)
            let boundary = lo + Int(rng.next() % UInt64(hi - lo + 2))  // hi + 1: holds nowhere
            let holds = { (i: Int) in i >= boundary }
            let plain = Motion.first(in: lo...hi, where: holds)
            for guess in [boundary, boundary - 1, boundary + 1, lo - 5, hi + 5, lo + Int(rng.next() % 500)] {
                #expect(Motion.first(in: lo...hi, near: guess, where: holds) == plain)
            }
        }
    }

    /// The curve's estimate is where the answer is, or next to it, for the presets.
    @Test func theGuessOfAnEasedPresentIsTheAnswerOrANeighbour() {
        for curve in [CubicBezier.easeInOut, .easeIn, .easeOut, .linear] {
            for duration in [200.0, 300, 778] {
                let m = Motion.animate(from: 0, to: 422, at: 100, timing: .bezier(BezierTiming(duration: duration, curve: curve)))
                let answer = m.settleMilliseconds(from: 100)
                let guess = m.settleGuess(from: 100, within: 0.5)
                #expect(guess.map { abs($0 - answer) <= 1 } == true, "\(curve) \(duration): \(String(describing: guess)) vs \(answer)")
            }
        }
    }
}

