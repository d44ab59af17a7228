/// A finger that currently drives the sheet: a pan on the sheet or from a screen edge, or a
/// scroll-view drag the sheet has taken over.
package struct Drag: Sendable, Equatable {
    /// What the finger started on.
    package enum Source: String, Sendable {
        case sheet, bottomEdge, leftEdge, scroll
    }
    // (Numbers first, optionals and flags after them: no padding between them; a `Drag?` is
    // in every session's state.)
    /// Extent when the finger took the sheet (pt).
    package var startExtent: Double
    /// The finger's translation at that moment (y for vertical drags, x for an edge pop).
    package var startTranslation: Double
    /// The sheet's extent now, rubber-banded (pt).
    package var extent: Double
    /// Samples of the finger position (pt, positive = growing) for release velocity.
    package var estimator = VelocityEstimator()
    /// The id and height of the detent the drag started at (`nil` mid-transition): a release
    /// is decided against that detent as it is at release.
    package var originDetent: String?
    package var originHeight: Double?
    /// The finger's position before rubber-banding (pt shown; `nil` before the first move).
    package var rawExtent: Double?
    /// The detent the sheet rested at when the finger took it; nil mid-transition.
    package var originIndex: Int?
    package var source: Source
    /// Where the sheet was heading before the finger took it.
    package var goalBefore: SheetState.Goal
    /// The sheet went below its smallest detent: a dismissal was under way.
    package var wentBelowSmallest = false

    package init(source: Source, startExtent: Double, startTranslation: Double, extent: Double, originIndex: Int?,
                 goalBefore: SheetState.Goal) {
        self.source = source
        self.startExtent = startExtent
        self.startTranslation = startTranslation
        self.extent = extent
        self.originIndex = originIndex
        self.goalBefore = goalBefore
    }
}

/// Resolved detents remembered with the inputs they were resolved from: valid while
/// `SheetState.detentKey` equals the key of those. The key is plain data (numbers, and the
/// identities of the detent specs and resolver answers, which the cache keeps alive), so the
/// check neither builds, retains nor releases anything per step or frame.
/// Held out of line, one reference inline (none while empty): it is stored in every session's state.
package struct DetentCache: Sendable, Equatable {
    private struct Entry: Sendable {
        var key: DetentInputs.Key
        /// Holds what `key` identifies, so no other array or box can take those addresses.
        var inputs: DetentInputs
        var detents: [ResolvedDetent]
    }
    private var entry: ImmutableBox<Entry>? {
        didSet { address = entry.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) } ?? 0 }
    }
    /// `entry`'s address (0 = none), read instead of the reference: loading the reference to
    /// read through it retains and releases it; the address is plain data, and `entry` keeps
    /// the box alive as long as it is this value.
    private var address: UInt = 0

    package init() {}

    /// The box at `address`, lent to `body` (nothing retained: `entry` holds it throughout).
    @inline(__always)
    private func withEntry<Result>(_ body: (Entry) -> Result) -> Result {
        Unmanaged<ImmutableBox<Entry>>.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { body($0.value) }
    }

    /// `body(detents)` with the detents held for `key`, read in place (nothing retained: this
    /// cache, inside the caller's state, holds them throughout); `nil` when none are held for it.
    @inline(__always)
    func withDetents<Result>(for key: DetentInputs.Key, _ body: (borrowing [ResolvedDetent]) -> Result) -> Result? {
        guard address != 0 else { return nil }
        return withEntry { $0.key == key ? body($0.detents) : nil }
    }

    /// `body(detents)` with the detents held, whatever they were resolved from: for a caller
    /// that has just checked them against the current key (`SheetState.frameFromCache`).
    @inline(__always)
    func withCurrentDetents<Result>(_ body: (borrowing [ResolvedDetent]) -> Result) -> Result {
        withEntry { body($0.detents) }
    }

    /// Whether no detents are held.
    var isEmpty: Bool { address == 0 }

    /// Remembers `detents` as resolved from `inputs`.
    mutating func store(_ detents: [ResolvedDetent], for inputs: DetentInputs) {
        entry = ImmutableBox(Entry(key: inputs.key, inputs: inputs, detents: detents))
    }

    /// A cache is not part of a value: any two are equal.
    package static func == (a: DetentCache, b: DetentCache) -> Bool { true }
}

/// Everything `DetentResolver.resolved` reads for a sheet's detents.
struct DetentInputs: Sendable {
    var specs: [DetentSpec]
    var resolution: DetentResolution
    var key: Key

    /// The inputs' numbers and the identities of their specs and resolver answers: equal keys,
    /// while something holds the arrays and boxes they identify, mean equal inputs.
    struct Key: Sendable, Equatable {
        var container: Container
        var fitHeight: Double
        var largeTopGap: Double
        var lift: Double
        var limit: Double
        /// The address of the specs' elements.
        var specs: UInt
        var resolution: ObjectIdentifier?
    }

    func resolve() -> [ResolvedDetent] {
        DetentResolver.resolved(specs, in: key.container, fitHeight: key.fitHeight, largeTopGap: key.largeTopGap,
                                lift: key.lift, limit: key.limit, resolved: resolution.heights)
    }
}
