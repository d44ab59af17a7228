/// Where a motion that has just started will bring the sheet to rest (`sheet.event`
/// `willSettle`, and the answer of `sheet.previewRelease`): what a host needs to start its
/// own work alongside the sheet's, as UIKit's `willEndDragging(targetState)` tells it.
public struct SettleIntent: Sendable, Equatable {
    /// The detent the sheet will rest at; `nil` for a dismissal or a rest off the detents
    /// (`sheet.snapTo`, a held height, the keyboard's `fill`).
    public var detent: String?
    /// Whether the motion dismisses the sheet.
    public var dismisses: Bool
    /// The sheet rect at rest, as a frame's `sheet` will show it (off-screen for a dismissal),
    /// with the corner radius and rounded corners that frame will report.
    public var rest: Rect
    public var cornerRadius: Double
    public var corners: SheetCorners?
    /// Whole milliseconds, rounded up, from the motion's start until it stays within 0.5 pt of
    /// its rest for good (0 for a change applied at once).
    public var durationMs: Int
    /// What started the motion.
    public var trigger: SettleTrigger

    public init(detent: String?, dismisses: Bool, rest: Rect, cornerRadius: Double, corners: SheetCorners?,
                durationMs: Int, trigger: SettleTrigger) {
        self.detent = detent
        self.dismisses = dismisses
        self.rest = rest
        self.cornerRadius = cornerRadius
        self.corners = corners
        self.durationMs = durationMs
        self.trigger = trigger
    }
}

/// What started a motion to a new rest (`willSettle`'s `trigger`).
public enum SettleTrigger: String, Sendable {
    /// A pan, grabber or scroll drag let go (or cancelled), or an interactive pop's release.
    case release
    /// `sheet.present`.
    case present
    /// `sheet.dismiss`, a dimming tap that dismisses, a stack's chained dismissal.
    case dismiss
    /// `sheet.selectDetent`, `sheet.snapTo`, `sheet.configure`, a grabber or collapsing dimming tap.
    case command
    /// A content size, container or keyboard change.
    case layout
    /// A push, pop or stack change that changes the sheet's height.
    case navigation
}
