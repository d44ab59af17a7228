/// LLVM's prefetch intrinsic (`prefetcht0` on x86-64; nothing on WebAssembly).
@_silgen_name("llvm.prefetch.p0")
private func llvmPrefetch(_ address: UnsafeRawPointer, _ write: Int32, _ locality: Int32, _ data: Int32)

/// Asks the CPU to start loading memory that is about to be read. At 10,000 sessions a
/// session's state is no longer in the cache when its input or frame comes; touched one
/// line after another, each line is a wait of its own, while loads asked for together
/// overlap.
enum Prefetch {
    /// Every cache line of `bytes` bytes from `start`.
    @inline(__always)
    static func lines(_ start: UnsafeRawPointer, bytes: Int) {
        var offset = 0
        while offset < bytes {
            llvmPrefetch(start + offset, 0, 3, 1)
            offset += 64
        }
    }
}
