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

    /// The fast path of `appendDouble` for a non-integral `d` below 1e9 in magnitude with at
    /// most four decimals (every rounded length, alpha and progress in a frame): its digits,
    /// written without going through `String`. Returns false (writing nothing) for any
    /// other value.
    ///
    /// Why this is the shortest round-trip form: `d` equals the double nearest to the decimal
    /// n/10⁴, so that decimal (trailing zeros trimmed) reads back as `d`; any other decimal
    /// with at most four places differs from it by 10⁻⁴ or more, far more than the spacing of
    /// doubles below 1e9 (< 2.4e-7), so no shorter string reads back as `d`. Swift's
    /// `description` prints such values in plain notation (exponents start below 1e-4).
    static func appendShortDecimal(_ d: Double, into out: inout [UInt8]) -> Bool {
        guard abs(d) < 1e9 else { return false }
        let scaled = (d * 10_000).rounded()
        guard scaled / 10_000 == d else { return false }
        let n = Int64(scaled)
        var m = n.magnitude
        var decimals = 4
        while decimals > 0 && m % 10 == 0 {
            m /= 10
            decimals -= 1
        }
        guard decimals > 0 else { return false }  // integral: not this path's business
        var tmp: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch
        withUnsafeMutableBytes(of: &tmp) { buf in
            var p = buf.count
            for _ in 0..<decimals {
                p -= 1
                buf[p] = UInt8(48 + m % 10)
                m /= 10
            }
            p -= 1
            buf[p] = UInt8(ascii: ".")
            repeat {
                p -= 1
                buf[p] = UInt8(48 + m % 10)
                m /= 10
            } while m > 0
            if n < 0 {
                p -= 1
                buf[p] = UInt8(ascii: "-")
            }
            out.append(contentsOf: buf[p...])
        }
        return true
    }
}
