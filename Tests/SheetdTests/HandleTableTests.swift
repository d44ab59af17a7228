import Testing
import SheetRPC
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

    /// Every input the fast path applies leaves the hints of where its session's blocks are
    /// then: the samples' next slot moves with each drag step, and the hints with it.
    @Test func anInputLeavesTheHintsOfItsSessionsBlocks() {
        let (service, c) = Self.daemon(sessions: 1)
        _ = c.receive(#"{"jsonrpc":"2.0","id":3,"method":"sheet.present","params":{"session":"s1","t":0,"animated":false}}"#)
        let before = service.fastPathTaken.pan
        var seen: [PrefetchHints] = []
        for (i, phase) in (["began"] + Array(repeating: "changed", count: 40)).enumerated() {
            _ = c.receive(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s1","t":\#(10 + i),"phase":"\#(phase)","translation":{"x":0,"y":\#(i)}}}"#)
            guard let (session, hints) = service.sessions.unretainedWithHints(handle: 1) else {
                Issue.record("no session s1")
                return
            }
            var now = PrefetchHints()
            session._withUnsafeGuaranteedRef { $0.sheet.storage(depth: 0) { now.add($0, bytes: $1) } }
            #expect(hints == now, "after pan \(i)")
            seen.append(hints)
        }
        #expect(service.fastPathTaken.pan == before + 41)  // the fast path took them all
        // The next sample's slot moves: the hints of consecutive steps differ.
        #expect(seen.count == 41 && zip(seen.dropFirst(), seen.dropFirst(2)).allSatisfy { $0 != $1 })
        #expect(seen.last?.blocks.count == 4)
    }

    /// A tick leaves, on each session that still moves, the hints of where its blocks are
    /// (for its next tick): they stay with their own session as the sweep drops the ones that
    /// came to rest and moves the others forward, and as a moving session is destroyed.
    @Test func aTickLeavesEachMovingSessionsHints() {
        let (service, c) = Self.daemon(sessions: 6)
        for n in 1...6 {
            // Presented one after another: the first ones come to rest first.
            _ = c.receive(#"{"jsonrpc":"2.0","id":3,"method":"sheet.present","params":{"session":"s\#(n)","t":\#(n * 60)}}"#)
        }
        var sawHints = 0
        var sawDrop = false
        for t in stride(from: 360, through: 1_400, by: 16) {
            if t == 424 {  // a moving session destroyed between ticks: the others keep their own hints
                let moving = service.sessions.moving.count
                _ = c.receive(#"{"jsonrpc":"2.0","id":8,"method":"session.destroy","params":{"session":"s3"}}"#)
                #expect(moving >= 3 && service.sessions.moving.count == moving - 1)
                #expect(service.sessions.tickHints.count == moving - 1)
            }
            let before = service.sessions.moving.count
            _ = c.receive(#"{"jsonrpc":"2.0","id":9,"method":"clock.tick","params":{"t":\#(t)}}"#)
            if service.sessions.moving.count < before { sawDrop = true }
            sawHints += Self.checkTickHints(of: service, at: t)
        }
        #expect(sawHints > 20 && sawDrop)
        #expect(service.sessions.moving.isEmpty)  // all at rest by the end
    }

    /// Sessions marked moving out of creation order, after others that already have hints,
    /// are sorted before the tick; after it every moving session has its own hints.
    @Test func tickHintsStayWithTheirSessionsThroughASort() {
        let (service, c) = Self.daemon(sessions: 6)
        func present(_ n: Int, at t: Int) {
            _ = c.receive(#"{"jsonrpc":"2.0","id":3,"method":"sheet.present","params":{"session":"s\#(n)","t":\#(t)}}"#)
        }
        func tick(_ t: Int) { _ = c.receive(#"{"jsonrpc":"2.0","id":9,"method":"clock.tick","params":{"t":\#(t)}}"#) }
        for n in 4...6 { present(n, at: 0) }
        tick(16)
        tick(32)
        #expect(Self.checkTickHints(of: service, at: 32) == 3)
        present(2, at: 40)
        present(1, at: 40)  // after s2, and both after s6: the next tick sorts them
        #expect(service.sessions.moving.map { $0.takeUnretainedValue().order } == [4, 5, 6, 2, 1])
        tick(48)
        #expect(service.sessions.moving.map { $0.takeUnretainedValue().order } == [1, 2, 4, 5, 6])
        #expect(Self.checkTickHints(of: service, at: 48) == 5)
        tick(64)
        #expect(Self.checkTickHints(of: service, at: 64) == 5)
    }

    /// A service on the host clock with `n` sessions (`s1`...), and a connection to it.
    static func daemon(sessions n: Int) -> (SheetService, RPCConnection) {
        let service = SheetService(configuration: .init(now: { 0 }))
        let c = RPCConnection(service: service)
        _ = c.receive(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"host"}}"#)
        for _ in 0..<n {
            _ = c.receive(#"{"jsonrpc":"2.0","id":2,"method":"session.create","params":{"container":{"width":390,"height":844}}}"#)
        }
        return (service, c)
    }

    /// Checks that every moving session's tick hints are where its blocks are now; how many
    /// have some.
    static func checkTickHints(of service: SheetService, at t: Int) -> Int {
        #expect(service.sessions.tickHints.count == service.sessions.moving.count)
        var withHints = 0
        for (i, session) in service.sessions.moving.enumerated() {
            var now = PrefetchHints()
            session._withUnsafeGuaranteedRef { s in
                s.sheet.storage(depth: 1) { now.add($0, bytes: $1) }
                s.sheet.storage(depth: 0) { now.add($0, bytes: $1) }
            }
            let hints = service.sessions.movingHints(at: i)
            #expect(hints == now, "s\(session.takeUnretainedValue().order) at \(t)")
            if !hints.isEmpty { withHints += 1 }
        }
        return withHints
    }
}
