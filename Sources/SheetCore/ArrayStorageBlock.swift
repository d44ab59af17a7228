extension Array {
    /// The heap block holding the elements, as `body(start, bytes)`: the storage object's
    /// header (`storageHeaderBytes`) and the elements; nothing for an empty array. For
    /// a caller that prefetches a sheet's out-of-line storage (`Sheet.storage(depth:)`).
    @inline(__always)
    func withStorageBlock(_ body: (UnsafeRawPointer, Int) -> Void) {
        let header = Self.storageHeaderBytes
        withUnsafeBytes { if let b = $0.baseAddress { body(b - header, header + $0.count) } }
    }

    /// The storage object's header, before the elements (64-bit platforms).
    static var storageHeaderBytes: Int { 32 }
}
