/// Handle → object: an open-addressing hash table (linear probing, at most half full) in one
/// array of `(handle, object, hints)` slots. Handles are small integers given out in creation order,
/// so a handle is its own hash: sessions made one after another sit in neighbouring slots,
/// and a lookup usually reads one slot. (A `Dictionary` hashes each handle to a random place:
/// one more cache miss per input once 10,000 sessions outgrow the cache.)
///
/// The hints are where the object's blocks were at its last use (`PrefetchHints`): the
/// lookup that finds an object hands them over with it, so the object and its blocks can be
/// asked for together (32 bytes a slot, about 80 a session at 100,000 sessions).
struct HandleTable<Value: AnyObject> {
    private struct Slot {
        var key: Int
        /// nil: the slot is empty.
        var value: Value?
        /// Where the object's blocks were at its last use (`setHints`).
        var hints = PrefetchHints()
    }

    /// Empty until the first insert (then 16 slots): the service's table is made before the
    /// `initialize` reply, where a first `[Slot]` allocates and lays out its storage class's
    /// metadata (11k instructions; bench/README.md, Start-up IV).
    private var slots: [Slot] = []
    private(set) var count = 0

    /// The slot holding `key`, or nil.
    @inline(__always)
    private func index(of key: Int) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var i = key & mask
        while slots[i].value != nil {
            if slots[i].key == key { return i }
            i = (i + 1) & mask
        }
        return nil
    }

    subscript(key: Int) -> Value? {
        guard let i = index(of: key) else { return nil }
        return slots[i].value
    }

    /// The object of `key`, unretained (valid while the table holds it).
    @inline(__always)
    func unretained(_ key: Int) -> Unmanaged<Value>? {
        guard let i = index(of: key) else { return nil }
        return slots[i].value.map { Unmanaged.passUnretained($0) }
    }

    /// The object of `key`, unretained, and the hints last set for it.
    @inline(__always)
    func unretainedWithHints(_ key: Int) -> (Unmanaged<Value>, PrefetchHints)? {
        guard let i = index(of: key), let object = slots[i].value.map({ Unmanaged.passUnretained($0) }) else { return nil }
        return (object, slots[i].hints)
    }

    /// Keeps `hints` for `key`'s object (nothing if there is none).
    @inline(__always)
    mutating func setHints(_ hints: PrefetchHints, for key: Int) {
        guard let i = index(of: key) else { return }
        slots[i].hints = hints
    }

    /// Stores `value` for `key` (replacing any).
    mutating func insert(_ value: Value, for key: Int) {
        if let i = index(of: key) {
            slots[i].value = value
            return
        }
        if (count + 1) * 2 > slots.count { grow() }
        place(Slot(key: key, value: value))
        count += 1
    }

    /// Removes `key`'s object and returns it. Later slots of the probe run move back into
    /// the hole (backward-shift deletion), so lookups never meet a tombstone.
    @discardableResult
    mutating func removeValue(forKey key: Int) -> Value? {
        guard var hole = index(of: key) else { return nil }
        let removed = slots[hole].value
        slots[hole].value = nil
        count -= 1
        let mask = slots.count - 1
        var j = hole
        while true {
            j = (j + 1) & mask
            guard slots[j].value != nil else { break }
            let home = slots[j].key & mask
            // The entry at j may stay only if its home lies cyclically in (hole, j].
            let stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j)
            if !stays {
                slots.swapAt(hole, j)
                hole = j
            }
        }
        return removed
    }

    /// Every object, in no particular order.
    var values: [Value] { slots.compactMap { $0.value } }

    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var i = slot.key & mask
        while slots[i].value != nil { i = (i + 1) & mask }
        slots[i] = slot
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(key: 0, value: nil), count: max(16, 2 * old.count))
        for s in old where s.value != nil { place(s) }
    }
}
