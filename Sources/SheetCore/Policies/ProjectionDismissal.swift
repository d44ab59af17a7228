/// The WWDC 2018 "Designing Fluid Interfaces" release rule (seed 003, Dodo): project the
/// release with UIScrollView's exponential deceleration and pick the resting rung the
/// projection falls into, moving at most one rung per fling.
///
/// `projectedOffset = v / 1000 * r / (1 - r)` with `r = decelerationRate` (0.998 = UIKit
/// `.normal`, 0.99 = `.fast`). The targets form a ladder: rung -1 is dismissal at position 0
/// (only when dismissible), rung `i` is `detents[i]`.
///
/// Boundaries are *redirectional*: between two neighbouring rungs the projection must cover
/// `threshold` of the gap, measured from the side of the reference rung, to land on the far
/// one. The reference rung is `originIndex`, or the rung nearest the current position when
/// the gesture started between rungs. With `threshold` 0.5 every boundary is a midpoint.
///
/// A fling never skips a rung: the result is clamped to one rung beyond the span between the
/// reference rung and the rung nearest the current position (so a slow drag across several
/// detents still lands where the finger put the sheet).
///
/// Config: `decelerationRate` (default 0.998, clamped to 0.9...0.9999), `threshold`
/// (default 0.5, clamped to 0.01...0.99), `velocityThreshold` (pt/s, default 0, clamped to
/// 0...1 000 000: a slower release counts as one at rest), `skipDetents` (default false: the one-rung clamp
/// above; true lifts it and the projection may land on any rung).
public final class ProjectionDismissal: DismissalPolicy {
    public var name: String { "projection" }
    /// UIScrollView deceleration rate per millisecond.
    public let decelerationRate: Double
    /// Fraction of a gap the projection must cover to redirect to the neighbouring rung.
    public let threshold: Double
    /// A release slower than this (pt/s) is decided by position alone, as if at rest
    /// (Material's `significantVelocityThreshold`).
    public let velocityThreshold: Double
    /// Whether a fling may pass more than one rung.
    public let skipDetents: Bool

    public init(config: PolicyConfig = .empty) {
        decelerationRate = min(max(config.number("decelerationRate", default: 0.998), 0.9), 0.9999)
        threshold = min(max(config.number("threshold", default: 0.5), 0.01), 0.99)
        velocityThreshold = min(max(config.number("velocityThreshold", default: 0), 0), 1_000_000)
        skipDetents = config.bool("skipDetents", default: false)
    }

    /// The distance (pt) a release at `velocity` (pt/s) travels before it stops.
    public func projectedOffset(velocity: Double) -> Double {
        let v = velocity.isFinite ? velocity : 0
        return v / 1000 * decelerationRate / (1 - decelerationRate)
    }

    public func decide(_ release: ReleaseInput) throws(PolicyFault) -> ReleaseDecision {
        guard release.position.isFinite else {
            throw PolicyFault(policy: name, message: "position is not finite")
        }
        var release = release
        if abs(release.velocity) < velocityThreshold { release.velocity = 0 }
        // Rung positions; index 0 of `rungs` is rung `first`.
        let first = release.dismissible ? -1 : 0
        let rungs = (release.dismissible ? [0.0] : []) + release.detents
        guard !rungs.isEmpty else {
            throw PolicyFault(policy: name, message: "no detents and not dismissible")
        }
        if rungs.count == 1 { return decision(forRung: first) }

        let position = release.position
        let projected = position + projectedOffset(velocity: release.velocity)

        // Rung nearest the current position (ties go to the lower rung).
        var nearest = 0
        for i in rungs.indices where abs(rungs[i] - position) < abs(rungs[nearest] - position) {
            nearest = i
        }
        var reference = nearest
        if let origin = release.originIndex {
            reference = min(max(origin - first, 0), rungs.count - 1)
        }

        // The rung whose interval holds the projection. The boundary in the gap [lo, hi]
        // sits `threshold` of the gap away from the rung on the reference's side.
        var chosen = 0
        for gap in 0..<(rungs.count - 1) {
            let lo = rungs[gap], hi = rungs[gap + 1]
            let boundary = gap >= reference
                ? lo + threshold * (hi - lo)   // gap above the reference: climb past threshold
                : hi - threshold * (hi - lo)   // gap below the reference: drop past threshold
            // On the boundary itself the projection counts as having covered the threshold.
            let climbs = gap >= reference ? projected >= boundary : projected > boundary
            if climbs { chosen = gap + 1 } else { break }
        }

        let lowest = max(min(reference, nearest) - 1, 0)
        let highest = min(max(reference, nearest) + 1, rungs.count - 1)
        if !skipDetents { chosen = min(max(chosen, lowest), highest) }
        return decision(forRung: chosen + first)
    }

    private func decision(forRung rung: Int) -> ReleaseDecision {
        rung < 0 ? ReleaseDecision(target: .dismiss) : ReleaseDecision(target: .detent(rung))
    }
}
