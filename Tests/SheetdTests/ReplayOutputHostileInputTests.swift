#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
@testable import SheetReplay
import SheetRPC
import Testing

/// `sheetd replay --svg/--html` hold for whatever a stream carries and however long it is:
/// ids with control characters and markup give well-formed SVG, and the player's script never
/// spreads or `apply`s an array (which throws past ~125k frames).
@Suite struct ReplayOutputHostileInputTests {
    /// Entry and detent ids with characters XML forbids (NUL, other C0 controls, U+FFFE) and
    /// every markup character.
    static let detent = #"d\u0001<&\"'\u001f]]>"#
    static let stream = #"""
        {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"host"}}
        {"jsonrpc":"2.0","id":2,"method":"session.create","params":{"container":{"width":390,"height":844,"safeArea":{"top":47,"bottom":34}},"detents":[{"id":"\#(detent)","height":300},"large"],"navigation":{"entries":[{"id":"e\u0000\u0008<b>&amp;\"'\ufffe","preferredHeight":400}]}}}
        {"jsonrpc":"2.0","id":3,"method":"sheet.present","params":{"session":"s1","t":0}}
        {"jsonrpc":"2.0","id":4,"method":"clock.tick","params":{"t":150}}
        {"jsonrpc":"2.0","id":5,"method":"nav.push","params":{"session":"s1","t":200,"entry":{"id":"p\u000b\u000c\r\t<\"x\"/>","preferredHeight":500}}}
        {"jsonrpc":"2.0","id":6,"method":"clock.tick","params":{"t":400}}
        {"jsonrpc":"2.0","id":7,"method":"sheet.selectDetent","params":{"session":"s1","t":500,"detent":"\#(detent)"}}
        {"jsonrpc":"2.0","id":8,"method":"clock.tick","params":{"t":900}}

        """#

    @Test func idsWithControlCharactersAndMarkupGiveWellFormedSVG() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sheetd-hostile-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("hostile.ndjson"), svg = dir.appendingPathComponent("hostile.svg")
        try Self.stream.write(to: input, atomically: true, encoding: .utf8)
        let r = try Daemon.run(["--no-default-plugins", "replay", input.path, "--svg", svg.path])
        #expect(r.status == 0, "\(r.stderr)")
        let elements = try SVGElements.parse(try Data(contentsOf: svg))
        // The ids are still there, readable: markup as text, forbidden characters as U+FFFD.
        let texts = elements.map(\.text)
        #expect(texts.contains { $0.contains("d\u{FFFD}<&\"'\u{FFFD}]]>") }, "\(texts)")
        #expect(texts.contains { $0.contains("e\u{FFFD}\u{FFFD}<b>&amp;\"'\u{FFFD}") }, "\(texts)")
        let entries = elements.compactMap { $0.attributes["data-entry"] }
        #expect(entries.contains("p\u{FFFD}\u{FFFD}\r\t<\"x\"/>"), "\(entries)")
        // Python's parser (expat) agrees.
        let python = try Subprocess.run("/usr/bin/env", ["python3", "-c",
            "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1]); print('ok')", svg.path])
        #expect(python.status == 0 && python.stdout.contains("ok"), "\(python.stderr)")
    }

    /// No `...array` spread and no `.apply(` in the player's scripts: both put every element on
    /// the stack and throw `RangeError` on a long recording.
    @Test(arguments: ["player.js", "sheet-renderer.js"])
    func playerScriptSpreadsNoArray(file: String) throws {
        let url = SpecTests.repoRoot.appendingPathComponent("Sources/SheetReplay/Resources").appendingPathComponent(file)
        // The code, without its `//` comments (which may say "...").
        let script = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
            .joined(separator: "\n")
        #expect(!script.contains(".apply("), "\(file) calls apply")
        #expect(!script.contains("..."), "\(file) spreads")
    }

    /// A recording longer than `Math.min.apply` survives (~125k frames) plays in headless
    /// Chromium: seeking to its last frame shows that frame.
    @Test(.enabled(if: Chromium.shouldRun, "chromium not installed"))
    func playerLoadsALongRecording() throws {
        let count = 130_000
        var frames: [JSONValue] = []
        frames.reserveCapacity(count)
        for i in 0..<count {
            let y = Double(444 + i % 400)
            frames.append(["session": "s1", "seq": .int(Int64(i + 1)), "t": .number(Double(16 * i)), "state": "dragging",
                           "sheet": ["x": 0, "y": .number(y), "width": 390, "height": 400, "cornerRadius": 10],
                           "dimming": ["alpha": 0.5, "passthrough": false], "grabber": ["visible": true, "y": .number(y - 19)],
                           "detent": "large", "nav": ["items": [], "separatorX": .null]])
        }
        let recording: JSONValue = ["source": "long.ndjson", "ticks": [], "sessions": [[
            "id": "s1", "create": .null, "states": [], "events": [], "inputs": [], "frames": .array(frames),
            "layouts": [["t": 0, "container": ["width": 390, "height": 844, "safeArea": ["top": 47, "bottom": 34]],
                         "detents": [], "keyboardHeight": 0, "pullBarHeight": 20]],
        ]]]
        try FileManager.default.createDirectory(at: PlayerTests.artifacts, withIntermediateDirectories: true)
        let page = PlayerTests.artifacts.appendingPathComponent("player-long.html")
        try HTMLPlayer.render(recording).write(to: page, atomically: true, encoding: .utf8)
        let last = Double(16 * (count - 1))
        let probes = try PlayerTests.probe(page, at: [last])
        #expect(probes.first?["seq"] == .int(Int64(count)))
        let y = try #require(probes.first?["sheet"]?["y"]?.doubleValue)
        #expect(abs(y - Double(444 + (count - 1) % 400)) < 0.5)
    }
}
