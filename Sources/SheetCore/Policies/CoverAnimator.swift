/// The Joom navigation animator (seed 000): the top entry slides over the one below, which
/// moves by a full width, and a 1-px separator line rides the top entry's left edge.
///
/// Push: `to.x = width * (1 - p)`, `from.x = -width * p`, separator at `to.x`.
/// Pop: `from.x = width * p`, `to.x = -width * (1 - p)`, separator at `from.x`.
/// Both alphas 1 (the engine moves the sheet height).
///
/// Timing for both operations: `duration` ms, linear.
/// Config: `duration` (ms, default 250, clamped to 0...10 000).
public final class CoverAnimator: NavigationAnimator {
    public var name: String { "cover" }
    /// Transition length (ms).
    public let duration: Double

    public init(config: PolicyConfig = .empty) {
        duration = min(max(config.number("duration", default: 250), 0), 10_000)
    }

    public func timing(for operation: NavigationOperation) throws(PolicyFault) -> BezierTiming {
        BezierTiming(duration: duration, curve: .linear)
    }

    public func layout(_ input: NavigationInput) throws(PolicyFault) -> NavigationLayout {
        try HorizontalNavigationLayout.layout(input, lowerTravel: 1, separator: true, policy: name)
    }
}
