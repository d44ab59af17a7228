import Testing
import SheetCore

@Suite struct RubberBandTests {
    @Test func exactValues() {
        // x = d: (1 - 1/1.55) * d
        #expect(abs(RubberBand.offset(100, dimension: 100) - 35.483870967741936) < 1e-12)
        // 200 * 0.55 / 400 = 0.275 → (1 - 1/1.275) * 400
        #expect(abs(RubberBand.offset(200, dimension: 400) - 86.27450980392157) < 1e-12)
        // coefficient 1, x = d: d / 2
        #expect(abs(RubberBand.offset(300, dimension: 300, coefficient: 1) - 150) < 1e-12)
        #expect(RubberBand.offset(0, dimension: 812) == 0)
    }

    @Test func mirroredForNegative() {
        for x in [1.0, 17.5, 120, 900] {
            #expect(RubberBand.offset(-x, dimension: 640) == -RubberBand.offset(x, dimension: 640))
        }
    }

    @Test func startsWithSlopeCoefficientAndStaysBelowDimension() {
        let d = 812.0
        let small = 1e-4
        #expect(abs(RubberBand.offset(small, dimension: d) / small - 0.55) < 1e-6)
        var previous = 0.0
        for x in stride(from: 10.0, through: 100_000, by: 997) {
            let y = RubberBand.offset(x, dimension: d)
            #expect(y > previous && y < d && y < x)
            previous = y
        }
    }

    @Test func inverseRoundTrips() {
        for d in [100.0, 390, 844] {
            for x in [-500.0, -3, 0, 0.25, 12, 250, 4000] {
                let y = RubberBand.offset(x, dimension: d)
                let back = RubberBand.translation(forOffset: y, dimension: d)
                #expect(abs(back - x) < 1e-9 * max(1, abs(x)))
            }
        }
        #expect(RubberBand.translation(forOffset: 100, dimension: 100) == .infinity)
        #expect(RubberBand.translation(forOffset: -150, dimension: 100) == -.infinity)
        // exact inverse value: y = d/2 with c = 0.55 → x = d / 0.55
        #expect(abs(RubberBand.translation(forOffset: 50, dimension: 100) - 100 / 0.55) < 1e-12)
    }

    @Test func degenerateParametersGiveZero() {
        #expect(RubberBand.offset(50, dimension: 0) == 0)
        #expect(RubberBand.offset(50, dimension: -10) == 0)
        #expect(RubberBand.offset(.nan, dimension: 100) == 0)
        #expect(RubberBand.offset(50, dimension: 100, coefficient: 0) == 0)
        #expect(RubberBand.offset(.infinity, dimension: 100) == 100)
    }
}
