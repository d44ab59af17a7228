/// A resting height the host asks for, before it is resolved against the container.
///
/// `fit` follows the content (or the top navigation entry), `medium` is half the container,
/// `large` the container minus its top safe area and `SheetOptions.largeTopGap`; custom
/// detents give an absolute sheet height, a fraction of the container height, a distance
/// of the sheet's top from the container's top (`fromTop`), or name a detent resolver
/// (`resolver`) that computes the height (see `DetentResolverPolicy`).
public enum DetentSpec: Sendable, Equatable, Hashable {
    case fit
    case medium
    case large
    case height(id: String, points: Double)
    case fraction(id: String, value: Double)
    /// The sheet's top `points` below the container's top: height `container.height - points`.
    case fromTop(id: String, points: Double)
    /// A height the session's detent resolver `name` gives (`{id, resolver}`); `fit` until it
    /// answered, and for good after it failed.
    case resolver(id: String, name: String)

    /// The id the wire uses to name this detent.
    public var id: String {
        switch self {
        case .fit: return "fit"
        case .medium: return "medium"
        case .large: return "large"
        case .height(let id, _), .fraction(let id, _), .fromTop(let id, _), .resolver(let id, _): return id
        }
    }
}

/// A detent resolved to a sheet height (pt shown above the container's bottom edge).
public struct ResolvedDetent: Sendable, Equatable, Hashable {
    public var id: String
    public var height: Double

    public init(id: String, height: Double) {
        self.id = id
        self.height = height
    }
}

extension DetentSpec {
    /// The sheet height of this detent in `container`, for fitted content of `fitHeight`
    /// (content + navigation bar, without the bottom safe area), clamped to the container.
    /// A `resolver` detent takes its height from `resolved` (by detent id), `fit` when absent.
    public func resolve(in container: Container, fitHeight: Double, largeTopGap: Double,
                        resolved: [String: Double] = [:]) -> Double {
        let limit = container.maxSheetHeight
        let h: Double
        switch self {
        case .fit: h = fitHeight + container.safeArea.bottom
        case .medium: h = container.height * 0.5
        case .large: h = container.height - container.safeArea.top - largeTopGap
        case .height(_, let p): h = p
        case .fraction(_, let f): h = container.height * f
        case .fromTop(_, let p): h = container.height - p
        case .resolver(let id, _): h = resolved[id] ?? fitHeight + container.safeArea.bottom
        }
        return min(max(h, 0), limit)
    }
}

/// Resolves and orders a session's detents.
public enum DetentResolver {
    /// Resolve `specs` and sort them ascending by height (stable, so equal heights keep the
    /// host's order). `wasSorted` is false when the host's order was not ascending.
    public static func resolve(_ specs: [DetentSpec], in container: Container, fitHeight: Double,
                               largeTopGap: Double, resolved heights: [String: Double] = [:])
        -> (detents: [ResolvedDetent], wasSorted: Bool) {
        let resolved = specs.map {
            ResolvedDetent(id: $0.id, height: $0.resolve(in: container, fitHeight: fitHeight, largeTopGap: largeTopGap,
                                                         resolved: heights))
        }
        let sorted = resolved.enumerated().sorted {
            $0.element.height != $1.element.height ? $0.element.height < $1.element.height : $0.offset < $1.offset
        }.map { $0.element }
        return (sorted, sorted == resolved)
    }

    /// `resolve(...).detents` with every height raised by `lift` (after sorting, clamped to
    /// the container's largest sheet height), built in one array: the frame path reads this.
    public static func resolved(_ specs: [DetentSpec], in container: Container, fitHeight: Double,
                                largeTopGap: Double, lift: Double, limit: Double? = nil,
                                resolved heights: [String: Double] = [:]) -> [ResolvedDetent] {
        var out: [ResolvedDetent] = []
        out.reserveCapacity(specs.count)
        for spec in specs {
            let d = ResolvedDetent(id: spec.id, height: spec.resolve(in: container, fitHeight: fitHeight, largeTopGap: largeTopGap,
                                                                     resolved: heights))
            var i = out.count  // stable: after every detent that is not higher
            while i > 0 && out[i - 1].height > d.height { i -= 1 }
            out.insert(d, at: i)
        }
        let limit = limit ?? container.maxSheetHeight
        for i in out.indices { out[i].height = min(out[i].height + lift, limit) }
        return out
    }
}
