/// Gives the height of a detent the host wrote as `{id, resolver: "<name>"}` (UIKit's
/// `.custom { context in ... }`, FloatingPanel's layout anchors): asked again whenever what it
/// is told changes (container, safe area, content height, keyboard height, layout), never on
/// a frame of its own.
///
/// An answer must be finite and within `0...input.maximumDetentValue`; anything else (or a
/// thrown fault) makes every detent of that resolver the `fit` height for the rest of the
/// session, with one diagnostic.
public protocol DetentResolverPolicy: AnyObject, Sendable {
    /// The resolver's wire name (`golden`, ...), as detents name it in `resolver`.
    var name: String { get }
    /// The detent's height (pt, measured as every detent is: shown above the container's
    /// bottom edge, before a keyboard lift).
    func resolve(_ input: DetentResolutionInput) throws(PolicyFault) -> Double
}

/// What a detent resolver is told about one detent: where the sheet is and what it holds.
public struct DetentResolutionInput: Sendable, Equatable {
    /// The detent's id (`{id, resolver}`).
    public var detentID: String
    /// The container as the detents see it: the sheet's axis container (width across the
    /// sheet, height along it) and, for a detached sheet, the space above its bottom margin.
    public var container: Container
    /// The fitted content's height (the single content's `preferredHeight`, or the top
    /// navigation entry's plus its bar), without the bottom safe area: `fit` is this plus
    /// `container.safeArea.bottom`.
    public var contentHeight: Double
    /// The keyboard's height (0 = hidden). In `lift` mode the engine still raises the answer by it.
    public var keyboardHeight: Double
    /// The largest height a detent may take: `container.height - container.safeArea.top`.
    public var maximumDetentValue: Double
    /// `options.edge`.
    public var edge: SheetEdge
    /// The rule that placed the sheet.
    public var layout: SheetLayout.Kind

    public init(detentID: String, container: Container, contentHeight: Double, keyboardHeight: Double,
                maximumDetentValue: Double, edge: SheetEdge = .bottom, layout: SheetLayout.Kind = .fullWidth) {
        self.detentID = detentID
        self.container = container
        self.contentHeight = contentHeight
        self.keyboardHeight = keyboardHeight
        self.maximumDetentValue = maximumDetentValue
        self.edge = edge
        self.layout = layout
    }
}
