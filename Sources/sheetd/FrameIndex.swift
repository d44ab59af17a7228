/// Session handle → where that session's newest queued frame is: an open-addressing hash
/// table in one flat allocation, linear probing, doubled when half full. Handles are small
/// integers given in creation order, so a handle is its own hash (the sessions of a tick,
/// in creation order, walk the table in order).
///
/// Entries are never removed one by one: an entry whose frame was written or dropped is
/// stale (`ProtocolOutput` tells by the frame's place, or `chunk` -1) and is overwritten by
/// the session's next frame. `removeAll()` empties the table in O(1) when the queue drains:
/// a slot is in use only if it carries the table's current `generation`.
struct FrameIndex {
    struct Slot {
        var key: Int
        var generation: UInt32
        /// The frame's chunk (-1: none pending), offset in it and length.
        var chunk: Int32
        var offset: Int32
        var length: Int32
    }

    private(set) var slots: UnsafeMutablePointer<Slot>
    private var mask: Int
    private var count = 0
    private var generation: UInt32 = 1

    init(capacity: Int = 64) {
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(key: 0, generation: 0, chunk: -1, offset: 0, length: 0), count: capacity)
        mask = capacity - 1
    }

    func deallocate() { slots.deallocate() }

    /// The slot of `key`, made (with no frame) if it has none.
    mutating func slot(for key: Int) -> Int {
        if (count + 1) * 2 > mask + 1 { grow() }
        var i = key & mask
        while slots[i].generation == generation {
            if slots[i].key == key { return i }
            i = (i + 1) & mask
        }
        slots[i] = Slot(key: key, generation: generation, chunk: -1, offset: 0, length: 0)
        count += 1
        return i
    }

    /// Forgets every entry.
    mutating func removeAll() {
        guard count > 0 else { return }
        count = 0
        generation &+= 1
        if generation == 0 {  // wrapped: clear for real once every 2^32 drains
            for i in 0...mask { slots[i].generation = 0 }
            generation = 1
        }
    }

    /// Moves each entry with a frame to `moved(chunk, offset)`, or marks it without one (nil).
    func forEachEntry(_ moved: (Int, Int) -> (Int, Int)?) {
        for i in 0...mask where slots[i].generation == generation && slots[i].chunk >= 0 {
            if let (chunk, offset) = moved(Int(slots[i].chunk), Int(slots[i].offset)) {
                slots[i].chunk = Int32(chunk)
                slots[i].offset = Int32(offset)
            } else {
                slots[i].chunk = -1
            }
        }
    }

    private mutating func grow() {
        let old = slots
        let oldCapacity = mask + 1
        let capacity = 2 * oldCapacity
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(key: 0, generation: 0, chunk: -1, offset: 0, length: 0), count: capacity)
        mask = capacity - 1
        for j in 0..<oldCapacity where old[j].generation == generation {
            var i = old[j].key & mask
            while slots[i].generation == generation { i = (i + 1) & mask }
            slots[i] = old[j]
        }
        old.deallocate()
    }
}
