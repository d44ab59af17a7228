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

/// Where an object's out-of-line blocks were when it was last used: up to four (address,
/// length) pairs, so that the next use can ask for them together with the object itself
/// instead of waiting for the object to read their addresses from it.
///
/// Only ever prefetched, never read through: a hint that has gone stale (its block freed or
/// moved) costs a useless load and nothing else, as a prefetch never faults.
struct PrefetchHints: Equatable {
    /// Each an address (bits 16 and up) and a length in cache lines (the low 16 bits); 0 = none.
    private var first: UInt64 = 0, second: UInt64 = 0, third: UInt64 = 0, fourth: UInt64 = 0

    init() {}

    /// No block is hinted.
    var isEmpty: Bool { first == 0 }

    /// Adds a block (after the first four, or at an address beyond 48 bits: nothing).
    @inline(__always)
    mutating func add(_ start: UnsafeRawPointer, bytes: Int) {
        let address = UInt64(UInt(bitPattern: start))
        guard address >> 48 == 0 else { return }
        let word = address << 16 | UInt64(min((bytes + 63) / 64, 0xFFFF))
        if first == 0 { first = word } else if second == 0 { second = word } else if third == 0 { third = word } else if fourth == 0 { fourth = word }
    }

    /// Starts loading the blocks.
    @inline(__always)
    func prefetch() {
        Self.prefetch(first)
        Self.prefetch(second)
        Self.prefetch(third)
        Self.prefetch(fourth)
    }

    /// The blocks, as added (address, bytes rounded up to whole lines).
    var blocks: [(address: UInt, bytes: Int)] {
        let words: [UInt64] = [first, second, third, fourth]
        return words.filter { $0 != 0 }.map { word -> (address: UInt, bytes: Int) in
            (UInt(word >> 16), Int(word & 0xFFFF) * 64)
        }
    }

    @inline(__always)
    private static func prefetch(_ word: UInt64) {
        guard word != 0, let start = UnsafeRawPointer(bitPattern: UInt(word >> 16)) else { return }
        Prefetch.lines(start, bytes: Int(word & 0xFFFF) * 64)
    }
}
