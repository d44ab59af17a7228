import Foundation
import Testing
import SheetRPC

/// A drag longer than the velocity estimator keeps (32 samples: its ring has wrapped) is
/// snapshotted with its newest samples in time order, and a restored copy releases exactly
/// as the original does.
@Suite struct DragSnapshotTests {
    static let phone: JSONValue = ["width": 390, "height": 844, "safeArea": ["top": 47, "bottom": 34]]

    @Test func aLongDragSnapshotsItsNewestSamplesInOrder() throws {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        _ = try d.call("session.create", ["container": Self.phone, "detents": ["medium", "large"]])
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        _ = try d.call("input.pan", ["session": "s1", "t": 100, "phase": "began", "translation": ["x": 0, "y": 0]])
        // 40 steps, 8 ms apart, speeding up: the estimator keeps the last 32 (t = 172 ... 420).
        for i in 1...40 {
            let t = 100 + 8 * i
            _ = try d.call("input.pan", ["session": "s1", "t": .number(Double(t)), "phase": "changed",
                                         "translation": ["x": 0, "y": .number(Double(i * i) / 8)]])
        }
        let snap = try d.call("session.snapshot", ["session": "s1"])
        let samples = try #require(snap["sheet"]?["drag"]?["velocity"]?["samples"]?.arrayValue)
        #expect(samples.count == 32)
        let times: [Double] = samples.compactMap { $0.arrayValue?.first?.doubleValue }
        let newest32: [Double] = (9...40).map { Double(100 + 8 * $0) }
        #expect(times == newest32)

        let restored = try #require(d.call("session.restore", ["state": snap])["session"]?.stringValue)
        // Both released alike, at the same time, then drawn by one tick (time never goes back).
        for id in ["s1", restored] {
            _ = try d.call("input.pan", ["session": .string(id), "t": 428, "phase": "ended",
                                         "translation": ["x": 0, "y": 210]])
        }
        let (_, notes) = try d.request("clock.tick", ["t": 500])
        func frames(_ id: String) -> [JSONValue] {
            notes.filter { $0["method"] == "sheet.frame" && $0["params"]?["session"] == .string(id) }
                .compactMap { $0["params"]?["sheet"] }
        }
        let original = frames("s1"), copy = frames(restored)
        #expect(!original.isEmpty)
        #expect(original == copy)
    }
}
