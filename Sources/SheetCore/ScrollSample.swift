/// One `input.scroll` sample.
public struct ScrollSample: Sendable, Equatable {
    public var phase: ScrollHandoffInput.Phase
    public var offsetY: Double
    public var insetTop: Double
    public var contentHeight: Double
    public var viewportHeight: Double
    public var isTracking: Bool
    /// Cumulative pan translation of the scroll view (pt, + = finger down).
    public var translationY: Double
    /// Pan velocity (pt/s, + = finger down), if the host measured it.
    public var velocityY: Double?
    /// The navigation entry whose list this is; `nil` = the top entry or the single content.
    public var entry: String?

    public init(phase: ScrollHandoffInput.Phase, offsetY: Double, insetTop: Double, contentHeight: Double,
                viewportHeight: Double, isTracking: Bool, translationY: Double, velocityY: Double? = nil,
                entry: String? = nil) {
        self.phase = phase
        self.offsetY = offsetY
        self.insetTop = insetTop
        self.contentHeight = contentHeight
        self.viewportHeight = viewportHeight
        self.isTracking = isTracking
        self.translationY = translationY
        self.velocityY = velocityY
        self.entry = entry
    }
}
