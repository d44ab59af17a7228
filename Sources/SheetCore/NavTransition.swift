/// A running push or pop between two entries.
public struct NavTransition: Sendable, Equatable, Codable {
    public var operation: NavigationOperation
    /// The outgoing top entry and the incoming one.
    public var from: NavEntry
    public var to: NavEntry
    /// Entries this transition removes (a pop or popToRoot), top first; `popped` fires for each.
    public var removed: [NavEntry]
    /// Sheet heights for `from` and `to` at the top.
    public var fromHeight: Double
    public var toHeight: Double
    /// Progress runs from `startProgress` to `endProgress` over `duration` ms from `start`.
    public var start: Double
    public var duration: Double
    public var curve: CubicBezier
    public var startProgress: Double
    public var endProgress: Double
    /// Driven by a finger (leftEdge pan): progress is `startProgress` until released.
    public var interactive: Bool
    /// Whether `entries` already reflects the transition (false while an interactive pop
    /// has not been released, and after a cancelled one).
    public var committed: Bool

    public var end: Double { start + duration }

    public func progress(at t: Double) -> Double {
        if interactive { return startProgress }
        guard duration > 0 else { return endProgress }
        let f = curve.value(at: (t - start) / duration)
        return startProgress + (endProgress - startProgress) * f
    }
}
