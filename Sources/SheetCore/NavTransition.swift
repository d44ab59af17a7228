/// A running push or pop between two entries.
package struct NavTransition: Sendable, Equatable {
    package var operation: NavigationOperation
    /// The outgoing top entry and the incoming one.
    package var from: NavEntry
    package var to: NavEntry
    /// Entries this transition removes (a pop or popToRoot), top first; `popped` fires for each.
    package var removed: [NavEntry]
    /// Sheet heights for `from` and `to` at the top.
    package var fromHeight: Double
    package var toHeight: Double
    /// Progress runs from `startProgress` to `endProgress` over `duration` ms from `start`.
    package var start: Double
    package var duration: Double
    package var curve: CubicBezier
    package var startProgress: Double
    package var endProgress: Double
    /// Driven by a finger (leftEdge pan): progress is `startProgress` until released.
    package var interactive: Bool
    /// Whether `entries` already reflects the transition (false while an interactive pop
    /// has not been released, and after a cancelled one).
    package var committed: Bool

    package init(operation: NavigationOperation, from: NavEntry, to: NavEntry, removed: [NavEntry],
                 fromHeight: Double, toHeight: Double, start: Double, duration: Double, curve: CubicBezier,
                 startProgress: Double, endProgress: Double, interactive: Bool, committed: Bool) {
        self.operation = operation
        self.from = from
        self.to = to
        self.removed = removed
        self.fromHeight = fromHeight
        self.toHeight = toHeight
        self.start = start
        self.duration = duration
        self.curve = curve
        self.startProgress = startProgress
        self.endProgress = endProgress
        self.interactive = interactive
        self.committed = committed
    }

    package var end: Double { start + duration }

    package func progress(at t: Double) -> Double {
        if interactive { return startProgress }
        guard duration > 0 else { return endProgress }
        let f = curve.value(at: (t - start) / duration)
        return startProgress + (endProgress - startProgress) * f
    }
}
