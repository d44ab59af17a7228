/// A damped harmonic spring, parameterised the way SwiftUI and UIKit designers speak:
/// `dampingRatio` (1 = critically damped, < 1 bounces) and `response` (the period of the
/// undamped oscillation, in milliseconds).
///
/// Solved in closed form, so it is exact at any time and can start with any velocity: a
/// release hands the finger's velocity to the spring and the motion has no velocity jump.
public struct Spring: Sendable, Equatable, Hashable {
    public var dampingRatio: Double
    public var response: Double

    public init(dampingRatio: Double, response: Double) {
        self.dampingRatio = dampingRatio
        self.response = response
    }

    /// The default settle after a release: critically damped, 300 ms response.
    public static let settle = Spring(dampingRatio: 1, response: 300)

    /// Whether both parameters are usable (finite, damping in 0.05...10, response in 1...10000 ms).
    public var isValid: Bool {
        dampingRatio.isFinite && response.isFinite
            && (0.05...10).contains(dampingRatio) && (1...10_000).contains(response)
    }

    /// Displacement from the target and its velocity (pt, pt/s) `elapsed` ms after starting
    /// with displacement `x0` (pt) and velocity `v0` (pt/s).
    public func state(x0: Double, v0: Double, elapsed: Double) -> (x: Double, v: Double) {
        let t = max(elapsed, 0) / 1000
        let w0 = 2 * Double.pi / (response / 1000)
        let z = dampingRatio
        if abs(z - 1) < 1e-9 {
            let c = v0 + w0 * x0
            let e = SheetMath.exp(-w0 * t)
            return (e * (x0 + c * t), e * (c - w0 * (x0 + c * t)))
        } else if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let a = x0
            let b = (v0 + z * w0 * x0) / wd
            let e = SheetMath.exp(-z * w0 * t)
            let cs = SheetMath.cos(wd * t), sn = SheetMath.sin(wd * t)
            let x = e * (a * cs + b * sn)
            let v = -z * w0 * x + e * (-a * wd * sn + b * wd * cs)
            return (x, v)
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - root)
            let r2 = -w0 * (z + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            let e1 = SheetMath.exp(r1 * t), e2 = SheetMath.exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// Milliseconds until the motion stays within `tolerance` pt of the target for good
    /// (a bound on the envelope, checked on a 1 ms grid; at most 10 s).
    public func settlingDuration(x0: Double, v0: Double, tolerance: Double = 0.01) -> Double {
        if abs(x0) < tolerance && abs(v0) < tolerance { return 0 }
        let w0 = 2 * Double.pi / (response / 1000)
        let z = dampingRatio
        // Envelope: an upper bound of |x(t)| that is eventually decreasing.
        func envelope(_ ms: Double) -> Double {
            let t = ms / 1000
            if abs(z - 1) < 1e-9 {
                return SheetMath.exp(-w0 * t) * (abs(x0) + abs(v0 + w0 * x0) * t)
            } else if z < 1 {
                let wd = w0 * (1 - z * z).squareRoot()
                let b = (v0 + z * w0 * x0) / wd
                return SheetMath.exp(-z * w0 * t) * (x0 * x0 + b * b).squareRoot()
            } else {
                let root = (z * z - 1).squareRoot()
                let r1 = -w0 * (z - root), r2 = -w0 * (z + root)
                let c2 = (v0 - r1 * x0) / (r2 - r1)
                return abs(x0 - c2) * SheetMath.exp(r1 * t) + abs(c2) * SheetMath.exp(r2 * t)
            }
        }
        var ms = 1.0
        while ms < 10_000 {
            if envelope(ms) < tolerance && envelope(ms + 1) <= envelope(ms) { return ms }
            ms += 1
        }
        return 10_000
    }
}
