/// A scalar that moves over time: the sum of additive animation segments.
///
/// Each segment contributes a value that goes from `from` to `to` along its curve. Retargeting
/// a running animation adds a segment that eases the difference in from zero, so nothing ever
/// jumps (UIKit's additive animations). When every segment has finished the motion collapses
/// to a single constant.
package struct Motion: Sendable, Equatable {
    /// One additive contribution.
    package struct Segment: Sendable, Equatable {
        /// How the contribution moves from `from` to `to`.
        package enum Curve: Sendable, Equatable {
            case bezier(CubicBezier)
            /// A spring started with `velocity` (units per second) toward `to`.
            case spring(Spring, velocity: Double)
        }
        package var start: Double
        package var duration: Double
        package var from: Double
        package var to: Double
        package var curve: Curve

        package init(start: Double, duration: Double, from: Double, to: Double, curve: Curve) {
            self.start = start
            self.duration = duration
            self.from = from
            self.to = to
            self.curve = curve
        }

        package func value(at t: Double) -> Double {
            let elapsed = t - start
            if elapsed >= duration { return to }
            if elapsed <= 0 { return from }
            switch curve {
            case .bezier(let c):
                return from + (to - from) * c.value(at: elapsed / duration)
            case .spring(let s, let v0):
                return to + s.state(x0: from - to, v0: v0, elapsed: elapsed).x
            }
        }

        /// Rate of change at `t` (units per second).
        package func velocity(at t: Double) -> Double {
            let elapsed = t - start
            if elapsed >= duration || duration <= 0 { return 0 }
            switch curve {
            case .bezier(let c):
                return (to - from) * c.slope(at: max(elapsed, 0) / duration) / (duration / 1000)
            case .spring(let s, let v0):
                return s.state(x0: from - to, v0: v0, elapsed: max(elapsed, 0)).v
            }
        }

        package var end: Double { start + duration }
    }

    package private(set) var segments: [Segment]

    /// A motion made of `segments` (a snapshot's; never empty).
    package init(segments: [Segment]) {
        self.segments = segments
    }

    /// A motion resting at `value`.
    package static func rest(_ value: Double) -> Motion {
        Motion(segments: [Segment(start: 0, duration: 0, from: value, to: value, curve: .bezier(.linear))])
    }

    /// The value every segment is heading to.
    package var target: Double { segments.reduce(0) { $0 + $1.to } }

    package func value(at t: Double) -> Double { segments.reduce(0) { $0 + $1.value(at: t) } }
    package func velocity(at t: Double) -> Double { segments.reduce(0) { $0 + $1.velocity(at: t) } }

    /// When the last segment ends. (`segments.map { $0.end }.max() ?? 0`, the same comparisons
    /// in the same order, without the array `map` would allocate: `willSettle` asks twice on
    /// every present and dismiss.)
    package var end: Double {
        guard let first = segments.first else { return 0 }
        var result = first.end
        for i in 1..<segments.count where result < segments[i].end { result = segments[i].end }
        return result
    }

    /// Still moving at `t`.
    package func isAnimating(at t: Double) -> Bool { segments.contains { $0.end > t } }

    /// Start a fresh animation from `from` (with `velocity`, units/s) to `to` at time `t`.
    package static func animate(from: Double, to: Double, velocity: Double = 0, at t: Double,
                               timing: AnimationTiming) -> Motion {
        Motion(segments: [segment(from: from, to: to, velocity: velocity, at: t, timing: timing)])
    }

    /// Add `delta` to the target, eased in with `timing` from time `t` (an additive retarget).
    /// `timing == nil` applies the delta at once.
    package mutating func retarget(by delta: Double, at t: Double, timing: AnimationTiming?) {
        collapseFinished(at: t)
        guard let timing else {
            segments.append(Segment(start: t, duration: 0, from: delta, to: delta, curve: .bezier(.linear)))
            collapseFinished(at: t)
            return
        }
        segments.append(Motion.segment(from: 0, to: delta, velocity: 0, at: t, timing: timing))
    }

    /// Fold the segments that have ended by `t` into one constant.
    package mutating func collapseFinished(at t: Double) {
        let done = segments.filter { $0.end <= t }
        guard done.count > 1 || (done.count == 1 && segments.count == 1 && done[0].from != done[0].to) else { return }
        let constant = done.reduce(0) { $0 + $1.to }
        segments = [Segment(start: 0, duration: 0, from: constant, to: constant, curve: .bezier(.linear))]
            + segments.filter { $0.end > t }
    }

    static func segment(from: Double, to: Double, velocity: Double, at t: Double,
                        timing: AnimationTiming) -> Segment {
        switch timing {
        case .bezier(let b):
            return Segment(start: t, duration: max(b.duration, 0), from: from, to: to, curve: .bezier(b.curve))
        case .spring(let s):
            let d = s.settlingDuration(x0: from - to, v0: velocity)
            return Segment(start: t, duration: d, from: from, to: to, curve: .spring(s, velocity: velocity))
        }
    }
}
