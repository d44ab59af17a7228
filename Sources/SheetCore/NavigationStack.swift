/// The navigation stack inside a sheet and its running transition, if any.
///
/// A push or pop changes `entries` when it is committed (at once for animated transitions,
/// at release for an interactive pop that finishes), so the sheet's fitted height targets
/// the new top entry and eases there with the animator's timing. A push or pop that arrives
/// while a transition runs first finishes the running one (its events fire), then starts:
/// no jump, no lost entry.
package struct NavigationStack: Sendable, Equatable {
    package var entries: [NavEntry]
    /// The running transition, held out of line (most sheets have none; it is ~170 bytes).
    package var transition: NavTransition? {
        get { transitionStorage?.value }
        set { transitionStorage = newValue.map(ImmutableBox.init) }
    }
    private var transitionStorage: ImmutableBox<NavTransition>?

    /// Whether a transition runs (`transition != nil` without copying it out of its box: a
    /// tick asks on every frame).
    package var hasTransition: Bool { transitionStorage != nil }

    package init(entries: [NavEntry]) {
        self.entries = entries
    }

    /// The deepest stack a session may hold.
    package static let maxEntries = 256

    /// Entry ids are unique; a duplicate is `-32602` at `path[i].id`.
    package static func validate(_ entries: [NavEntry], path: String) throws(SheetError) {
        var ids = Set<String>()
        for (i, e) in entries.enumerated() where !ids.insert(e.id).inserted {
            throw SheetError(.invalidParams, "\(path)[\(i)].id: duplicate entry id \"\(e.id)\"")
        }
    }

    func isAnimating(at t: Double) -> Bool {
        guard let tr = transition else { return false }
        return tr.interactive || tr.end > t
    }

    package static func == (a: NavigationStack, b: NavigationStack) -> Bool {
        a.entries == b.entries && a.transition == b.transition
    }
}
