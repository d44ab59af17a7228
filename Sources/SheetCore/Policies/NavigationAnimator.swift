/// How the entries of a navigation stack inside a sheet move during a push or a pop,
/// and how long that takes.
public protocol NavigationAnimator: AnyObject, Sendable {
    /// The animator's wire name (`slide`, `cover`, `crossfade`, ...).
    var name: String { get }
    /// Duration and curve of an animated (non-interactive) transition.
    func timing(for operation: NavigationOperation) throws(PolicyFault) -> BezierTiming
    /// Layout at a given (already curved) progress.
    func layout(_ input: NavigationInput) throws(PolicyFault) -> NavigationLayout
}

/// A navigation transition's direction. `setStack` animates as `push`, `popToRoot` as `pop`.
public enum NavigationOperation: String, Sendable {
    case push
    case pop
}

/// What a navigation animator is asked to lay out.
public struct NavigationInput: Sendable, Equatable {
    public var operation: NavigationOperation
    /// 0 = the transition has not moved, 1 = done. Already shaped by the timing curve
    /// (or taken from the finger during an interactive pop).
    public var progress: Double
    /// Sheet width (pt).
    public var width: Double
    /// Sheet heights (pt) for the outgoing top entry and the incoming one.
    public var fromHeight: Double
    public var toHeight: Double
    /// Where the sheet sits (stack depth, edge, layout).
    public var context: PolicyContext

    public init(operation: NavigationOperation, progress: Double, width: Double,
                fromHeight: Double, toHeight: Double, context: PolicyContext = PolicyContext()) {
        self.operation = operation
        self.progress = progress
        self.width = width
        self.fromHeight = fromHeight
        self.toHeight = toHeight
        self.context = context
    }
}

/// Where one entry is drawn.
public struct NavigationItemLayout: Sendable, Equatable {
    public var x: Double
    public var alpha: Double

    public init(x: Double, alpha: Double = 1) {
        self.x = x
        self.alpha = alpha
    }
}

/// An animator's answer: the outgoing (`from`) and incoming (`to`) entries and an optional
/// separator line's x (the top entry's left edge in `cover`).
///
/// The sheet's height is not the animator's: the engine moves it from `fromHeight` to
/// `toHeight` with the transition's progress (animated pushes and pops ease it with the
/// transition's timing; an interactive pop follows the finger).
public struct NavigationLayout: Sendable, Equatable {
    public var from: NavigationItemLayout
    public var to: NavigationItemLayout
    public var separatorX: Double?

    public init(from: NavigationItemLayout, to: NavigationItemLayout, separatorX: Double? = nil) {
        self.from = from
        self.to = to
        self.separatorX = separatorX
    }
}
