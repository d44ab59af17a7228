#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SheetRPC
@testable import SheetReplay
@testable import sheetd
import Testing

/// Every element of a parsed SVG: name and attributes, plus the text of `<text>` elements.
final class SVGElements: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
        /// Inside `<g id="legend">` (a swatch, not data).
        var inLegend = false
        var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []

    /// Parses `data`; throws when it is not well-formed XML.
    static func parse(_ data: Data) throws -> [Element] {
        let parser = XMLParser(data: data)
        let collector = SVGElements()
        parser.delegate = collector
        guard parser.parse() else {
            throw Daemon.Failure(description: "not well-formed: \(parser.parserError.map { "\($0)" } ?? "?") at line \(parser.lineNumber)")
        }
        return collector.elements
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let inLegend = attributes["id"] == "legend" || open.last.map { elements[$0].inLegend } == true
        elements.append(Element(name: name, attributes: attributes, inLegend: inLegend))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let i = open.last { elements[i].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        _ = open.popLast()
    }
}

/// `sheetd replay FILE --svg OUT.svg`: the plot is well-formed SVG holding every series of the
/// scenario, and the plots committed next to the examples are what the current build draws.
@Suite struct PlotTests {
    static let examplesDir = ExampleReplayTests.examplesDir

    /// Replays an example with `--svg` (and the bundled plugins) into a temporary file.
    static func plot(_ file: String) throws -> (svg: Data, stdout: String) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sheetd-plot-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).svg")
        defer { try? FileManager.default.removeItem(at: out) }
        let buildDir = URL(fileURLWithPath: try Daemon.binaryPath()).deletingLastPathComponent().path
        let r = try Daemon.run(["--plugin-dir", buildDir, "replay", examplesDir.appendingPathComponent(file).path,
                                "--svg", out.path])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        return (try Data(contentsOf: out), r.stdout)
    }

    /// The points of a polyline, as (x, y) pixels.
    static func points(_ e: SVGElements.Element) -> [(x: Double, y: Double)] {
        (e.attributes["points"] ?? "").split(separator: " ").compactMap { p in
            let xy = p.split(separator: ",").compactMap { Double($0) }
            return xy.count == 2 ? (xy[0], xy[1]) : nil
        }
    }

    @Test func panScenarioPlotsEverySeries() throws {
        let (svg, stdout) = try Self.plot("03-pan-dismiss-cancelled.ndjson")
        let els = try SVGElements.parse(svg)
        #expect(els.first?.name == "svg")
        func with(_ cls: String) -> [SVGElements.Element] { els.filter { $0.classes.contains(cls) && !$0.inLegend } }

        // The top edge: one point per frame at least, ending at rest on the fit detent line.
        let frames = stdout.split(separator: "\n").filter { $0.contains(#""sheet.frame""#) }
        let edge = try #require(with("top-edge").first { $0.name == "polyline" })
        let pts = Self.points(edge)
        #expect(pts.count >= frames.count)
        let fit = try #require(with("detent").first { $0.attributes["data-detent"] == "fit" })
        #expect(abs(try #require(pts.last).y - (Double(fit.attributes["y1"] ?? "") ?? -1)) < 0.01)
        #expect(els.contains { $0.name == "text" && $0.classes.contains("detent-label") && $0.text == "fit 334" })

        // The drag's finger samples, with the release and its velocity.
        let panInputs = try String(contentsOf: Self.examplesDir.appendingPathComponent("03-pan-dismiss-cancelled.ndjson"), encoding: .utf8)
            .split(separator: "\n").filter { $0.contains(#""input.pan""#) }
        #expect(with("finger-pan").count == panInputs.count)
        #expect(with("release").count == 1)
        #expect(els.contains { $0.name == "text" && $0.text == "v=0 pt/s" })

        // State bands, dimming, events, host commands, axes.
        for state in ["presenting", "dragging", "settling"] {
            #expect(!els.filter { $0.classes == ["band", state] }.isEmpty, "band \(state)")
        }
        #expect(els.filter { $0.classes.contains("band") && $0.classes.contains("dismissing") }.isEmpty)
        #expect(with("dimming-alpha").contains { $0.name == "polygon" })
        #expect(with("event-marker").compactMap { $0.attributes["data-type"] } == ["willSettle", "presented", "willSettle", "dismissCancelled"])
        #expect(with("command-marker").compactMap { $0.attributes["data-method"] } == ["sheet.present"])
        let texts = Set(els.filter { $0.name == "text" }.map(\.text))
        for label in ["t (ms)", "sheet y (pt)", "alpha", "dragging", "sheet top edge y (pt)", "presented", "dismissCancelled"] {
            #expect(texts.contains(label), "text \(label)")
        }
    }

    @Test func scrollKeyboardAndNavigationSeries() throws {
        let scroll = try SVGElements.parse(try Self.plot("15-scroll-pull-dismiss.ndjson").svg)
        #expect(scroll.filter { $0.classes.contains("finger-scroll") && !$0.inLegend }.count > 5)
        #expect(scroll.contains { $0.classes == ["band", "dismissing"] })

        let keyboard = try SVGElements.parse(try Self.plot("10-keyboard.ndjson").svg)
        let kb = try #require(keyboard.first { $0.classes.contains("keyboard-top") && $0.name == "polyline" })
        #expect(Self.points(kb).count >= 4)
        // The fit detent grows by the keyboard (334 → 670) and comes back: three layouts.
        #expect(keyboard.filter { $0.classes.contains("detent") }.compactMap { $0.attributes["data-detent"] } == ["fit", "fit", "fit"])

        let nav = try SVGElements.parse(try Self.plot("19-nav-push-pop.ndjson").svg)
        let entries = nav.filter { $0.classes.contains("nav-x") }.compactMap { $0.attributes["data-entry"] }
        #expect(Set(entries) == ["root", "details"])
        #expect(nav.filter { $0.classes.contains("event-marker") }.compactMap { $0.attributes["data-type"] }
                == ["willSettle", "presented", "willSettle", "navigationDidShow", "willSettle", "popped", "navigationDidShow"])
    }

    /// A back gesture's scale (`back.scaleX` / `scaleY`, 1 outside the gesture) is drawn in the
    /// alpha strip: it dips below 1 during the gesture; plots without `input.back` have none.
    @Test func backScaleSeries() throws {
        let back = try SVGElements.parse(try Self.plot("64-predictive-back.ndjson").svg)
        for cls in ["back-scale-x", "back-scale-y"] {
            let line = try #require(back.first { $0.classes.contains(cls) && $0.name == "polyline" }, "\(cls)")
            let ys = Set(Self.points(line).map(\.y))
            #expect(ys.count > 2, "\(cls) should move during the gesture")
        }
        // scaleX dips further than scaleY (48 pt over the width against 24 over the height).
        func lowest(_ cls: String) throws -> Double {
            let line = try #require(back.first { $0.classes.contains(cls) && $0.name == "polyline" })
            return Self.points(line).map(\.y).max() ?? 0  // pixels grow downward
        }
        #expect(try lowest("back-scale-x") > lowest("back-scale-y"))
        let plain = try SVGElements.parse(try Self.plot("03-pan-dismiss-cancelled.ndjson").svg)
        #expect(!plain.contains { $0.classes.contains("back-scale-x") })
    }

    /// The committed `protocol/examples/NN-name.svg` are what this build draws
    /// (`scripts/render-example-plots.sh` rewrites them).
    @Test(arguments: ExampleReplayTests.table.map(\.file))
    func committedPlotIsCurrent(_ file: String) throws {
        let committed = Self.examplesDir.appendingPathComponent(file.replacingOccurrences(of: ".ndjson", with: ".svg"))
        let expected = try #require(try? Data(contentsOf: committed), "\(committed.lastPathComponent) missing: run scripts/render-example-plots.sh")
        let drawn = try Self.plot(file).svg
        #expect(drawn == expected, "\(committed.lastPathComponent) is stale: run scripts/render-example-plots.sh")
        _ = try SVGElements.parse(expected)
    }

    @Test func optionsParseAndHelpNamesThem() throws {
        let o = try Options.parse(["replay", "f.ndjson", "--svg", "a.svg", "--html=b.html"])
        #expect(o.command == .replay("f.ndjson") && o.svgPath == "a.svg" && o.htmlPath == "b.html")
        #expect(throws: Options.UsageError.self) { try Options.parse(["replay", "f", "--svg"]) }
        let help = try Daemon.run(["--help"])
        #expect(help.stdout.contains("--svg OUT.svg") && help.stdout.contains("--html OUT.html"))
    }

    /// Between two frames a value is held while the sheet provably rested: after a tick that
    /// sent no frame, or while the engine said nothing moved, up to the input that moved it.
    @Test func valuesAreHeldOnlyWhileTheSheetRested() {
        typealias P = SessionTimeline.Point
        let frames = [P(t: 0, v: 844), P(t: 16, v: 800), P(t: 400, v: 700)]
        // Ticks every 16 ms up to 320 sent nothing after t=16; a pan at 390 moved the sheet.
        let held = SessionTimeline.hold(frames, ticks: Array(stride(from: 0.0, through: 400, by: 16)),
                                        inputs: [0, 390], until: 500)
        #expect(held == [P(t: 0, v: 844), P(t: 16, v: 800), P(t: 390, v: 800), P(t: 400, v: 700), P(t: 500, v: 700)])
        // No tick in between and nothing said the sheet rested: a straight line.
        #expect(SessionTimeline.hold(frames, ticks: [0, 16, 400], until: 400) == frames)
        // The engine said it rested right after the frame at 16, until the input at 390.
        let rest = SessionTimeline.Activity(samples: [(0, true), (16, false)])
        #expect(SessionTimeline.hold(frames, ticks: [0, 16, 400], rest: rest, inputs: [390], until: 400)
                == [P(t: 0, v: 844), P(t: 16, v: 800), P(t: 390, v: 800), P(t: 400, v: 700)])
    }

    /// The player page needs nothing from the network, draws with the web host's renderer and
    /// embeds every frame sheetd sent.
    @Test func playerPageIsSelfContained() throws {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("sheetd-player-\(getpid()).html")
        defer { try? FileManager.default.removeItem(at: page) }
        let r = try Daemon.run(["replay", Self.examplesDir.appendingPathComponent("19-nav-push-pop.ndjson").path,
                                "--html", page.path])
        #expect(r.status == 0)
        let html = try String(contentsOf: page, encoding: .utf8)
        for outside in ["http:", "https:", "src=", "<link", "@import", "url("] {
            #expect(!html.contains(outside), "\(outside) in the page")
        }
        for id in [#"id="viewport""#, #"id="keyboard""#, #"id="scrubber""#, #"id="log""#] {
            #expect(html.contains(id))
        }
        let renderer = try String(contentsOf: SpecTests.repoRoot.appendingPathComponent("Sources/SheetReplay/Resources/sheet-renderer.js"),
                                  encoding: .utf8)
        #expect(html.contains(renderer), "the page inlines sheet-renderer.js as it is")
        let embedded = try Self.scripts(in: html, opening: #"<script type="application/json" class="frames" data-session="0">"#)
            .flatMap { try #require(try JSONCodec.decode($0).arrayValue) }
        let sent = try r.stdout.split(separator: "\n").map { try JSONCodec.decode(String($0)) }
            .filter { $0["method"] == "sheet.frame" }.compactMap { $0["params"] }
        #expect(!sent.isEmpty && embedded == sent)
    }

    /// The texts of the script elements that open with `opening`.
    static func scripts(in html: String, opening: String) throws -> [String] {
        var out: [String] = []
        var from = html.startIndex
        while let open = html.range(of: opening, range: from..<html.endIndex) {
            let close = try #require(html.range(of: "</script>", range: open.upperBound..<html.endIndex))
            out.append(String(html[open.upperBound..<close.lowerBound]))
            from = close.upperBound
        }
        return out
    }

    @Test func plotOptionsNeedReplayAndAWritableFile() throws {
        let usage = try Daemon.run(["--svg", "/tmp/x.svg"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--svg and --html go with replay"))
        let example = Self.examplesDir.appendingPathComponent("01-present-dismiss.ndjson").path
        let unwritable = try Daemon.run(["replay", example, "--html", "/nonexistent-dir/p.html"])
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("cannot write '/nonexistent-dir/p.html'"))
        // The protocol output on stdout is unchanged by the plot.
        let plain = try Daemon.run(["replay", example])
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("sheetd-plot-stdout-\(getpid()).svg")
        defer { try? FileManager.default.removeItem(at: svg) }
        let plotted = try Daemon.run(["replay", example, "--svg", svg.path])
        #expect(plotted.stdout == plain.stdout)
    }
}
