extension Array {
    /// The heap block holding the elements, as `body(start, bytes)`: the storage object's
    /// header (32 bytes on 64-bit platforms) and the elements; nothing for an empty array. For
    /// a caller that prefetches a sheet's out-of-line storage (`Sheet.storage(depth:)`).
    @inline(__always)
    func withStorageBlock(_ body: (UnsafeRawPointer, Int) -> Void) {
        withUnsafeBytes { if let b = $0.baseAddress { body(b - 32, 32 + $0.count) } }
    }
}
