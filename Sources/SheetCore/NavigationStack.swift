/// The navigation stack inside a sheet and its running transition, if any.
public struct NavigationStack: Sendable, Equatable, Codable {
    public var entries: [NavEntry]

    public init(entries: [NavEntry]) {
        self.entries = entries
    }

    static func validate(_ entries: [NavEntry], path: String) throws(SheetError) {
        var ids = Set<String>()
        for (i, e) in entries.enumerated() where !ids.insert(e.id).inserted {
            throw SheetError(.invalidParams, "\(path)[\(i)].id: duplicate entry id \"\(e.id)\"")
        }
    }

    func isAnimating(at t: Double) -> Bool { false }
}

extension SheetState {
    func navFrame(width: Double) -> SheetFrame.Nav {
        guard let top = nav.entries.last else { return .init(items: [], separatorX: nil) }
        return .init(items: [.init(id: top.id, x: 0, width: Quantize.points(width),
                                   height: Quantize.points(entryHeight(top)), alpha: 1)], separatorX: nil)
    }
}

extension Sheet {
    mutating func advanceNavigation() {}
    mutating func edgePop(_ phase: PanPhase, translation: Vector, velocity: Vector?) throws(SheetError) {
        throw SheetError(.invalidState, "interactive pop needs at least two navigation entries")
    }
}
