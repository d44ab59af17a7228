/// Who owns a finger that moves inside the sheet's scroll view: the list (it scrolls) or
/// the sheet (it moves, and the host pins the list's offset).
public protocol ScrollHandoffPolicy: AnyObject, Sendable {
    /// The policy's wire name (`edge`, `expanded-only`, ...).
    var name: String { get }
    /// Decide the owner of the latest scroll sample.
    func owner(_ input: ScrollHandoffInput) throws(PolicyFault) -> ScrollOwner
}

/// The owner of a scroll-view drag sample.
public enum ScrollOwner: String, Sendable {
    case list
    case sheet
}

/// One scroll sample plus the sheet's state, as a handoff policy sees it.
///
/// Vertical coordinates follow the scroll view: `offsetY` grows as the list scrolls toward
/// its end; `translationY` grows as the finger moves *down*.
public struct ScrollHandoffInput: Sendable, Equatable {
    /// `input.scroll`'s phase.
    public enum Phase: String, Sendable { case dragBegan, scrolled, dragEnded }

    public var phase: Phase
    /// The list's content offset (pt). At its top when `offsetY <= -insetTop`.
    public var offsetY: Double
    /// The list's adjusted top inset (pt).
    public var insetTop: Double
    public var contentHeight: Double
    public var viewportHeight: Double
    /// Whether the finger is down (false during momentum scrolling).
    public var isTracking: Bool
    /// Cumulative pan translation of the scroll view since `dragBegan` (pt, + = down).
    public var translationY: Double
    /// Change of `translationY` since the previous sample (pt, + = down).
    public var deltaY: Double
    /// Whether the sheet owned the previous sample.
    public var sheetOwns: Bool
    /// Current sheet position (pt shown) and its resting positions, ascending.
    public var position: Double
    public var detents: [Double]
    /// The position of the detent the sheet rests at (its selected detent).
    public var restingPosition: Double
    /// The session's `options.scrollExpandsAtEdge`.
    public var expandsAtEdge: Bool
    /// Where the sheet sits (stack depth, edge, layout).
    public var context: PolicyContext

    public init(phase: Phase, offsetY: Double, insetTop: Double, contentHeight: Double,
                viewportHeight: Double, isTracking: Bool, translationY: Double, deltaY: Double,
                sheetOwns: Bool, position: Double, detents: [Double], restingPosition: Double,
                expandsAtEdge: Bool, context: PolicyContext = PolicyContext()) {
        self.phase = phase
        self.offsetY = offsetY
        self.insetTop = insetTop
        self.contentHeight = contentHeight
        self.viewportHeight = viewportHeight
        self.isTracking = isTracking
        self.translationY = translationY
        self.deltaY = deltaY
        self.sheetOwns = sheetOwns
        self.position = position
        self.detents = detents
        self.restingPosition = restingPosition
        self.expandsAtEdge = expandsAtEdge
        self.context = context
    }

    /// The list shows its first row at the top.
    public var isAtTop: Bool { offsetY <= -insetTop + 0.5 }
    /// The content fits the viewport: nothing to scroll.
    public var contentFits: Bool { contentHeight <= viewportHeight }
    /// The largest resting position.
    public var largestDetent: Double { detents.last ?? position }
}
