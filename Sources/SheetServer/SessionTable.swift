import SheetCore

extension SheetService {
    /// One live session and what the host last saw of it. A class, so the engine state is
    /// mutated in place (no copy of its arrays per message).
    ///
    /// The small members come first: they share the object's first cache line, which an
    /// input (`isMoving`) and a tick (`seq`, `id`) touch anyway, instead of a line of their
    /// own after the large `sheet` (a miss more per session and frame once 10,000 sessions
    /// outgrow the cache).
    ///
    /// In a release build the mutable members live behind a pointer the session owns, not in
    /// stored properties: every access to a class's stored property is checked for
    /// exclusivity at run time (`swift_beginAccess`), about ten times per input and frame on
    /// the hot path, and a computed property's is not. That is sound here because no two
    /// accesses to one session's members overlap: the service runs on one thread, and the
    /// engine code running inside an access (`apply`'s body, a tick) reaches other sessions
    /// only (a stack's parent and children), never the session it is in. Debug builds — every
    /// test — keep the stored properties and their run-time checks, which would catch an
    /// overlap.
    final class Session {
        /// The integer handle: `n` of the wire id `"s<n>"`, also the creation order.
        let order: Int
        /// The wire id, built once: always `"s<order>"` (frames write it from `order`).
        let id: String
#if DEBUG
        /// In `SessionTable.moving` (its frame may differ from the last one sent).
        var isMoving = false
        var seq: Int
        var sheet: Sheet
        /// The last frame sent: its values (nil before any) and its names.
        var lastValues: FrameValues?
        var lastNames = FrameNames(detent: "", navIDs: [])

        init(sheet: consuming Sheet, order: Int, seq: Int = 0) {
            self.sheet = sheet
            self.order = order
            self.id = "s\(order)"
            self.seq = seq
        }
#else
        /// The mutable members (see above).
        private struct Members: ~Copyable {
            var isMoving = false
            var seq: Int
            var sheet: Sheet
            var lastValues: FrameValues?
            var lastNames = FrameNames(detent: "", navIDs: [])
        }
        private let members: UnsafeMutablePointer<Members>

        /// In `SessionTable.moving` (its frame may differ from the last one sent).
        var isMoving: Bool {
            @inline(__always) get { members.pointee.isMoving }
            @inline(__always) set { members.pointee.isMoving = newValue }
        }
        var seq: Int {
            @inline(__always) get { members.pointee.seq }
            @inline(__always) set { members.pointee.seq = newValue }
        }
        var sheet: Sheet {
            @inline(__always) _read { yield members.pointee.sheet }
            @inline(__always) _modify { yield &members.pointee.sheet }
        }
        var lastValues: FrameValues? {
            @inline(__always) _read { yield members.pointee.lastValues }
            @inline(__always) _modify { yield &members.pointee.lastValues }
        }
        var lastNames: FrameNames {
            @inline(__always) _read { yield members.pointee.lastNames }
            @inline(__always) _modify { yield &members.pointee.lastNames }
        }

        init(sheet: consuming Sheet, order: Int, seq: Int = 0) {
            self.order = order
            self.id = "s\(order)"
            members = .allocate(capacity: 1)
            members.initialize(to: Members(seq: seq, sheet: sheet))
        }

        deinit {
            members.deinitialize(count: 1)
            members.deallocate()
        }
#endif
    }
}

/// The live sessions, addressed by integer handle (the wire id `"s<n>"` is parsed, not
/// hashed as a string), and the moving ones (whose frame may differ from the last one sent)
/// in creation order, so a tick visits only those and never sorts by string lookups.
///
/// Iterating gives `(key: id, value: session)` pairs in no particular order.
struct SessionTable: Sequence {
    typealias Session = SheetService.Session

    private var byHandle: [Int: Session] = [:]
    /// Moving sessions; in creation order unless `movingNeedsSort`.
    private(set) var moving: [Session] = []
    private var movingNeedsSort = false

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
        byHandle[h].map { Unmanaged.passUnretained($0) }
    }

    mutating func insert(_ s: Session) {
        byHandle[s.order] = s
    }

    /// Removes the session (also from the moving list); the removed session.
    @discardableResult
    mutating func removeValue(forKey id: String) -> Session? {
        guard let h = Self.handle(id), let s = byHandle.removeValue(forKey: h) else { return nil }
        if s.isMoving {
            moving.removeAll { $0 === s }
            s.isMoving = false
        }
        return s
    }

    /// Marks `s` for the next tick.
    mutating func markMoving(_ s: Session) {
        guard !s.isMoving else { return }
        s.isMoving = true
        if let last = moving.last, last.order > s.order { movingNeedsSort = true }
        moving.append(s)
    }

    /// Puts the moving sessions in creation order. A tick then visits `movingSession(at:)` for
    /// each index the list had when it began (a session it marks moving is appended, for the
    /// next tick), clearing `isMoving` on each one that comes to rest, and calls
    /// `dropResting()`. (Not a closure-taking mutating method: the tick reads other sessions —
    /// a stack parent reads its child — while it runs.)
    mutating func sortMoving() {
        guard movingNeedsSort else { return }
        moving.sort { $0.order < $1.order }
        movingNeedsSort = false
    }

    /// The moving session at index `i`, unretained (see `unretained(handle:)`): a tick visits
    /// each without retaining and releasing it. The list only grows while a tick runs, so
    /// index `i` is the same session throughout.
    func movingSession(at i: Int) -> Unmanaged<Session> {
        Unmanaged.passUnretained(moving[i])
    }

    /// Removes the sessions whose `isMoving` was cleared from the moving list.
    mutating func dropResting() {
        moving.removeAll { !$0.isMoving }
    }

    func makeIterator() -> AnyIterator<(key: String, value: Session)> {
        var it = byHandle.values.makeIterator()
        return AnyIterator { it.next().map { (key: $0.id, value: $0) } }
    }
}
