import Testing
import Foundation
import SheetCore

/// A deterministic pseudo-random sequence (no system randomness in tests).
private struct LCG {
    var state: UInt64
    mutating func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
}

/// Independent reference: invert x(s) by a dense scan plus bisection, then evaluate y(s).
/// Also returns dy/dx there, the factor by which an error in x becomes an error in y.
private func reference(_ c: CubicBezier, at x: Double) -> (y: Double, slope: Double) {
    func bx(_ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * c.x1 + 3 * u * s * s * c.x2 + s * s * s
    }
    func by(_ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * c.y1 + 3 * u * s * s * c.y2 + s * s * s
    }
    func d(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }
    let n = 2000
    var lo = 0.0, hi = 1.0
    for k in 1...n {
        let s = Double(k) / Double(n)
        if bx(s) >= x {
            lo = Double(k - 1) / Double(n)
            hi = s
            break
        }
    }
    for _ in 0..<100 {
        let mid = (lo + hi) / 2
        if bx(mid) < x { lo = mid } else { hi = mid }
    }
    let s = (lo + hi) / 2
    let dx = d(c.x1, c.x2, s)
    return (by(s), abs(dx) < 1e-300 ? .infinity : d(c.y1, c.y2, s) / dx)
}

private func referenceValue(_ c: CubicBezier, at x: Double) -> Double {
    reference(c, at: x).y
}

@Suite struct CubicBezierTests {
    @Test func easeInOutIsSymmetric() {
        #expect(abs(CubicBezier.easeInOut.value(at: 0.5) - 0.5) < 1e-6)
        for x in stride(from: 0.05, to: 1, by: 0.05) {
            let a = CubicBezier.easeInOut.value(at: x)
            let b = CubicBezier.easeInOut.value(at: 1 - x)
            #expect(abs(a + b - 1) < 1e-6)
        }
    }

    @Test func endpointsAndClamping() {
        for c in [CubicBezier.easeInOut, .easeIn, .easeOut, .linear, CubicBezier(0.2, 1, 0.42, 1)] {
            #expect(c.value(at: 0) == 0)
            #expect(c.value(at: 1) == 1)
            #expect(c.value(at: -0.5) == 0)
            #expect(c.value(at: 7) == 1)
        }
    }

    @Test func linearIsIdentity() {
        for x in stride(from: 0.0, through: 1, by: 0.01) {
            #expect(abs(CubicBezier.linear.value(at: x) - x) < 1e-12)
            #expect(abs(CubicBezier.linear.slope(at: x) - 1) < 1e-9)
        }
        // A non-canonical linear curve (control points on the diagonal) too.
        let diagonal = CubicBezier(0.25, 0.25, 0.75, 0.75)
        for x in stride(from: 0.0, through: 1, by: 0.05) {
            #expect(abs(diagonal.value(at: x) - x) < 1e-6)
        }
    }

    @Test func knownValues() {
        // seed 004's navigation curve at a quarter of the time.
        let nav = CubicBezier(0.2, 1, 0.42, 1)
        #expect(abs(nav.value(at: 0.25) - 0.7538196558963037) < 1e-6)
        #expect(abs(CubicBezier.easeInOut.value(at: 0.25) - referenceValue(.easeInOut, at: 0.25)) < 1e-9)
    }

