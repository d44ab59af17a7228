/// A number formatted once, to be written many times: the bytes `JSONWriter.value(_:)`
/// writes for it, held inline (no allocation).
///
/// A tick stamps every frame it sends with the same `t`, and on the realtime clock that is a
/// grid time such as `16.666666666666668`, which only the general (allocating) shortest
/// round-trip formatting prints: formatted once per tick, each frame copies the bytes.
public struct FormattedNumber {
    /// Room for the longest number `JSONWriter.value(_:)` writes (24 bytes, such as
    /// `-2.2250738585072014e-308`) and the scratch its short-decimal path asks for (32).
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
    private var count: Int = 0

    public init(_ d: Double) {
        count = withUnsafeMutableBytes(of: &storage) { room in
            var w = JSONWriter(room.baseAddress!.assumingMemoryBound(to: UInt8.self), capacity: room.count)
            w.value(d)
            return w.written
        }
    }

    /// The formatted bytes.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeBytes(of: storage) { body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
}

extension JSONWriter {
    /// `text`, then the number already formatted.
    public mutating func run(_ text: StaticString, _ n: borrowing FormattedNumber) {
        run(text)
        n.withBytes { raw($0) }
    }
}
