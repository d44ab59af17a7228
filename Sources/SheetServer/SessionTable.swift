import SheetCore

extension SheetService {
    /// One live session and what the host last saw of it. A class, so the engine state is
    /// mutated in place (no copy of its arrays per message).
    ///
    /// All of it in the one object, small members first: a frame reads the session's header,
    /// `sheet` and `lastFrame` from one contiguous block (at 10,000 sessions, each line of it
    /// a cache miss per frame, and a pointer to follow one more). The release build turns the
    /// run-time exclusivity checks of stored properties off (`scripts/build-release.sh`);
    /// debug builds — every test — keep them.
    final class Session {
        /// The integer handle: `n` of the wire id `"s<n>"`, also the creation order.
        let order: Int
        /// The wire id, built once: always `"s<order>"` (frames write it from `order`).
        let id: String
        /// In `SessionTable.moving` (its frame may differ from the last one sent).
        var isMoving = false
        var seq: Int
        var sheet: Sheet
        /// The last frame sent: its names, and its values, packed (none before any); last, as
        /// a plain sheet's frame fills only the first two lines of its room.
        var lastNames = FrameNames(detent: "", navIDs: [])
        var lastFrame = SentFrame()

        /// About the bytes a frame reads: the object's header and members, up to the first 16
        /// words of `lastFrame` (a plain sheet's frame packs to 13).
        static let bytes = 64 + MemoryLayout<Sheet>.size + MemoryLayout<FrameNames>.size + 16 * 8

        /// Starts loading the object into the cache (see `Prefetch`): all but the room of
        /// `lastFrame` that a plain sheet's frame leaves unused.
        @inline(__always)
        static func prefetch(_ s: Unmanaged<Session>) {
            Prefetch.lines(UnsafeRawPointer(s.toOpaque()), bytes: bytes)
        }

        /// Starts loading the sheet's out-of-line storage at `depth` (`Sheet.storage`): read
        /// from the object, so ask once the object (depth 0) or the blocks of depth 0 (depth
        /// 1) have arrived.
        @inline(__always)
        static func prefetchStorage(_ s: Unmanaged<Session>, depth: Int) {
            s._withUnsafeGuaranteedRef { $0.sheet.storage(depth: depth) { Prefetch.lines($0, bytes: $1) } }
        }

        /// Where the blocks the sheet points to are now (`Sheet.storage(depth: 0)`), with those
        /// of depth 1 first when `withResolvedDetents` (the resolved detents a frame reads).
        @inline(__always)
        static func hints(_ s: Unmanaged<Session>, withResolvedDetents: Bool) -> PrefetchHints {
            var hints = PrefetchHints()
            s._withUnsafeGuaranteedRef { s in
                if withResolvedDetents { s.sheet.storage(depth: 1) { hints.add($0, bytes: $1) } }
                s.sheet.storage(depth: 0) { hints.add($0, bytes: $1) }
            }
            return hints
        }

        init(sheet: consuming Sheet, order: Int, seq: Int = 0) {
            self.sheet = sheet
            self.order = order
            self.id = "s\(order)"
            self.seq = seq
        }
    }
}

/// The live sessions, addressed by integer handle (the wire id `"s<n>"` is parsed, not
/// hashed as a string, and `n` is its own hash: `HandleTable`), and the moving ones (whose
/// frame may differ from the last one sent) in creation order, so a tick visits only those
/// and never sorts by string lookups.
///
/// Iterating gives `(key: id, value: session)` pairs in no particular order.
struct SessionTable: Sequence {
    typealias Session = SheetService.Session

    private var byHandle = HandleTable<Session>()
    /// Moving sessions, unretained (`byHandle` holds every one of them, and removing a
    /// session removes it here too): marking, sweeping and dropping them touches no reference
    /// count. In creation order unless `movingNeedsSort`.
    private(set) var moving: [Unmanaged<Session>] = []
    /// Where the blocks of `moving[i]` were at its last tick, for the first of them (those a
    /// tick kept moving, and after a sort all of them, empty for a session marked since its
    /// last tick). Apart from
    /// `moving`, so that sessions marked but not yet ticked (every presented one, at 100,000
    /// sessions) cost their 8 bytes there and nothing more.
    private(set) var tickHints: [TickHints] = []

