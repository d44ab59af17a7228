/// A finger that currently drives the sheet: a pan on the sheet or from a screen edge, or a
/// scroll-view drag the sheet has taken over.
public struct Drag: Sendable, Equatable, Codable {
    /// What the finger started on.
    public enum Source: String, Sendable, Codable {
        case sheet, bottomEdge, leftEdge, scroll
    }
    public var source: Source
    /// Extent when the finger took the sheet (pt).
    public var startExtent: Double
    /// The finger's translation at that moment (y for vertical drags, x for an edge pop).
    public var startTranslation: Double
    /// The sheet's extent now, rubber-banded (pt).
    public var extent: Double
    /// The detent the sheet rested at when the finger took it; nil mid-transition.
    public var originIndex: Int?
    /// Where the sheet was heading before the finger took it.
    public var goalBefore: SheetState.Goal
    /// Samples of the finger position (pt, positive = growing) for release velocity.
    public var estimator = VelocityEstimator()
    /// The sheet went below its smallest detent: a dismissal was under way.
    public var wentBelowSmallest = false
    /// The finger's position before rubber-banding (pt shown; `nil` before the first move).
    public var rawExtent: Double?
    /// The id and height of the detent the drag started at (`nil` mid-transition): a release
    /// is decided against that detent as it is at release.
    public var originDetent: String?
    public var originHeight: Double?
}
