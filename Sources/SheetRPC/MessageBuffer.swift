/// A growable run of bytes that outgoing messages are written into in place: the
/// daemon's output chunks, and the scratch of outputs that keep bodies apart.
///
/// `write(bound:_:)` makes room for `bound` more bytes and lets a `JSONWriter` write there
/// directly (no intermediate array); `FrameEncoder.frame(into:bound:_:)` uses it to put a
/// whole framed message at the end. A reference type, so chunks can be queued and reused
/// without copying their bytes; not shared between threads.
public final class MessageBuffer {
    /// The start of the storage (`capacity` bytes, the first `count` written).
    private(set) var base: UnsafeMutablePointer<UInt8>
    public private(set) var capacity: Int
    /// Bytes written so far.
    public internal(set) var count = 0

    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Makes room for `n` more bytes after `count` (the storage may move).
    public func reserve(_ n: Int) {
        guard count + n > capacity else { return }
        let grown = max(count + n, 2 * capacity)
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        fresh.update(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = grown
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