    /// Where a moving session's blocks were at its last tick (`keepTickHints`).
    struct TickHints {
        var hints = PrefetchHints()
        /// The detent cache entry they were taken with (`DetentCache.identity`).
        var detents: UInt = 0
    }
    private var movingNeedsSort = false
    /// During a tick's sweep: how many of the visited sessions stay moving (kept, in order, at
    /// the front of `moving`).
    private var kept = 0

    var count: Int { byHandle.count }

    /// The handle of a wire id: `n` of `"s<n>"` (decimal, no sign, no leading zero).
    static func handle(_ id: String) -> Int? {
        var id = id
        return id.withUTF8 { handle(utf8: $0) }
    }

    /// The handle of a wire id given as UTF-8 bytes.
    static func handle(utf8 b: UnsafeBufferPointer<UInt8>) -> Int? {
        guard b.count >= 2, b.count <= 19, b[0] == UInt8(ascii: "s"), b[1] != UInt8(ascii: "0") else { return nil }
        var n = 0
        for c in b[1...] {
            guard c >= 48 && c <= 57 else { return nil }
            n = n * 10 + Int(c - 48)
        }
        return n
    }

    subscript(id: String) -> Session? {
        guard let h = Self.handle(id) else { return nil }
        return byHandle[h]
    }

    subscript(handle h: Int) -> Session? { byHandle[h] }

    /// The session with handle `h`, unretained; the hot path borrows it with
    /// `_withUnsafeGuaranteedRef` instead of retaining and releasing it for every message.
    /// Valid while the table holds the session: no input or tick removes one (only
    /// `session.destroy` does).
    func unretained(handle h: Int) -> Unmanaged<Session>? {
        byHandle.unretained(h)
    }

    /// `unretained(handle:)`, and where the session's blocks were at its last input
    /// (`keepHints(for:)`): its object and those blocks can be asked for all at once. (The
    /// caller prefetches: prefetched here, the table's arrays would be retained around it.)
    @inline(__always)
    func unretainedWithHints(handle h: Int) -> (session: Unmanaged<Session>, hints: PrefetchHints)? {
        byHandle.unretainedWithHints(h)
    }

    /// Notes where `s`'s blocks are now, for `unretainedWithHints(handle:)` at its next input.
    @inline(__always)
    mutating func keepHints(for s: Unmanaged<Session>) {
        byHandle.setHints(Session.hints(s, withResolvedDetents: false), for: s._withUnsafeGuaranteedRef { $0.order })
    }

    mutating func insert(_ s: Session) {
        byHandle.insert(s, for: s.order)
    }

    /// Removes the session (also from the moving list); the removed session.
    @discardableResult
    mutating func removeValue(forKey id: String) -> Session? {
        guard let h = Self.handle(id), let s = byHandle.removeValue(forKey: h) else { return nil }
        if s.isMoving {
            if let j = moving.firstIndex(where: { $0.toOpaque() == Unmanaged.passUnretained(s).toOpaque() }) {
                moving.remove(at: j)
                if j < tickHints.count { tickHints.remove(at: j) }
            }
            s.isMoving = false
        }
        return s
    }

    /// Marks `s` for the next tick.
    mutating func markMoving(_ s: Session) {
        guard !s.isMoving else { return }
        s.isMoving = true
        if let last = moving.last, last.takeUnretainedValue().order > s.order { movingNeedsSort = true }
        moving.append(Unmanaged.passUnretained(s))
    }

    /// The moving sessions (retained one by one as the caller iterates).
    var movingSessions: LazyMapSequence<[Unmanaged<Session>], Session> {
        moving.lazy.map { $0.takeUnretainedValue() }
    }

