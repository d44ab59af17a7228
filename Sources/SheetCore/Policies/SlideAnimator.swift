/// The UINavigationController-style push and pop inside a sheet (seed 004): the incoming
/// entry slides in from the right edge over the outgoing one, which drifts left by a
/// parallax fraction of the width; the sheet height follows from one entry's to the other's.
///
/// Push: `to.x = width * (1 - p)`, `from.x = -parallax * width * p`.
/// Pop: `from.x = width * p`, `to.x = -parallax * width * (1 - p)`.
/// Both alphas 1, no separator (the engine moves the sheet height).
///
/// Timing for both operations: `duration` ms along cubic-bezier(0.2, 1, 0.42, 1).
/// Config: `duration` (ms, default 350, clamped to 0...10 000), `parallax` (default 0.3,
/// clamped to 0...1).
public final class SlideAnimator: NavigationAnimator {
    public var name: String { "slide" }
    /// The seed's timing curve: a fast start that eases into place.
    public static let curve = CubicBezier(0.2, 1, 0.42, 1)
    /// Transition length (ms).
    public let duration: Double
    /// How far the lower entry moves, as a fraction of the width.
    public let parallax: Double

    public init(config: PolicyConfig = .empty) {
        duration = min(max(config.number("duration", default: 350), 0), 10_000)
        parallax = min(max(config.number("parallax", default: 0.3), 0), 1)
    }

    public func timing(for operation: NavigationOperation) throws(PolicyFault) -> BezierTiming {
        BezierTiming(duration: duration, curve: Self.curve)
    }

    public func layout(_ input: NavigationInput) throws(PolicyFault) -> NavigationLayout {
        try HorizontalNavigationLayout.layout(input, lowerTravel: parallax, separator: false, policy: name)
    }
}
