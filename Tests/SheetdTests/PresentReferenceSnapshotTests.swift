import Foundation
import Testing
import SheetRPC

/// A presentation retargeted part-way keeps easing its progress across `session.snapshot` /
/// `session.restore` (`presentReference`), and a snapshot may carry that reference only while
/// presenting.
@Suite struct PresentReferenceSnapshotTests {
    static let phone: JSONValue = ["width": 390, "height": 844, "safeArea": ["top": 47, "bottom": 34]]

    @Test func aRetargetedPresentationContinuesAfterRestore() throws {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        _ = try d.call("session.create", ["container": Self.phone, "detents": ["medium", "large"],
                                          "selectedDetent": "medium"])
        _ = try d.call("sheet.present", ["session": "s1", "t": 0])
        _ = try d.call("sheet.configure", ["session": "s1", "t": 96, "selectedDetent": "large"])
        let snap = try d.call("session.snapshot", ["session": "s1"])
        #expect(snap["sheet"]?["presentReference"]?.arrayValue?.count == 2)
        _ = try d.call("session.restore", ["state": snap])
        let (_, notes) = try d.request("clock.tick", ["t": 112])
        let frames = notes.filter { $0["method"] == "sheet.frame" }.compactMap { $0["params"] }
        #expect(frames.count == 2)
        #expect(frames.map { $0["progress"] } == [0.2951, 0.2951])
        #expect(frames.map { $0["dimming"]?["alpha"] } == [0.177, 0.177])
        // Presented: the reference is gone, and a snapshot that claims one is refused.
        _ = try d.call("clock.tick", ["t": 400])
        var shown = try d.call("session.snapshot", ["session": "s1"])
        #expect(shown["sheet"]?["presentReference"] == nil)
        if case .object(var o) = shown, case .object(var sheet)? = o["sheet"] {
            sheet["presentReference"] = snap["sheet"]?["presentReference"]
            o["sheet"] = .object(sheet)
            shown = .object(o)
        }
        let (r, _) = try d.request("session.restore", ["state": shown])
        #expect(r["error"]?["code"] == -32602)
        #expect(r["error"]?["message"]?.stringValue?.contains("presentReference") == true)
    }
}
