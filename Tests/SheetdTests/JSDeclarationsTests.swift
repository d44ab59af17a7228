import Foundation
import Testing

/// clients/js/sheetd.d.ts and clients/js/methods.js are generated from protocol/openrpc.json by
/// clients/js/generate.py: they must be what the generator writes today, and name every method
/// and notification. Regenerate with `python3 clients/js/generate.py`.
@Suite struct JSDeclarationsTests {
    static let js = SpecTests.repoRoot.appendingPathComponent("clients/js")

    @Test func generatedFilesAreUpToDate() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sheetd-dts-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try Subprocess.run("/usr/bin/env", ["python3", Self.js.appendingPathComponent("generate.py").path, "--out", out.path])
        try #require(r.status == 0, "generate.py failed: \(r.stderr)")
        for name in ["sheetd.d.ts", "methods.js"] {
            let fresh = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            let committed = try String(contentsOf: Self.js.appendingPathComponent(name), encoding: .utf8)
            #expect(fresh == committed, "clients/js/\(name) is out of date with protocol/openrpc.json: run `python3 clients/js/generate.py`")
        }
    }

    @Test func declarationsNameEveryMethodAndNotification() throws {
        let dts = try String(contentsOf: Self.js.appendingPathComponent("sheetd.d.ts"), encoding: .utf8)
        func section(_ name: String) -> String {
            guard let start = dts.range(of: "export interface \(name) {"),
                  let end = dts.range(of: "\n}", range: start.upperBound..<dts.endIndex) else { return "" }
            return String(dts[start.upperBound..<end.lowerBound])
        }
        let methods = section("Methods"), notifications = section("Notifications")
        let spec = try JSONSerialization.jsonObject(with: Data(contentsOf: SpecTests.repoRoot.appendingPathComponent("protocol/openrpc.json"))) as! [String: Any]
        let all = (spec["methods"] as! [[String: Any]])
        #expect(all.count >= 27)
        for m in all {
            let name = m["name"] as! String
            let server = (m["tags"] as? [[String: Any]] ?? []).contains { $0["name"] as? String == "server" }
            #expect((server ? notifications : methods).contains("\"\(name)\": "), "\(name) missing from sheetd.d.ts")
        }
    }
}
