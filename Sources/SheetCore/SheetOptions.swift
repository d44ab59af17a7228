/// Per-session presentation options (`session.create`'s `options`), with the defaults of
/// MECHANICS.md.
public struct SheetOptions: Sendable, Equatable, Codable {
    public var cornerRadius: Double = 10
    public var grabber: Bool = true
    public var dimAlpha: Double = 0.6
    public var dismissible: Bool = true
    /// At or below this detent there is no dimming and the background stays interactive.
    public var largestUndimmedDetent: String? = nil
    /// UIKit's `prefersScrollingExpandsWhenScrolledToEdge`.
    public var scrollExpandsAtEdge: Bool = true
    public var pullBarHeight: Double = 20
    /// Display scale: the pull bar sits `1/displayScale` below `sheet.y - pullBarHeight`.
    public var displayScale: Double = 1
    /// Gap between the top safe-area edge and the `large` detent.
    public var largeTopGap: Double = 10
    /// Navigation bar height of entries that show one (44 minimum).
    public var navigationBarHeight: Double = 56
    /// Present / dismiss commands.
    public var presentTiming: AnimationTiming = .bezier(.present)
    /// After a release, and for animated detent selection.
    public var settleSpring: Spring = .settle
    /// Content-size and container changes.
    public var contentTiming: AnimationTiming = .bezier(.contentChange)

    public init() {}
}

/// How an animation runs: a fixed-duration bezier or a spring.
public enum AnimationTiming: Sendable, Equatable, Hashable, Codable {
    case bezier(BezierTiming)
    case spring(Spring)
}
