/// What the engine remembers of the scroll view inside the sheet between samples.
public struct ScrollTracking: Sendable, Equatable, Codable {
    /// `translationY` of the previous sample.
    public var lastTranslationY: Double = 0
    /// Whether the previous sample showed the list at its top.
    public var lastAtTop = false
    /// The list's adjusted top inset.
    public var insetTop: Double = 0
    /// Where the host holds the list while the sheet owns the drag: the offset at the
    /// hand-off, never above the top (`-insetTop` for the built-in `edge` policy, which only
    /// takes over at the top; the list's current offset when a policy takes over mid-list).
    public var pinOffsetY: Double = 0
    /// Whether the list's content fits its viewport (then the sheet behaves like a plain pan).
    public var contentFits = false
    /// A fling velocity for the list, reported in the next frame only.
    public var pendingFlingVelocity: Double?

    public init() {}

    func frame(ownedBySheet: Bool) -> SheetFrame.Scroll {
        .init(pinOffsetY: ownedBySheet ? Quantize.points(pinOffsetY) : nil,
              flingVelocityY: pendingFlingVelocity.map(Quantize.points))
    }
}
