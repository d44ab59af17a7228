/// What the engine remembers of the scroll view inside the sheet between samples.
public struct ScrollTracking: Sendable, Equatable, Codable {
    public var lastTranslationY: Double = 0
    public var insetTop: Double = 0
    public var pendingFlingVelocity: Double?

    public init() {}

    func frame(ownedBySheet: Bool) -> SheetFrame.Scroll {
        .init(pinOffsetY: ownedBySheet ? Quantize.points(-insetTop) : nil,
              flingVelocityY: pendingFlingVelocity.map(Quantize.points))
    }
}
