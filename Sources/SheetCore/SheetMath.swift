/// The engine's own `exp`, `sin` and `cos`, in Swift, so that every build of the engine — the
/// native daemon on glibc, the WebAssembly module, any other libc — computes the very same
/// doubles and prints the very same bytes. A platform's libm is free to differ from another's
/// by a rounding unit (glibc's results are not musl's, nor the browser's); this file is not.
///
/// The algorithms are fdlibm's (Sun Microsystems, 1993; as kept by musl): `exp` by reduction
/// to `k·ln2 + r` and a rational approximation of `exp(r)` (error < 1 ulp); `sin`/`cos` by
/// reduction modulo π/2 (Cody–Waite in three steps, good to 151 bits for |x| < 2²⁰·π/2) and
/// the kernel polynomials on [-π/4, π/4] (error < 1 ulp). Beyond 2²⁰·π/2 the reduction first
/// takes the exact remainder by the double nearest 2π: less accurate than libm there, still
/// the same everywhere (the spring only meets such angles once its envelope is 0).
///
/// Swift does not contract `a*b + c` into a fused multiply-add, so these are the same
/// operations, rounded the same way, on every target.
public enum SheetMath {
    // MARK: exp

    private static let ln2hi = 6.93147180369123816490e-01
    private static let ln2lo = 1.90821492927058770002e-10
    private static let invln2 = 1.44269504088896338700e+00
    private static let P1 = 1.66666666666666019037e-01
    private static let P2 = -2.77777777770155933842e-03
    private static let P3 = 6.61375632143793436117e-05
    private static let P4 = -1.65339022054652515390e-06
    private static let P5 = 4.13813679705723846039e-08

    /// e raised to `x`.
    public static func exp(_ x: Double) -> Double {
        var x = x
        let bits = x.bitPattern
        let sign = Int(bits >> 63)
        let hx = UInt32(truncatingIfNeeded: bits >> 32) & 0x7fff_ffff
        if hx >= 0x4086_232b {  // |x| >= 708.39...
            if x.isNaN { return x }
            if x > 709.782712893383973096 { return x * 0x1p1023 }  // overflow (inf stays inf)
            if x < -745.13321910194110842 { return 0 }
        }
        let hi: Double, lo: Double
        let k: Int
        if hx > 0x3fd6_2e42 {  // |x| > 0.5 ln2
            if hx >= 0x3ff0_a2b2 {  // |x| >= 1.5 ln2
                k = Int(invln2 * x + (sign == 0 ? 0.5 : -0.5))
            } else {
                k = 1 - sign - sign
            }
            hi = x - Double(k) * ln2hi
            lo = Double(k) * ln2lo
            x = hi - lo
        } else if hx > 0x3e30_0000 {  // |x| > 2^-28
            k = 0
            hi = x
            lo = 0
        } else {
            return 1 + x
        }
        let xx = x * x
        let c = x - xx * (P1 + xx * (P2 + xx * (P3 + xx * (P4 + xx * P5))))
        let y = 1 + (x * c / (2 - c) - lo + hi)
        if k == 0 { return y }
        return scalbn(y, k)
    }

    /// `x`·2ⁿ, rounded once (musl's scalbn).
    static func scalbn(_ x: Double, _ n: Int) -> Double {
        var y = x
        var n = n
        if n > 1023 {
            y *= 0x1p1023
            n -= 1023
            if n > 1023 {
                y *= 0x1p1023
                n -= 1023
                if n > 1023 { n = 1023 }
            }
        } else if n < -1022 {
            // Keep the final n below -53 so the subnormal result is rounded only once.
            y *= 0x1p-1022 * 0x1p53
            n += 1022 - 53
            if n < -1022 {
                y *= 0x1p-1022 * 0x1p53
                n += 1022 - 53
                if n < -1022 { n = -1022 }
            }
        }
        return y * Double(bitPattern: UInt64(0x3ff + n) << 52)
    }

    // MARK: sin, cos

    /// The sine of `x` (radians).
    public static func sin(_ x: Double) -> Double {
        let ix = UInt32(truncatingIfNeeded: x.bitPattern >> 32) & 0x7fff_ffff
        if ix <= 0x3fe9_21fb {  // |x| <= π/4
            if ix < 0x3e50_0000 { return x }  // |x| < 2^-26
            return kernelSin(x, 0, odd: false)
        }
        if ix >= 0x7ff0_0000 { return x - x }  // NaN, ±inf
        let (n, y0, y1) = remPio2(x)
        switch n & 3 {
        case 0: return kernelSin(y0, y1, odd: true)
        case 1: return kernelCos(y0, y1)
        case 2: return -kernelSin(y0, y1, odd: true)
        default: return -kernelCos(y0, y1)
        }
    }

