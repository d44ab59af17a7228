extension JSONCodec {
    /// Appends `d` the way `JSONValue.number(d)` encodes: integral values within ±2^53 as
    /// integers (`-0` as `0`), everything else as `appendDouble` writes it.
    public static func appendNumber(_ d: Double, into out: inout [UInt8]) {
        if d == d.rounded(), abs(d) < 9_007_199_254_740_992 {
            appendInt(Int64(d), into: &out)
        } else {
            appendDouble(d, into: &out)
        }
    }

    /// `x.rounded()` (to nearest, half away from zero), bit for bit, without a call into libm
    /// (`round` is a library call on baseline x86-64): below 2^52 in magnitude `x` minus its
    /// truncation is exact, so comparing it with ±0.5 decides.
    @inline(__always)
    static func roundedExactly(_ x: Double) -> Double {
        guard abs(x) < 4_503_599_627_370_496 else { return x.rounded() }  // 2^52 and above: integral (or NaN, inf)
        let t = Double(Int64(x))
        let f = x - t
        let r = f >= 0.5 ? t + 1 : f <= -0.5 ? t - 1 : t
        return r == 0 && x.sign == .minus ? -0.0 : r
    }

    /// Whether `d` is integral and within ±2^53 (`JSONValue.number` writes it as an integer),
    /// without a call into libm.
    @inline(__always)
    static func isSmallInteger(_ d: Double) -> Bool {
        abs(d) < 9_007_199_254_740_992 && Double(Int64(d)) == d
    }

    /// The fast path of `appendDouble` (see `shortDecimal`); false, writing nothing, when it
    /// does not apply.
    static func appendShortDecimal(_ d: Double, into out: inout [UInt8]) -> Bool {
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes of scratch
        let n = withUnsafeMutableBytes(of: &digits) { shortDecimal(d, into: $0) }
        guard n > 0 else { return false }
        withUnsafeBytes(of: &digits) { out.append(contentsOf: $0[0..<n]) }
        return true
    }

    /// The shortest round-trip form of a non-integral `d` below 1e9 in magnitude with at most
    /// four decimals (every rounded length, alpha and progress in a frame), written digit by
    /// digit at the start of `buffer` (32 bytes at least); the number of bytes, 0 (nothing
    /// written) for any other value.
    ///
    /// Why this is the shortest round-trip form: `d` equals the double nearest to the decimal
    /// n/10⁴, so that decimal (trailing zeros trimmed) reads back as `d`; any other decimal
    /// with at most four places differs from it by 10⁻⁴ or more, far more than the spacing of
    /// doubles below 1e9 (< 2.4e-7), so no shorter string reads back as `d`. Swift's
    /// `description` prints such values in plain notation (exponents start below 1e-4), so
    /// these are the bytes `appendDouble` always wrote.
    static func shortDecimal(_ d: Double, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard abs(d) < 1e9 else { return 0 }
        let scaled = roundedExactly(d * 10_000)
        guard scaled / 10_000 == d else { return 0 }
        let n = Int64(scaled)
        // Divisions by constants (multiplications): the integer part, the four decimals, and
        // how many of those are left once trailing zeros go.
        let m = n.magnitude
        let whole = m / 10_000, fraction = m % 10_000
        guard fraction != 0 else { return 0 }  // integral: not this path's business
        // The four decimals as two pairs; the count ends at the last that is not a trailing zero.
        let high = fraction / 100, low = fraction % 100
        let decimals = low == 0 ? (high % 10 == 0 ? 1 : 2) : (low % 10 == 0 ? 3 : 4)
        let sign = n < 0 ? 1 : 0
        let start = buffer.baseAddress!
        if n < 0 { start.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self) }
        let point: UnsafeMutableRawPointer
        if whole < 10_000 {
            // Every length and alpha of a frame: up to four digits, unrolled (`writeDigits`' loop
            // costs about 70 instructions more per frame on the realtime-like load).
            let wholeDigits = whole < 10 ? 1 : whole < 100 ? 2 : whole < 1000 ? 3 : 4
            point = start + sign + wholeDigits
            switch wholeDigits {
            case 1: (point - 1).storeBytes(of: UInt8(48 + whole), as: UInt8.self)
            case 2: storePair(whole, at: point - 2)
            case 3:
                storePair(whole % 100, at: point - 2)
                (point - 3).storeBytes(of: UInt8(48 + whole / 100), as: UInt8.self)
            default:
                storePair(whole % 100, at: point - 2)
                storePair(whole / 100, at: point - 4)
            }
        } else {
            let wholeDigits = decimalDigits(whole)
            point = start + sign + wholeDigits
            _ = writeDigits(whole, count: wholeDigits, before: point)
        }
        point.storeBytes(of: UInt8(ascii: "."), as: UInt8.self)
        storePair(high, at: point + 1)
        storePair(low, at: point + 3)
        return point - start + 1 + decimals
    }

    /// The 100 two-digit pairs "00" to "99".
    static var digitPairs: StaticString { "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899" }

    /// Writes `v` (below 100) as two digits at `p`.
    @inline(__always)
    static func storePair(_ v: UInt64, at p: UnsafeMutableRawPointer) {
        p.storeBytes(of: UnsafeRawPointer(digitPairs.utf8Start + 2 * Int(v)).loadUnaligned(as: UInt16.self), as: UInt16.self)
    }

    /// How many decimal digits `v` has (1 for 0), by comparison, not division.
    @inline(__always)
    static func decimalDigits(_ v: UInt64) -> Int {
        var digits = 1
        var bound: UInt64 = 10
        while v >= bound && digits < 19 {
            digits += 1
            bound &*= 10
        }
        return digits + (v >= 10_000_000_000_000_000_000 ? 1 : 0)
    }

    /// Writes the `count` lowest decimal digits of `v` (leading zeros included) so that they
    /// end just before `end`, two per division; returns where they start.
    @inline(__always)
    static func writeDigits(_ v: UInt64, count: Int, before end: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        var v = v, p = end, left = count
        while left >= 2 {
            p -= 2
            storePair(v % 100, at: p)
            v /= 100
            left -= 2
        }
        if left == 1 {
            p -= 1
            p.storeBytes(of: UInt8(48 + v % 10), as: UInt8.self)
        }
        return p
    }
}
