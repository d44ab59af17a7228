import Testing
@testable import SheetServer

/// The prefetch hints a session's input leaves in the handle table (where its blocks are) stay
/// with its handle as the table grows and as removals move slots back, and a new object under
/// a handle starts with none: a hint is only ever prefetched, but one on the wrong session
/// would load another session's blocks for nothing.
@Suite struct HandleTableTests {
    final class Box {}

    static func hints(for key: Int) -> PrefetchHints {
        var h = PrefetchHints()
        h.add(UnsafeRawPointer(bitPattern: UInt(key) * 4096)!, bytes: 64)
        h.add(UnsafeRawPointer(bitPattern: UInt(key) * 4096 + 128)!, bytes: 16 + key % 300)
        return h
    }

    @Test func hintsStayWithTheirHandleThroughGrowthAndRemoval() {
        var table = HandleTable<Box>()
        var live: [Int: Box] = [:]
        // Keys 16 apart collide in a small table; sequential ones fill it past each growth.
        let keys = (1...40).map { $0 * 16 } + Array(1...200)
        for k in keys {
            let b = Box()
            table.insert(b, for: k)
            table.setHints(Self.hints(for: k), for: k)
            live[k] = b
        }
        for k in keys where k % 3 == 0 {
            table.removeValue(forKey: k)
            live[k] = nil
        }
        for (k, b) in live {
            let found = table.unretainedWithHints(k)
            #expect(found?.0.toOpaque() == Unmanaged.passUnretained(b).toOpaque())
            #expect(found?.1 == Self.hints(for: k), "handle \(k)")
        }
        // A handle made again after its removal starts without hints.
        table.insert(Box(), for: 48)
        #expect(table.unretainedWithHints(48)?.1 == PrefetchHints())
        #expect(table.unretainedWithHints(3) == nil)
    }

    @Test func aHintKeepsTheFirstFourBlocksInWholeLines() {
        var h = PrefetchHints()
        h.add(UnsafeRawPointer(bitPattern: 1 << 48)!, bytes: 64)  // beyond 48 bits: left out
        for i in 1...5 { h.add(UnsafeRawPointer(bitPattern: UInt(i) * 1024)!, bytes: i * 40) }
        #expect(h.blocks.map(\.address) == [1024, 2048, 3072, 4096])
        #expect(h.blocks.map(\.bytes) == [64, 128, 128, 192])
    }
}