    @Test func solverMatchesBruteForceInversion() {
        var rng = LCG(state: 0x5EED)
        var curves: [CubicBezier] = [.easeInOut, .easeIn, .easeOut, CubicBezier(0.2, 1, 0.42, 1),
                                     CubicBezier(0, 1, 1, 0), CubicBezier(1, 0, 0, 1),
                                     CubicBezier(0, 0, 0, 1), CubicBezier(1, 0, 1, 1),
                                     CubicBezier(0.68, -0.55, 0.265, 1.55)]
        for _ in 0..<200 {
            curves.append(CubicBezier(rng.next(), rng.next() * 3 - 1, rng.next(), rng.next() * 3 - 1))
        }
        var worst = 0.0
        var checked = 0, illConditioned = 0
        for c in curves {
            var xs = (1..<100).map { Double($0) / 100 }
            for _ in 0..<20 { xs.append(rng.next()) }
            for x in xs {
                let ref = reference(c, at: x)
                let y = c.value(at: x)
                if abs(ref.slope) <= 100 {
                    let err = abs(y - ref.y)
                    worst = max(worst, err)
                    #expect(err < 1e-6, "\(c) at \(x)")
                    checked += 1
                } else {
                    // Near a vertical tangent y(x) is ill-conditioned (CubicBezier(1, 0, 0, 1)
                    // at 0.5: an x error of 1e-9 moves y by 1e-3), so no solver in doubles can
                    // promise 1e-6 there. Check the backward error instead: the answer lies
                    // between the true values a hair to either side.
                    let a = referenceValue(c, at: max(x - 1e-8, 0))
                    let b = referenceValue(c, at: min(x + 1e-8, 1))
                    #expect(y >= min(a, b) - 1e-6 && y <= max(a, b) + 1e-6, "\(c) at \(x)")
                    illConditioned += 1
                }
            }
        }
        #expect(worst < 1e-6)
        #expect(checked > 20 * illConditioned)
    }

    @Test func verticalTangentIsSolvedThroughTheSingularPoint() {
        // x(s) = 3(1-s)²s + s³ has x'(0.5) = 0; by symmetry value(0.5) = 0.5 exactly.
        let c = CubicBezier(1, 0, 0, 1)
        #expect(abs(c.value(at: 0.5) - 0.5) < 1e-9)
        #expect(abs(c.value(at: 0.3) - referenceValue(c, at: 0.3)) < 1e-6)
    }

    @Test func slopeMatchesFiniteDifference() {
        for c in [CubicBezier.easeInOut, .easeIn, .easeOut, CubicBezier(0.2, 1, 0.42, 1),
                  CubicBezier(0.3, 0.1, 0.6, 0.9)] {
            for x in stride(from: 0.1, through: 0.9, by: 0.1) {
                let h = 1e-5
                let numeric = (c.value(at: x + h) - c.value(at: x - h)) / (2 * h)
                #expect(abs(c.slope(at: x) - numeric) < 1e-3 * max(1, abs(numeric)), "\(c) at \(x)")
            }
        }
        // 0/0 at an end point resolves to the limit: ease-out starts at 1 / 0.58.
        #expect(abs(CubicBezier.easeOut.slope(at: 0) - 1 / 0.58) < 1e-9)
        #expect(abs(CubicBezier.easeIn.slope(at: 1) - 1 / 0.58) < 1e-9)
        // ease-in-out is flat at both ends and steepest in the middle
        #expect(abs(CubicBezier.easeInOut.slope(at: 0)) < 1e-9)
        #expect(abs(CubicBezier.easeInOut.slope(at: 1)) < 1e-9)
        #expect(CubicBezier.easeInOut.slope(at: 0.5) > 1.5)
    }

    @Test func validity() {
        #expect(CubicBezier.easeInOut.isValid)
        #expect(CubicBezier(0.68, -0.55, 0.265, 1.55).isValid)
        #expect(!CubicBezier(1.2, 0, 0.5, 1).isValid)
        #expect(!CubicBezier(0.2, .nan, 0.5, 1).isValid)
    }
}

@Suite struct SpringTests {
    let dampings = [0.5, 1.0, 2.0]

    @Test func startsAtX0WithV0() {
        for z in dampings {
            let s = Spring(dampingRatio: z, response: 300)
            for (x0, v0) in [(100.0, 0.0), (-50, 2000), (0, -900), (212.25, -1500)] {
                let st = s.state(x0: x0, v0: v0, elapsed: 0)
                #expect(abs(st.x - x0) < 1e-9, "damping \(z)")
                #expect(abs(st.v - v0) < 1e-6, "damping \(z)")
            }
        }
    }

    @Test func velocityIsTheDerivativeOfPosition() {
        for z in dampings + [0.2, 0.999999, 1.000001] {
            let s = Spring(dampingRatio: z, response: 400)
            for ms in [0.5, 10.0, 77, 250, 600] {
                let h = 1e-3  // ms
                let a = s.state(x0: 120, v0: -700, elapsed: ms - h).x
                let b = s.state(x0: 120, v0: -700, elapsed: ms + h).x
                let numeric = (b - a) / (2 * h) * 1000
                let v = s.state(x0: 120, v0: -700, elapsed: ms).v
                #expect(abs(v - numeric) < 1e-3 * max(1, abs(v)), "damping \(z) at \(ms)")
            }
        }
    }

