/// A growable run of bytes that outgoing messages are written into in place: the
/// daemon's output chunks, and the scratch of outputs that keep bodies apart.
///
/// `write(bound:_:)` makes room for `bound` more bytes and lets a `JSONWriter` write there
/// directly (no intermediate array); `FrameEncoder.frame(into:bound:_:)` uses it to put a
/// whole framed message at the end. A reference type, so chunks can be queued and reused
/// without copying their bytes; not shared between threads.
public final class MessageBuffer {
    /// `base`, `capacity` and `count`, held behind a pointer the buffer owns instead of in
    /// stored properties: every message reads and moves them several times, and each access
    /// to a class's stored property is checked for exclusivity at run time
    /// (`swift_beginAccess`: several per message). No access here can overlap
    /// another: a buffer is used by one thread, no method holds an access across a call out
    /// (`write` hands its body a `JSONWriter`, never the buffer), and each accessor below
    /// reads or writes one field at once.
    private struct Layout {
        var base: UnsafeMutablePointer<UInt8>
        var capacity: Int
        var count: Int
    }
    private let layout: UnsafeMutablePointer<Layout>

    /// The start of the storage (`capacity` bytes, the first `count` written).
    var base: UnsafeMutablePointer<UInt8> { layout.pointee.base }
    public var capacity: Int { layout.pointee.capacity }
    /// Bytes written so far.
    public internal(set) var count: Int {
        get { layout.pointee.count }
        set { layout.pointee.count = newValue }
    }

    public init(capacity: Int = 1024) {
        let capacity = max(capacity, 16)
        layout = .allocate(capacity: 1)
        layout.initialize(to: Layout(base: .allocate(capacity: capacity), capacity: capacity, count: 0))
    }

    deinit {
        layout.pointee.base.deallocate()
        layout.deinitialize(count: 1)
        layout.deallocate()
    }

    /// The bytes written so far.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Makes room for `n` more bytes after `count` (the storage may move).
    public func reserve(_ n: Int) {
        let l = layout.pointee
        guard l.count + n > l.capacity else { return }
        let grown = max(l.count + n, 2 * l.capacity)
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        fresh.update(from: l.base, count: l.count)
        l.base.deallocate()
        layout.pointee.base = fresh
        layout.pointee.capacity = grown
    }

    /// Writes at most `bound` bytes at the end with `body`; how many it wrote.
    @discardableResult
    public func write(bound: Int, _ body: (inout JSONWriter) -> Void) -> Int {
        reserve(bound)
        var w = JSONWriter(base + count, capacity: bound)
        body(&w)
        let n = w.written
        count += n
        return n
    }

    /// Appends `bytes`.
    public func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        if let b = bytes.baseAddress { UnsafeMutableRawPointer(base + count).copyMemory(from: b, byteCount: bytes.count) }
        count += bytes.count
    }

    /// Appends `bytes`.
    public func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Forgets the bytes, keeping the storage.
    public func removeAll() { count = 0 }
}
