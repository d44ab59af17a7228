/// The navigation stack inside a sheet and its running transition, if any.
///
/// A push or pop changes `entries` when it is committed (at once for animated transitions,
/// at release for an interactive pop that finishes), so the sheet's fitted height targets
/// the new top entry and eases there with the animator's timing. A push or pop that arrives
/// while a transition runs first finishes the running one (its events fire), then starts:
/// no jump, no lost entry.
public struct NavigationStack: Sendable, Equatable, Codable {
    public var entries: [NavEntry]
    /// The running transition, held out of line (most sheets have none; it is ~170 bytes).
    public var transition: NavTransition? {
        get { transitionStorage?.value }
        set { transitionStorage = newValue.map(ImmutableBox.init) }
    }
    private var transitionStorage: ImmutableBox<NavTransition>?

    public init(entries: [NavEntry]) {
        self.entries = entries
    }

    /// The deepest stack a session may hold.
    public static let maxEntries = 256

    /// Entry ids are unique; a duplicate is `-32602` at `path[i].id`.
    public static func validate(_ entries: [NavEntry], path: String) throws(SheetError) {
        var ids = Set<String>()
        for (i, e) in entries.enumerated() where !ids.insert(e.id).inserted {
            throw SheetError(.invalidParams, "\(path)[\(i)].id: duplicate entry id \"\(e.id)\"")
        }
    }

    func isAnimating(at t: Double) -> Bool {
        guard let tr = transition else { return false }
        return tr.interactive || tr.end > t
    }

    public static func == (a: NavigationStack, b: NavigationStack) -> Bool {
        a.entries == b.entries && a.transition == b.transition
    }

    // Codable as if `transition` were a stored property (the synthesized form).
    private enum CodingKeys: String, CodingKey { case entries, transition }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        entries = try c.decode([NavEntry].self, forKey: .entries)
        transition = try c.decodeIfPresent(NavTransition.self, forKey: .transition)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(entries, forKey: .entries)
        try c.encodeIfPresent(transition, forKey: .transition)
    }
}
