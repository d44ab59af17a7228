/// Resolved detents remembered with the inputs they were resolved from: valid while
/// `SheetState.detentKey` equals the key of those. The key is plain data (numbers, and the
/// identities of the detent specs and resolver answers, which the cache keeps alive), so the
/// check neither builds, retains nor releases anything per step or frame.
/// Held out of line, one reference inline (none while empty): it is stored in every session's state.
package struct DetentCache: Sendable, Equatable {
    private struct Entry: Sendable {
        var key: DetentInputs.Key
        /// Hold what `key` identifies (the specs' elements, the resolver answers' box), so no
        /// other array or box can take those addresses. (Not the whole `DetentInputs`: that
        /// would store the key twice, about 100 bytes more per moving session.)
        var specs: [DetentSpec]
        var resolution: DetentResolution
        var detents: [ResolvedDetent]
        /// The smallest and largest heights (what a drag step reads), here in the box itself:
        /// a drag step reads them without a second out-of-line block (the array's storage).
        var bounds: (smallest: Double, largest: Double)
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

    /// The smallest and largest heights of the detents held for `key`; nil when none are held
    /// for it.
    @inline(__always)
    func bounds(for key: DetentInputs.Key) -> (smallest: Double, largest: Double)? {
        guard address != 0 else { return nil }
        return withEntry { $0.key == key ? $0.bounds : nil }
    }

    /// `body(detents)` with the detents held, whatever they were resolved from: for a caller
    /// that has just checked them against the current key (`SheetState.frameFromCache`).
    @inline(__always)
    func withCurrentDetents<Result>(_ body: (borrowing [ResolvedDetent]) -> Result) -> Result {
        withEntry { body($0.detents) }
    }

    /// The storage a read of the detents goes through, for a caller that prefetches it: the
    /// cache entry's box (`depth` 0), or the resolved detents' array (`depth` 1, read from the
    /// box: ask for it once the box has arrived). Each as `body(start, bytes)`.
    @inline(__always)
    func storage(depth: Int, _ body: (UnsafeRawPointer, Int) -> Void) {
        guard address != 0 else { return }
        if depth == 0 {
            body(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped, 16 + MemoryLayout<Entry>.size)
        } else {
            withEntry { $0.detents.withStorageBlock(body) }
        }
    }

    /// Whether no detents are held.
    var isEmpty: Bool { address == 0 }

    /// Which entry is held (its address; 0 = none): a caller that keeps where the cache's
    /// blocks are sees from it that they may have moved.
    package var identity: UInt { address }

    /// Remembers `detents` as resolved from `inputs`.
    mutating func store(_ detents: [ResolvedDetent], for inputs: DetentInputs) {
        entry = ImmutableBox(Entry(key: inputs.key, specs: inputs.specs, resolution: inputs.resolution, detents: detents,
                                   bounds: (detents.first?.height ?? 0, detents.last?.height ?? 0)))
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
