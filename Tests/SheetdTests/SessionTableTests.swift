import Testing
import SheetRPC
import SheetRPCTestSupport
import SheetServer

/// Sessions are found by handle in an open-addressing table whose slots move back when one
/// is removed (`HandleTable`), and a tick keeps the moving ones in a list it compacts as it
/// goes. A seeded random run of creates, destroys, inputs and ticks, checked against a plain
/// set after every step: every live session answers, every destroyed one is unknown,
/// `session.list` names exactly the live ones in creation order, and every tick draws exactly
/// the sessions that changed since the last one (made, or presented without animation).
@Suite struct SessionTableTests {
    final class Daemon {
        let c = RPCConnection(service: SheetService(configuration: .init(now: { 0 })))
        var id = 0

        init() { _ = send(#""method":"initialize","params":{"clock":"host"}"#) }

        /// The bodies answering one request (`"id"` added).
        func send(_ body: String) -> [String] {
            id += 1
            return c.receive(#"{"jsonrpc":"2.0","id":\#(id),\#(body)}"#).map { String(decoding: $0, as: UTF8.self) }
        }

        /// The request's own answer (the last body).
        func answer(_ body: String) -> String { send(body).last ?? "" }
    }

    @Test func liveSessionsAreFoundAndDestroyedOnesAreNot() {
        let d = Daemon()
        var rng = T.Rng(state: 24)
        var live: [Int] = []  // creation order
        var next = 1
        var everMade: [Int] = []
        var moved = Set<Int>()  // sessions whose frame the next tick must draw
        var presented = Set<Int>()
        var t = 0
        for step in 0..<3_000 {
            let r = rng.next() % 100
            // Bursts of creates, then of destroys, so that the table grows, wraps and empties.
            let creating = (step / 250) % 2 == 0
            if r < (creating ? 45 : 15) {
                #expect(d.answer(#""method":"session.create","params":{"container":{"width":390,"height":844}}"#).contains(#""session":"s\#(next)""#))
                live.append(next)
                everMade.append(next)
                moved.insert(next)  // its first frame
                next += 1
            } else if r < 60, live.count > 8 {
                // The first eight live on: later handles then wrap around the table onto
                // theirs, and removals shift entries back past them.
                let h = live.remove(at: 8 + Int(rng.next() % UInt64(live.count - 8)))
                moved.remove(h)
                presented.remove(h)
                #expect(d.answer(#""method":"session.destroy","params":{"session":"s\#(h)"}"#).contains("\"result\""))
            } else if r < 75, !live.isEmpty {
                let h = live[Int(rng.next() % UInt64(live.count))]
                t += 1
                let a = d.answer(#""method":"sheet.present","params":{"session":"s\#(h)","t":\#(t),"animated":false}"#)
                #expect(a.contains("\"result\""), "s\(h): \(a)")
                // Presenting a presented sheet changes nothing, and draws nothing.
                if presented.insert(h).inserted { moved.insert(h) }
            } else if r < 85 {
                t += 1
                let a = d.answer(#""method":"clock.tick","params":{"t":\#(t)}"#)
                let drawn = a.split(separator: ",").first { $0.hasPrefix(#""frames":"#) }.flatMap { Int($0.dropFirst(9).prefix { $0.isNumber }) }
                #expect(drawn == moved.count, "\(a)")
                moved.removeAll()
            } else if !everMade.isEmpty {
                let h = everMade[Int(rng.next() % UInt64(everMade.count))]
                let a = d.answer(#""method":"session.frame","params":{"session":"s\#(h)"}"#)
                #expect(a.contains("\"result\"") == live.contains(h), "s\(h): \(a)")
            }
            if step % 50 == 49 {
                let list = d.answer(#""method":"session.list""#)
                let expected = live.map { #"{"session":"s\#($0)""# }
                var at = list.startIndex
                for e in expected {
                    guard let found = list[at...].range(of: e) else {
                        Issue.record("session.list misses or misorders \(e): \(list.prefix(200))")
                        break
                    }
                    at = found.upperBound
                }
                #expect(list.components(separatedBy: #"{"session":"#).count - 1 == live.count)
            }
        }
        #expect(everMade.count > 600)
    }
}
