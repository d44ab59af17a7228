import Testing
import Foundation
import SheetCore

@Suite struct VelocityEstimatorTests {
    @Test func constantSpeedSampledIrregularly() {
        var e = VelocityEstimator()
        // 900 pt/s downward (value shrinking), irregular timestamps.
        let times: [Double] = [1000, 1003, 1011, 1016.5, 1029, 1030, 1047.25, 1061, 1062, 1080]
        for t in times { e.add(time: t, value: 500 - 0.9 * (t - 1000)) }
        #expect(abs(e.velocity() - (-900)) < 1e-6)
    }

    @Test func duplicateTimestampsReplaceAndStayFinite() {
        var e = VelocityEstimator()
        e.add(time: 0, value: 0)
        e.add(time: 0, value: 5)
        #expect(e.velocity() == 0)
        #expect(e.samples.count == 1 && e.samples[0].value == 5)
        for _ in 0..<10 { e.add(time: 16, value: 21) }
        let v = e.velocity()
        #expect(v.isFinite)
        #expect(abs(v - 1000) < 1e-9)  // (21 - 5) pt over 16 ms
    }

    @Test func oldSamplesBeyondTheWindowAreIgnored() {
        var e = VelocityEstimator()
        // A fast phase long ago, then a slow steady phase: only the last 100 ms count.
        for i in 0...10 { e.add(time: Double(i) * 10, value: Double(i) * 30) }      // 3000 pt/s
        for i in 1...20 { e.add(time: 100 + Double(i) * 10, value: 300 + Double(i) * 2) } // 200 pt/s
        #expect(abs(e.velocity() - 200) < 1e-9)
    }

    @Test func windowIsConfigurable() {
        var e = VelocityEstimator(window: 30)
        for i in 0...10 { e.add(time: Double(i) * 10, value: Double(i * i)) }
        // Samples at 70, 80, 90, 100 ms: values 49, 64, 81, 100 → LS slope 1.7 pt/ms.
        #expect(abs(e.velocity() - 1700) < 1e-9)
    }

    @Test func singleSampleAndEmptyGiveZero() {
        var e = VelocityEstimator()
        #expect(e.velocity() == 0)
        e.add(time: 5, value: 5)
        #expect(e.velocity() == 0)
        // A single sample after a pause longer than the window: the finger rested.
        e.add(time: 10, value: 50)
        e.add(time: 500, value: 60)
        #expect(e.velocity() == 0)
    }

    @Test func nonFiniteInputIsIgnored() {
        var e = VelocityEstimator()
        e.add(time: 0, value: 0)
        e.add(time: .nan, value: 1)
        e.add(time: 5, value: .infinity)
        e.add(time: 10, value: 10)
        #expect(e.samples.count == 2)
        #expect(abs(e.velocity() - 1000) < 1e-9)
    }

    @Test func outOfOrderSampleInsideWindowIsSorted() {
        var a = VelocityEstimator()
        var b = VelocityEstimator()
        for t in [0.0, 10, 20, 30] { a.add(time: t, value: t * 2) }
        for t in [0.0, 20, 10, 30] { b.add(time: t, value: t * 2) }
        #expect(a == b)
        #expect(abs(b.velocity() - 2000) < 1e-9)
    }

    @Test func clockRestartResets() {
        var e = VelocityEstimator()
        for t in [1000.0, 1010, 1020] { e.add(time: t, value: t) }
        e.add(time: 0, value: 7)
        #expect(e.samples == [VelocityEstimator.Sample(time: 0, value: 7)])
    }

    @Test func keepsAtMostCapacitySamples() {
        var e = VelocityEstimator(window: 10_000)
        for i in 0..<100 { e.add(time: Double(i), value: Double(i) * 0.5) }
        #expect(e.samples.count == 32)
        #expect(e.samples.first?.time == 68)
        #expect(abs(e.velocity() - 500) < 1e-9)
    }

    @Test func resetForgets() {
        var e = VelocityEstimator()
        e.add(time: 0, value: 0)
        e.add(time: 10, value: 10)
        e.reset()
        #expect(e.samples.isEmpty && e.velocity() == 0)
    }

    @Test func replayedSamplesObeyTheSameRules() {
        let e = VelocityEstimator(window: -5, capacity: 100_000, replaying: [
            .init(time: 10, value: 20), .init(time: 0, value: 0), .init(time: 10, value: 30)])
        #expect(e.window == 1 && e.capacity == 1024)
        // (0, 0) is older than the 1-ms window: a restart; then (10, 30) follows it.
        #expect(e.samples == [VelocityEstimator.Sample(time: 0, value: 0),
                              VelocityEstimator.Sample(time: 10, value: 30)])
        #expect(e.velocity() == 0)  // only one sample inside the 1-ms window
    }

    @Test func largeEpochTimesKeepPrecision() {
        var e = VelocityEstimator()
        let base = 1.7e12  // ms since 1970
        for i in 0..<8 { e.add(time: base + Double(i) * 8, value: 100 + Double(i) * 4) }
        #expect(abs(e.velocity() - 500) < 1e-6)
    }

    /// The estimator keeps its samples in a ring once full; it must keep exactly the samples
    /// (and so give exactly the velocity) of the plain sorted list the rules describe, for
    /// any stream: in order, repeated times, out of order inside the window, restarts.
    @Test(arguments: [2, 3, 5, 32])
    func ringKeepsTheSamplesOfTheSortedList(capacity: Int) {
        var e = VelocityEstimator(window: 40, capacity: capacity)
        var model: [VelocityEstimator.Sample] = []
        var rng = SplitMix64(state: UInt64(capacity))
        var t = 1000.0
        for step in 0..<2_000 {
            let r = rng.next() % 100
            // Mostly forward, as drags are; sometimes the same time, a little back, far back.
            let time = r < 70 ? t + Double(rng.next() % 9) : r < 80 ? t : r < 95 ? t - Double(rng.next() % 30) : t - 500
            let sample = VelocityEstimator.Sample(time: time, value: Double(rng.next() % 400))
            e.add(time: sample.time, value: sample.value)
            Self.add(sample, to: &model, window: 40, capacity: capacity)
            t = max(t, model.last?.time ?? t)
            if time < t - 40 { t = time }
            #expect(e.samples == model, "step \(step)")
            if e.samples != model { return }
            #expect(e.velocity() == VelocityEstimator(window: 40, capacity: capacity, replaying: model).velocity())
        }
        // Where the ring starts is not part of the value.
        #expect(e == VelocityEstimator(window: 40, capacity: capacity, replaying: e.samples))
    }

    /// The rules as a sorted list (the estimator's storage before the ring).
    private static func add(_ s: VelocityEstimator.Sample, to list: inout [VelocityEstimator.Sample], window: Double,
                            capacity: Int) {
        guard let newest = list.last else { list = [s]; return }
        if s.time > newest.time {
            list.append(s)
        } else if s.time == newest.time {
            list[list.count - 1] = s
        } else if s.time < newest.time - window {
            list = [s]
        } else if let i = list.firstIndex(where: { $0.time >= s.time }), list[i].time == s.time {
            list[i] = s
        } else {
            list.insert(s, at: list.firstIndex { $0.time >= s.time } ?? list.count)
        }
        if list.count > capacity { list.removeFirst(list.count - capacity) }
    }
}