    /// The cosine of `x` (radians).
    public static func cos(_ x: Double) -> Double {
        let ix = UInt32(truncatingIfNeeded: x.bitPattern >> 32) & 0x7fff_ffff
        if ix <= 0x3fe9_21fb {  // |x| <= π/4
            if ix < 0x3e46_a09e { return 1 }  // |x| < 2^-27·√2
            return kernelCos(x, 0)
        }
        if ix >= 0x7ff0_0000 { return x - x }
        let (n, y0, y1) = remPio2(x)
        switch n & 3 {
        case 0: return kernelCos(y0, y1)
        case 1: return -kernelSin(y0, y1, odd: true)
        case 2: return -kernelCos(y0, y1)
        default: return kernelSin(y0, y1, odd: true)
        }
    }

    private static let S1 = -1.66666666666666324348e-01
    private static let S2 = 8.33333333332248946124e-03
    private static let S3 = -1.98412698298579493134e-04
    private static let S4 = 2.75573137070700676789e-06
    private static let S5 = -2.50507602534068634195e-08
    private static let S6 = 1.58969099521155010221e-10

    /// sin(x + y) for |x + y| <= π/4, y the tail of x (fdlibm's __kernel_sin).
    private static func kernelSin(_ x: Double, _ y: Double, odd: Bool) -> Double {
        let z = x * x
        let w = z * z
        let r = S2 + z * (S3 + z * S4) + z * w * (S5 + z * S6)
        let v = z * x
        if !odd { return x + v * (S1 + z * r) }
        return x - ((z * (0.5 * y - v * r) - y) - v * S1)
    }

    private static let C1 = 4.16666666666666019037e-02
    private static let C2 = -1.38888888888741095749e-03
    private static let C3 = 2.48015872894767294178e-05
    private static let C4 = -2.75573143513906633035e-07
    private static let C5 = 2.08757232129817482790e-09
    private static let C6 = -1.13596475577881948265e-11

    /// cos(x + y) for |x + y| <= π/4 (fdlibm's __kernel_cos).
    private static func kernelCos(_ x: Double, _ y: Double) -> Double {
        let z = x * x
        let w = z * z
        let r = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6))
        let hz = 0.5 * z
        let one = 1 - hz
        return one + (((1 - one) - hz) + (z * r - x * y))
    }

    private static let toint = 1.5 / Double.ulpOfOne
    private static let pio4 = 0x1.921fb54442d18p-1
    private static let invpio2 = 6.36619772367581382433e-01
    private static let pio2_1 = 1.57079632673412561417e+00
    private static let pio2_1t = 6.07710050650619224932e-11
    private static let pio2_2 = 6.07710050630396597660e-11
    private static let pio2_2t = 2.02226624879595063154e-21
    private static let pio2_3 = 2.02226624871116645580e-21
    private static let pio2_3t = 8.47842766036889956997e-32
    private static let twoPi = 6.28318530717958647692

    /// `x` = n·π/2 + (y0 + y1), |y0 + y1| <= π/4 (musl's __rem_pio2, medium range).
    private static func remPio2(_ x: Double) -> (Int, Double, Double) {
        var x = x
        var ix = UInt32(truncatingIfNeeded: x.bitPattern >> 32) & 0x7fff_ffff
        if ix >= 0x4139_21fb {  // |x| >= 2^20·π/2: exact remainder by the double nearest 2π
            x = x.truncatingRemainder(dividingBy: twoPi)
            ix = UInt32(truncatingIfNeeded: x.bitPattern >> 32) & 0x7fff_ffff
        }
        var fn = x * invpio2 + toint - toint
        var n = Int(fn)
        var r = x - fn * pio2_1
        var w = fn * pio2_1t
        if r - w < -pio4 {
            n -= 1
            fn -= 1
            r = x - fn * pio2_1
            w = fn * pio2_1t
        } else if r - w > pio4 {
            n += 1
            fn += 1
            r = x - fn * pio2_1
            w = fn * pio2_1t
        }
        var y0 = r - w
        let ex = Int(ix >> 20)
        var ey = Int((y0.bitPattern >> 52) & 0x7ff)
        if ex - ey > 16 {  // second round, good to 118 bits
            var t = r
            w = fn * pio2_2
            r = t - w
            w = fn * pio2_2t - ((t - r) - w)
            y0 = r - w
            ey = Int((y0.bitPattern >> 52) & 0x7ff)
            if ex - ey > 49 {  // third round, good to 151 bits
                t = r
                w = fn * pio2_3
                r = t - w
                w = fn * pio2_3t - ((t - r) - w)
                y0 = r - w
            }
        }
        let y1 = (r - y0) - w
        return (n, y0, y1)
    }
}
