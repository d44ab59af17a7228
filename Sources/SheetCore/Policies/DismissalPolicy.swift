/// The release decision: where a dragged sheet (or an interactive pop, on the x axis) goes
/// when the finger lifts.
///
/// All lengths are *positions*: how much of the sheet is shown (its extent above the
/// container's bottom edge), in points. Position 0 means gone (dismissed, popped,
/// presentation cancelled). Velocities are in points per second along the same axis:
/// positive grows the sheet, negative moves it toward dismissal.
public protocol DismissalPolicy: AnyObject, Sendable {
    /// The policy's wire name (`deceleration`, `projection`, `material`, ...).
    var name: String { get }
    /// Decide where the released sheet goes.
    func decide(_ release: ReleaseInput) throws(PolicyFault) -> ReleaseDecision
}

/// What a dismissal policy sees at release.
public struct ReleaseInput: Sendable, Equatable {
    /// `vertical` for a sheet drag or an edge presentation; `horizontal` for an interactive pop.
    public enum Axis: String, Sendable { case vertical, horizontal }

    public var axis: Axis
    /// Current position (pt shown).
    public var position: Double
    /// Release velocity (pt/s, positive = growing).
    public var velocity: Double
    /// Movement since the gesture began (pt, positive = growing, negative = toward dismissal).
    public var translation: Double
    /// Resting positions, strictly usable as targets, ascending. Never empty.
    public var detents: [Double]
    /// The detent index the gesture started from; `nil` when it started between detents
    /// or below the smallest (an interrupted transition).
    public var originIndex: Int?
    /// The extent that a full dismissal covers: the smallest detent's position for a sheet,
    /// the container width for a pop. Progress = 1 - (position / extent) below the smallest detent.
    public var extent: Double
    /// Whether position 0 (dismissal) is an allowed outcome.
    public var dismissible: Bool
    /// Where the sheet sits (stack depth, edge, layout).
    public var context: PolicyContext

    public init(axis: Axis, position: Double, velocity: Double, translation: Double,
                detents: [Double], originIndex: Int?, extent: Double, dismissible: Bool,
                context: PolicyContext = PolicyContext()) {
        self.axis = axis
        self.position = position
        self.velocity = velocity
        self.translation = translation
        self.detents = detents
        self.originIndex = originIndex
        self.extent = extent
        self.dismissible = dismissible
        self.context = context
    }
}

/// Where the released sheet goes, and optionally how it gets there.
public struct ReleaseDecision: Sendable, Equatable {
    /// The outcome of a release.
    public enum Target: Sendable, Equatable {
        /// Leave: dismiss the sheet, complete the pop, cancel the presentation.
        case dismiss
        /// Settle at `ReleaseInput.detents[index]`.
        case detent(Int)
    }
    public var target: Target
    /// The spring that carries the release velocity to the target; `nil` = the session's
    /// default settle spring.
    public var settle: Spring?

    public init(target: Target, settle: Spring? = nil) {
        self.target = target
        self.settle = settle
    }
}
