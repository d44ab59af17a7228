/// `options.gesture`: when a pan on the sheet (`source` `sheet` or `grabber`) may move it, so
/// a mostly sideways pan (a carousel inside the sheet) leaves the sheet alone — react-native-
/// bottom-sheet's `activeOffsetY` / `failOffsetX`, FloatingPanel's `shouldBeginDragging`.
///
/// Travel is measured from the `began` translation in the sheet's axis: `dx` across the drag
/// axis, `dy` along it. Within `slop` (Euclidean) the pan is pending; the first sample beyond
/// it accepts or declines the pan for good.
public struct PanArbitration: Sendable, Equatable {
    /// The travel (pt, 0…100) a pan may make before it is decided.
    public var slop: Double
    /// Decline a pan whose decisive travel is more across the axis than along it.
    public var directionLock: Bool
    /// Decline a pan whose decisive travel across the axis reaches this (pt, > 0).
    public var failOffsetX: Double?

    public init(slop: Double = 0, directionLock: Bool = false, failOffsetX: Double? = nil) {
        self.slop = slop
        self.directionLock = directionLock
        self.failOffsetX = failOffsetX
    }

    /// With no slop and no lock every pan is accepted at `began`.
    var acceptsAtBegan: Bool { slop == 0 && !directionLock && failOffsetX == nil }

    /// Why a pan that left the slop circle with travel (`dx`, `dy`) is declined (`direction`
    /// wins when both rules fire); nil: accepted.
    public func declineReason(dx: Double, dy: Double) -> PanDeclineReason? {
        if directionLock && abs(dx) > abs(dy) { return .direction }
        if let limit = failOffsetX, abs(dx) >= limit { return .failOffset }
        return nil
    }
}

/// Why the sheet declined a pan (`panDeclined`'s `reason`).
public enum PanDeclineReason: String, Sendable {
    /// `directionLock`: the pan went more across the sheet's axis than along it.
    case direction
    /// The pan's travel across the axis reached `failOffsetX`.
    case failOffset
}

/// What the sheet made of a pan so far (`input.pan`'s `gesture` answer).
public enum PanGesture: String, Sendable {
    /// Within the slop: nothing has moved yet.
    case pending
    /// The sheet follows the finger (or the pan is not arbitrated).
    case accepted
    /// The sheet ignores this finger until the next `began`.
    case declined
}

/// A pan being arbitrated (engine state, snapshotted as `pan`).
package enum PanArbitrationState: Sendable, Equatable {
    /// Within the slop of `origin` (the `began` translation, in the sheet's axis).
    case pending(origin: Vector)
    /// Declined: this finger's pans are ignored until it lifts or a new pan begins.
    case declined
}
