import Foundation
import Testing
import SheetRPC
import SheetTestSupport

/// Stacks and layouts through the built daemon: their validation and refusals (a refused call changes
/// nothing), layout options across snapshot/restore.
@Suite struct LayoutEndToEndTests {
    static let phone = IPhone.json

    static func daemon() throws -> Daemon {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "host"])
        return d
    }

    static func error(_ d: Daemon, _ method: String, _ params: JSONValue) throws -> (Int64?, String) {
        let (r, _) = try d.request(method, params)
        guard case .int(let code)? = r["error"]?["code"] else { return (nil, "\(r)") }
        return (code, r["error"]?["message"]?.stringValue ?? "")
    }

    @Test func stacksAreAtMostEightDeep() throws {
        let d = try Self.daemon()
        _ = try d.call("session.create", ["container": Self.phone])
        for i in 1..<8 { _ = try d.call("session.create", ["parent": .string("s\(i)")]) }
        let (code, message) = try Self.error(d, "session.create", ["parent": "s8"])
        #expect(code == -32012, "\(message)")
        #expect(message.hasPrefix("params.parent"))
        #expect(try d.call("session.list", nil).arrayValue?.count == 8)
    }

    @Test func stackRefusalsNameThePlaceAndChangeNothing() throws {
        let d = try Self.daemon()
        _ = try d.call("session.create", ["container": Self.phone, "content": ["preferredHeight": 300]])
        _ = try d.call("session.create", ["parent": "s1"])
        let cases: [(String, JSONValue, Int64, String)] = [
            ("session.create", ["parent": "s9"], -32602, "params.parent"),
            ("session.create", ["parent": "s1", "container": Self.phone], -32602, "params.container"),
            ("sheet.setContainer", ["session": "s2", "t": 10, "width": 844, "height": 390], -32602, "params.session"),
            ("sheet.present", ["session": "s2", "t": 10, "stackBehavior": "swap"], -32602, "params.stackBehavior"),
            ("session.destroy", ["session": "s1"], -32010, "session s1 has child sessions"),
            ("session.snapshot", ["session": "s2"], -32010, "session s2 is part of a sheet stack"),
            ("session.create", ["container": Self.phone, "options": ["detached": ["horizontal": 200]]], -32602,
             "params.options.detached.horizontal"),
            ("sheet.setContainer", ["session": "s1", "t": 10, "width": 390, "height": 844, "sizeClass": "wide"], -32602,
             "params.sizeClass"),
        ]
        for (method, params, want, prefix) in cases {
            let (code, message) = try Self.error(d, method, params)
            #expect(code == want, "\(method): \(message)")
            #expect(message.hasPrefix(prefix), "\(method): \(message)")
        }
        #expect(try d.call("session.list", nil).arrayValue?.count == 2)
        // Nothing moved: no frame differs from the first ones.
        let (_, first) = try d.request("clock.tick", ["t": 20])
        #expect(first.filter { $0["method"] == "sheet.frame" }.count == 2)
        let (_, notes) = try d.request("clock.tick", ["t": 30])
        #expect(notes.isEmpty)
        // A child destroyed first, then its parent.
        _ = try d.call("session.destroy", ["session": "s2"])
        _ = try d.call("session.destroy", ["session": "s1"])
    }

    @Test func layoutOptionsSurviveSnapshotRestore() throws {
        let d = try Self.daemon()
        let options: JSONValue = ["footerHeight": 50, "preferredWidth": 540, "maxWidth": 640,
                                  "edgeAttachedInCompactHeight": true, "detached": ["horizontal": 16, "bottom": 24],
                                  "recedeBackground": true]
        _ = try d.call("session.create", ["container": ["width": 1024, "height": 1366, "sizeClass": "regular"],
                                          "content": ["preferredHeight": 300], "options": options])
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        _ = try d.call("sheet.setContainer", ["session": "s1", "t": 100, "width": 390, "height": 1366, "sizeClass": "compact"])
        let snap = try d.call("session.snapshot", ["session": "s1"])
        #expect(snap["sheet"]?["setup"]?["options"]?["detached"]?["bottom"] == 24)
        #expect(snap["sheet"]?["setup"]?["container"]?["sizeClass"] == "compact")
        _ = try d.call("session.restore", ["state": snap])
        let (_, notes) = try d.request("clock.tick", ["t": 225])
        let frames = notes.filter { $0["method"] == "sheet.frame" }.compactMap { $0["params"] }
        #expect(frames.count == 2)
        // The original and its restored copy are mid-animation at the same place.
        #expect(frames[0]["sheet"] == frames[1]["sheet"] && frames[0]["footer"] == frames[1]["footer"])
        #expect(frames[0]["sheet"]?["corners"] == "all" && frames[0]["background"]?["scale"] != nil)
    }
}

/// Sheets on other edges through the daemon: bottom-only mechanics are refused on other edges.
@Suite struct EdgeEndToEndTests {
    @Test func navigationScrollAndEdgePopsAreBottomOnly() throws {
        let d = try LayoutEndToEndTests.daemon()
        _ = try d.call("session.create", ["container": LayoutEndToEndTests.phone, "options": ["edge": "right"]])
        _ = try d.call("sheet.present", ["session": "s1", "t": 0, "animated": false])
        let cases: [(String, JSONValue, String)] = [
            ("nav.push", ["session": "s1", "t": 10, "entry": ["id": "a", "preferredHeight": 100]], "params.session: nav.push"),
            ("input.scroll", ["session": "s1", "t": 10, "phase": "dragBegan", "offsetY": 0, "insetTop": 0, "contentHeight": 900,
                              "viewportHeight": 400, "isTracking": true, "translationY": 0], "params.session: input.scroll"),
            ("input.pan", ["session": "s1", "t": 10, "phase": "began", "translation": ["x": 0, "y": 0], "source": "leftEdge"],
             "params.source"),
            ("sheet.configure", ["session": "s1", "t": 10, "options": ["edge": "left"]], "params.options.edge"),
            ("session.create", ["container": LayoutEndToEndTests.phone, "options": ["edge": "top"],
                                "navigation": ["entries": [["id": "a", "preferredHeight": 100]]]], "params.navigation"),
        ]
        for (method, params, prefix) in cases {
            let (code, message) = try LayoutEndToEndTests.error(d, method, params)
            #expect(code == -32602, "\(method): \(message)")
            #expect(message.hasPrefix(prefix), "\(method): \(message)")
        }
        let snap = try d.call("session.snapshot", ["session": "s1"])
        #expect(snap["sheet"]?["setup"]?["options"]?["edge"] == "right")
    }
}
