/// What the engine remembers of the scroll view inside the sheet between samples.
package struct ScrollTracking: Sendable, Equatable {
    // (Numbers first, flags last: no padding between them; a copy is in every session.)
    /// `translationY` of the previous sample.
    package var lastTranslationY: Double = 0
    /// The list's adjusted top inset.
    package var insetTop: Double = 0
    /// Where the host holds the list while the sheet owns the drag: the offset at the
    /// hand-off, never above the top (`-insetTop` for the built-in `edge` policy, which only
    /// takes over at the top; the list's current offset when a policy takes over mid-list).
    package var pinOffsetY: Double = 0
    /// A fling velocity for the list, reported in the next frame only.
    package var pendingFlingVelocity: Double?
    /// Whether the previous sample showed the list at its top.
    package var lastAtTop = false
    /// Whether the list's content fits its viewport (then the sheet behaves like a plain pan).
    package var contentFits = false

    package init() {}

    func frame(ownedBySheet: Bool) -> SheetFrame.Scroll {
        .init(pinOffsetY: ownedBySheet ? Quantize.points(pinOffsetY) : nil,
              flingVelocityY: pendingFlingVelocity.map(Quantize.points))
    }
}
