/// A CSS/UIKit timing curve `cubic-bezier(x1, y1, x2, y2)` from (0,0) to (1,1).
///
/// `value(at:)` maps time fraction to progress, solved to within 1e-7 of x by Newton's
/// method with a bisection fallback (the WebKit `UnitBezier` approach). It is the only
/// bezier solver in sheetd; every eased animation goes through it.
public struct CubicBezier: Sendable, Equatable, Hashable {
    public var x1: Double
    public var y1: Double
    public var x2: Double
    public var y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// UIKit `curveEaseInOut`.
    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    public static let linear = CubicBezier(0, 0, 1, 1)

    /// The y range of the control points the wire accepts (`[x1, y1, x2, y2]` curves); a
    /// policy's curve is held to the same range.
    public static let controlYRange: ClosedRange<Double> = -10...10

    /// Whether the control points describe a valid timing function: x1 and x2 in 0...1,
    /// y1 and y2 in `controlYRange` (which also excludes NaN and infinities).
    public var isValid: Bool {
        (0...1).contains(x1) && (0...1).contains(x2)
            && Self.controlYRange.contains(y1) && Self.controlYRange.contains(y2)
    }

    // Polynomial coefficients: B(s) = ((a s + b) s + c) s.
    private var cx: Double { 3 * x1 }
    private var bx: Double { 3 * (x2 - x1) - cx }
    private var ax: Double { 1 - cx - bx }
    private var cy: Double { 3 * y1 }
    private var by: Double { 3 * (y2 - y1) - cy }
    private var ay: Double { 1 - cy - by }

    private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    private func sampleDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    private func sampleDerivativeY(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The curve parameter `s` whose x equals `x`, precise enough that y is within 1e-10:
    /// Newton's method while the tangent is not vertical, else bisection down to 2^-52.
    func solveParameter(_ x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            let d = sampleDerivativeX(s)
            if abs(d) < 1e-6 { break }
            let step = error / d
            // The y error this leaves is about |dy/ds| · |step|.
            if abs(step) * max(abs(sampleDerivativeY(s)), 1) < 1e-10 { return s }
            s -= step
            if s < 0 || s > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        if x <= lo { return lo }
        if x >= hi { return hi }
        while hi - lo > 0x1p-52 {
            let mid = (lo + hi) / 2
            let v = sampleX(mid)
            if v == x { return mid }
            if x > v { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// The time fraction at which a curve whose progress never turns back (control points in
    /// 0...1) reaches `progress` (in 0...1), by bisection on the curve parameter to 2^-30: an
    /// estimate (`Motion.settleGuess`), not an exact inverse of `value(at:)`.
    func timeFraction(atProgress progress: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<30 {
            let mid = (lo + hi) / 2
            if sampleY(mid) < progress { lo = mid } else { hi = mid }
        }
        return sampleX(hi)
    }

    /// Progress at time fraction `x` (clamped to 0...1).
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if self == .linear { return x }
        return sampleY(solveParameter(x))
    }

    /// d(progress)/d(time fraction) at `x`.
    public func slope(at x: Double) -> Double {
        let s = solveParameter(min(max(x, 0), 1))
        var dx = sampleDerivativeX(s)
        var dy = sampleDerivativeY(s)
        // 0/0 where a control point sits on an end point (`linear` at 0 and 1, `easeOut`
        // at 0, ...): the limit is the ratio of the next derivatives (L'Hôpital).
        if abs(dx) < 1e-12 && abs(dy) < 1e-12 {
            dx = 6 * ax * s + 2 * bx
            dy = 6 * ay * s + 2 * by
            if abs(dx) < 1e-12 && abs(dy) < 1e-12 {
                dx = ax
                dy = ay
            }
        }
        if abs(dx) < 1e-12 { return 0 }
        return dy / dx
    }
}

/// A fixed-duration eased timing: `duration` milliseconds along `curve`.
public struct BezierTiming: Sendable, Equatable, Hashable {
    public var duration: Double
    public var curve: CubicBezier

    public init(duration: Double, curve: CubicBezier) {
        self.duration = duration
        self.curve = curve
    }

    /// The durations the wire accepts (ms); a policy's timing is held to the same range.
    public static let durationRange: ClosedRange<Double> = 0...10_000

    /// Whether the duration is in `durationRange` and the curve is valid.
    public var isValid: Bool { Self.durationRange.contains(duration) && curve.isValid }

    /// UIKit's default transition: 300 ms ease-in-out.
    public static let present = BezierTiming(duration: 300, curve: .easeInOut)
    /// Content-size changes: 250 ms ease-in-out.
    public static let contentChange = BezierTiming(duration: 250, curve: .easeInOut)
}