    @Test func convergesAndSettles() {
        for z in dampings + [0.1, 5] {
            let s = Spring(dampingRatio: z, response: 300)
            for (x0, v0) in [(300.0, 0.0), (-120, 3000), (0.0, -2000)] {
                let d = s.settlingDuration(x0: x0, v0: v0)
                #expect(d.isFinite && d > 0 && d < 10_000, "damping \(z)")
                // Within tolerance from the settling time on (checked on a grid for 2 s).
                var ms = d
                while ms <= d + 2000 {
                    #expect(abs(s.state(x0: x0, v0: v0, elapsed: ms).x) < 0.01, "damping \(z) at \(ms)")
                    ms += 0.5
                }
                let late = s.state(x0: x0, v0: v0, elapsed: 9000)
                #expect(abs(late.x) < 1e-4 && abs(late.v) < 1e-2)
            }
        }
    }

    @Test func criticallyDampedNeverOvershootsFromRest() {
        let s = Spring.settle
        var ms = 0.0
        while ms < 2000 {
            #expect(s.state(x0: 100, v0: 0, elapsed: ms).x >= 0)
            ms += 5
        }
    }

    @Test func underdampedOvershoots() {
        let s = Spring(dampingRatio: 0.5, response: 300)
        var minimum = 0.0
        var ms = 0.0
        while ms < 1000 {
            minimum = min(minimum, s.state(x0: 100, v0: 0, elapsed: ms).x)
            ms += 1
        }
        // Overshoot of a damped oscillator: exp(-pi z / sqrt(1 - z²)) = 16.3 % for z = 0.5.
        #expect(abs(-minimum - 100 * exp(-Double.pi * 0.5 / (0.75).squareRoot())) < 0.2)
    }

    @Test func atRestStaysAtRest() {
        let s = Spring.settle
        #expect(s.settlingDuration(x0: 0, v0: 0) == 0)
        let st = s.state(x0: 0, v0: 0, elapsed: 123)
        #expect(st.x == 0 && st.v == 0)
    }

    @Test func deterministicBitForBit() {
        let s = Spring(dampingRatio: 0.7, response: 350)
        let a = s.state(x0: 42.5, v0: -813.25, elapsed: 123.456)
        let b = s.state(x0: 42.5, v0: -813.25, elapsed: 123.456)
        #expect(a.x.bitPattern == b.x.bitPattern && a.v.bitPattern == b.v.bitPattern)
    }

    @Test func validity() {
        #expect(Spring.settle.isValid)
        #expect(!Spring(dampingRatio: 0, response: 300).isValid)
        #expect(!Spring(dampingRatio: 1, response: .infinity).isValid)
    }
}

@Suite struct SteepCurveTests {
    /// Reference: bisection on the curve parameter, written out independently.
    static func reference(_ c: CubicBezier, _ x: Double) -> Double {
        func bez(_ a: Double, _ b: Double, _ s: Double) -> Double {
            3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s
        }
        // Where x(s) is flat, rounding makes a whole interval of s hit x: take its middle.
        func bisect(_ below: (Double) -> Bool) -> Double {
            var lo = 0.0, hi = 1.0
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if below(bez(c.x1, c.x2, mid)) { lo = mid } else { hi = mid }
            }
            return (lo + hi) / 2
        }
        let s = (bisect { $0 < x } + bisect { $0 <= x }) / 2
        return bez(c.y1, c.y2, s)
    }

    @Test(arguments: [CubicBezier(1, 0, 0, 1), CubicBezier(0.9, 0, 0.1, 1), CubicBezier(0.2, 1, 0.42, 1)])
    func accurateNearVerticalTangents(curve: CubicBezier) {
        for x in [0.5 - 1e-9, 0.5, 0.5 + 1e-9, 0.4999, 0.5001, 0.25, 0.75, 1e-6, 1 - 1e-6] {
            #expect(abs(curve.value(at: x) - Self.reference(curve, x)) < 1e-6, "x = \(x)")
        }
    }
}
