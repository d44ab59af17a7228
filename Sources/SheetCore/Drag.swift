/// A finger that currently drives the sheet: a pan on the sheet or from a screen edge, or a
/// scroll-view drag the sheet has taken over.
package struct Drag: Sendable, Equatable {
    /// What the finger started on.
    package enum Source: String, Sendable {
        case sheet, bottomEdge, leftEdge, scroll
    }
    // (Numbers first, optionals and flags after them: no padding between them; a `Drag?` is
    // in every session's state.)
    /// Extent when the finger took the sheet (pt).
    package var startExtent: Double
    /// The finger's translation at that moment (y for vertical drags, x for an edge pop).
    package var startTranslation: Double
    /// The sheet's extent now, rubber-banded (pt).
    package var extent: Double
    /// Samples of the finger position (pt, positive = growing) for release velocity.
    package var estimator = VelocityEstimator()
    /// The id and height of the detent the drag started at (`nil` mid-transition): a release
    /// is decided against that detent as it is at release.
    package var originDetent: String?
    package var originHeight: Double?
    /// The finger's position before rubber-banding (pt shown; `nil` before the first move).
    package var rawExtent: Double?
    /// The detent the sheet rested at when the finger took it; nil mid-transition.
    package var originIndex: Int?
    package var source: Source
    /// Where the sheet was heading before the finger took it.
    package var goalBefore: SheetState.Goal
    /// The sheet went below its smallest detent: a dismissal was under way.
    package var wentBelowSmallest = false

    package init(source: Source, startExtent: Double, startTranslation: Double, extent: Double, originIndex: Int?,
                 goalBefore: SheetState.Goal) {
        self.source = source
        self.startExtent = startExtent
        self.startTranslation = startTranslation
        self.extent = extent
        self.originIndex = originIndex
        self.goalBefore = goalBefore
    }
}