    /// Starts a tick's sweep: puts the moving sessions in creation order. The tick then visits
    /// `movingSession(at:)` for each index the list had when it began (a session it marks
    /// moving is appended, for the next tick), clears `isMoving` on each one that comes to
    /// rest, calls `sweep(at:)` right after each, and `endSweep(visited:)` at the end. (Not a
    /// closure-taking mutating method: the tick reads other sessions — a stack parent reads
    /// its child — while it runs.)
    mutating func beginSweep() {
        kept = 0
        guard movingNeedsSort else { return }
        movingNeedsSort = false
        guard !tickHints.isEmpty else {
            moving.sort { $0.takeUnretainedValue().order < $1.takeUnretainedValue().order }
            return
        }
        // The hints move with their sessions (hosts' inputs come in any order: a realtime
        // clock's sessions are sorted on most ticks).
        var pairs: [(session: Unmanaged<Session>, hints: TickHints)] = []
        pairs.reserveCapacity(moving.count)
        for (i, s) in moving.enumerated() { pairs.append((s, i < tickHints.count ? tickHints[i] : TickHints())) }
        pairs.sort { $0.session.takeUnretainedValue().order < $1.session.takeUnretainedValue().order }
        tickHints.removeAll(keepingCapacity: true)
        for (i, p) in pairs.enumerated() {
            moving[i] = p.session
            tickHints.append(p.hints)
        }
    }

    /// The moving session at index `i`, unretained (see `unretained(handle:)`): a tick visits
    /// each without retaining and releasing it. The list only grows while a tick runs, so
    /// index `i` is the same session throughout.
    func movingSession(at i: Int) -> Unmanaged<Session> {
        moving[i]
    }

    /// Where the blocks of the moving session at index `i` were at its last tick (none if it
    /// has had none since it started moving). (The caller prefetches: see `unretainedWithHints`.)
    @inline(__always)
    func movingHints(at i: Int) -> PrefetchHints {
        i < tickHints.count ? tickHints[i].hints : PrefetchHints()
    }

    /// Notes where the blocks of the moving session at `i` are now, for its next tick: the
    /// resolved detents, the detent cache entry and the options (what a frame reads), asked for
    /// with the object three sessions ahead instead of read from it one after the other.
    /// Taken again only when the sheet holds another detent cache entry than when they were
    /// last taken (those blocks do not move while it holds the same one; its options rarely do,
    /// and a stale hint only costs a useless load).
    /// Stored at `kept`, where the sweep puts the session. (Its own from the last tick are
    /// still at `i`: the sweep has only written below `kept`, and `kept <= i`.)
    @inline(__always)
    private mutating func keepTickHints(at i: Int) {
        let detents = moving[i]._withUnsafeGuaranteedRef { $0.sheet.detentCacheIdentity() }
        var taken: TickHints
        if i < tickHints.count, tickHints[i].detents == detents, !tickHints[i].hints.isEmpty {
            if i == kept { return }
            taken = tickHints[i]
        } else {
            taken = TickHints(hints: Session.hints(moving[i], withResolvedDetents: true), detents: detents)
        }
        if kept < tickHints.count { tickHints[kept] = taken } else { tickHints.append(taken) }
    }

    /// Keeps the session just visited at `i` for the next tick if it still moves, with the
    /// hints of where its blocks are (`keepTickHints`): read while the session is in the
    /// cache, not in a pass of its own over every session afterwards. Those kept move to the
    /// front in order (the ones between are all resting).
    mutating func sweep(at i: Int) {
        guard moving[i]._withUnsafeGuaranteedRef({ $0.isMoving }) else { return }
        keepTickHints(at: i)
        if kept != i { moving.swapAt(kept, i) }
        kept += 1
    }

    /// Ends the sweep of the first `n`: drops the resting ones (sessions marked moving during
    /// the tick, after them, stay).
    mutating func endSweep(visited n: Int) {
        moving.removeSubrange(kept..<n)
        if tickHints.count > kept { tickHints.removeSubrange(kept...) }
    }

    func makeIterator() -> AnyIterator<(key: String, value: Session)> {
        var it = byHandle.values.makeIterator()
        return AnyIterator { it.next().map { (key: $0.id, value: $0) } }
    }
}
