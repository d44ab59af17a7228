import Foundation
import SheetCore
import Testing

/// SheetMath (the engine's own exp, sin, cos, so that every build prints the same bytes) is
/// within one rounding unit of the platform's libm everywhere the spring uses it, and exact
/// where the answer is.
@Suite struct SheetMathTests {
    /// Distance in units in the last place.
    static func ulps(_ a: Double, _ b: Double) -> UInt64 {
        if a == b { return 0 }
        guard a.sign == b.sign else { return .max }
        let x = a.bitPattern, y = b.bitPattern
        return x > y ? x - y : y - x
    }

    /// A seeded sweep (no randomness between runs).
    static func sweep(_ range: ClosedRange<Double>, count: Int = 20_000) -> [Double] {
        var g: UInt64 = 0x1234_5678_9ABC_DEF0
        return (0..<count).map { _ in
            g = g &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(g >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
    }

    @Test func expIsWithinOneUlpOfLibm() {
        for x in Self.sweep(-745...709.7) + Self.sweep(-2...2) + Self.sweep(-1e-8...1e-8) {
            #expect(Self.ulps(SheetMath.exp(x), Foundation.exp(x)) <= 1, "exp(\(x))")
        }
    }

    @Test func sinAndCosAreWithinOneUlpOfLibm() {
        for x in Self.sweep(-1e5...1e5) + Self.sweep(-7...7) + Self.sweep(-1e-6...1e-6) {
            #expect(Self.ulps(SheetMath.sin(x), Foundation.sin(x)) <= 1, "sin(\(x))")
            #expect(Self.ulps(SheetMath.cos(x), Foundation.cos(x)) <= 1, "cos(\(x))")
        }
    }

    @Test func specialValues() {
        #expect(SheetMath.exp(0) == 1)
        #expect(SheetMath.exp(1) == 2.7182818284590455)  // fdlibm's (glibc rounds to ...045): the same in every build
        #expect(SheetMath.exp(-1) == 0.36787944117144233)
        #expect(SheetMath.exp(-746) == 0)
        #expect(SheetMath.exp(710) == .infinity)
        #expect(SheetMath.exp(-.infinity) == 0)
        #expect(SheetMath.exp(.nan).isNaN)
        #expect(SheetMath.exp(-740).isSubnormal || SheetMath.exp(-740) > 0)
        #expect(SheetMath.sin(0) == 0 && SheetMath.cos(0) == 1)
        #expect(SheetMath.sin(-0.0).sign == .minus)
        #expect(SheetMath.sin(.pi / 2) == 1)
        #expect(SheetMath.cos(.pi) == -1)
        #expect(SheetMath.sin(.pi) == 1.2246467991473532e-16)
        #expect(SheetMath.sin(.infinity).isNaN && SheetMath.cos(.nan).isNaN)
        // Past 2^20·π/2 the reduction is coarser but still finite and bounded.
        #expect(abs(SheetMath.sin(1e12)) <= 1 && abs(SheetMath.cos(1e300)) <= 1)
    }
}
