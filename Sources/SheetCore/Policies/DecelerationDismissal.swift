/// The Joom release rule (seed 000): project the release with a constant deceleration and
/// dismiss when the projection has covered more than `threshold` of the dismissal extent;
/// otherwise settle at the detent nearest the projection.
///
/// `projected = position + v * |v| / (2 * deceleration)` (the distance a body moving at `v`
/// covers while braking at `deceleration`). Config: `deceleration` (pt/s², default 800,
/// clamped to 1...100 000), `threshold` (progress toward dismissal, default 0.5, clamped to
/// 0.01...0.99), `velocityThreshold` (pt/s, default 0, clamped to 0...1 000 000: a slower
/// release counts as one at rest), `skipDetents` (default true; false: a fling lands at most one detent beyond
/// the detents between where the drag started and where it was released — from a resting
/// start, at most one detent away, dismissal counting as the rung below the smallest).
public final class DecelerationDismissal: DismissalPolicy {
    public var name: String { "deceleration" }
    /// Braking deceleration (pt/s²).
    public let deceleration: Double
    /// Dismissal progress (fraction of `extent`) the projection must reach to dismiss.
    public let threshold: Double
    /// A release slower than this (pt/s) is decided by position alone, as if at rest
    /// (Material's `significantVelocityThreshold`).
    public let velocityThreshold: Double
    /// Whether a fling may pass more than one detent.
    public let skipDetents: Bool

    public init(config: PolicyConfig = .empty) {
        deceleration = min(max(config.number("deceleration", default: 800), 1), 100_000)
        threshold = min(max(config.number("threshold", default: 0.5), 0.01), 0.99)
        velocityThreshold = min(max(config.number("velocityThreshold", default: 0), 0), 1_000_000)
        skipDetents = config.bool("skipDetents", default: true)
    }

    /// Where the release would come to rest with constant braking (pt shown).
    public func projectedPosition(position: Double, velocity: Double) -> Double {
        let v = velocity.isFinite ? velocity : 0
        return position + v * abs(v) / (2 * deceleration)
    }

    public func decide(_ release: ReleaseInput) throws(PolicyFault) -> ReleaseDecision {
        guard release.position.isFinite else {
            throw PolicyFault(policy: name, message: "position is not finite")
        }
        var release = release
        if abs(release.velocity) < velocityThreshold { release.velocity = 0 }
        let projected = projectedPosition(position: release.position, velocity: release.velocity)
        let extent = release.extent.isFinite ? max(release.extent, 0) : 0
        if release.dismissible && (release.detents.isEmpty || projected <= extent * (1 - threshold)) {
            return skipDetents ? ReleaseDecision(target: .dismiss) : oneRungAtMost(-1, release)
        }
        guard !release.detents.isEmpty else {
            throw PolicyFault(policy: name, message: "no detents and not dismissible")
        }
        // Nearest detent; ties go to the lower one. Below the smallest this is the smallest.
        var best = 0
        var bestDistance = Double.infinity
        for (i, d) in release.detents.enumerated() {
            let distance = abs(d - projected)
            if distance < bestDistance {
                best = i
                bestDistance = distance
            }
        }
        return skipDetents ? ReleaseDecision(target: .detent(best)) : oneRungAtMost(best, release)
    }

    /// `skipDetents: false`: clamp the chosen rung (-1 = dismissal) to one rung beyond the span
    /// between the rung the drag started at and the one nearest the release position.
    func oneRungAtMost(_ chosen: Int, _ release: ReleaseInput) -> ReleaseDecision {
        func nearest(_ x: Double) -> Int {
            var best = 0
            for (i, d) in release.detents.enumerated() where abs(d - x) < abs(release.detents[best] - x) { best = i }
            return best
        }
        let start = release.position - (release.translation.isFinite ? release.translation : 0)
        let reference = release.originIndex.map { min(max($0, 0), release.detents.count - 1) } ?? nearest(start)
        let here = nearest(release.position)
        let lowest = max(min(reference, here) - 1, release.dismissible ? -1 : 0)
        let highest = min(max(reference, here) + 1, release.detents.count - 1)
        let rung = min(max(chosen, lowest), highest)
        return ReleaseDecision(target: rung < 0 ? .dismiss : .detent(rung))
    }
}
