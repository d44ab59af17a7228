#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import SheetRPC
import Testing

/// Headless Chromium (Debian's `chromium`), found on PATH. Locally the player tests skip when
/// it is missing; under CI (`CI=true`) they run and fail without it.
enum Chromium {
    static let path: String? = {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser"] {
            for d in dirs where access("\(d)/\(name)", X_OK) == 0 { return "\(d)/\(name)" }
        }
        return nil
    }()

    static let underCI = ProcessInfo.processInfo.environment["CI"] == "true"
    static let shouldRun = path != nil || underCI

    /// Runs chromium headless on `url` with `arguments` (its own throw-away profile).
    static func run(_ arguments: [String], url: URL) throws -> Subprocess.Result {
        let chromium = try #require(path, "CI=true: the player test needs Debian's chromium (apt-get install -y chromium)")
        let profile = FileManager.default.temporaryDirectory
            .appendingPathComponent("sheetd-chromium-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: profile) }
        return try Subprocess.run(chromium, ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                             "--disable-dev-shm-usage", "--hide-scrollbars",
                                             "--user-data-dir=\(profile.path)"] + arguments + [url.absoluteString])
    }
}

/// `sheetd replay FILE --html OUT.html` played in headless Chromium: at given times the page's
/// `#sheet` has the rect of the frame sent at (or last before) that time and `#dimming` its
/// alpha; a screenshot is kept in `.build/artifacts/` for people to look at.
@Suite(.enabled(if: Chromium.shouldRun, "chromium not installed (apt-get install -y chromium); the player tests skip"))
struct PlayerTests {
    static let artifacts = ExampleReplayTests.repoRoot.appendingPathComponent(".build/artifacts")

    /// Replays an example into an HTML player; returns the page and the frames sheetd printed.
    static func player(_ file: String) throws -> (page: URL, frames: [JSONValue]) {
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let page = artifacts.appendingPathComponent("player-" + file.replacingOccurrences(of: ".ndjson", with: ".html"))
        let buildDir = URL(fileURLWithPath: try Daemon.binaryPath()).deletingLastPathComponent().path
        let r = try Daemon.run(["--plugin-dir", buildDir, "replay",
                                ExampleReplayTests.examplesDir.appendingPathComponent(file).path, "--html", page.path])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let frames = try r.stdout.split(separator: "\n").map { try JSONCodec.decode(String($0)) }
            .filter { $0["method"] == "sheet.frame" }.compactMap { $0["params"] }
        return (page, frames)
    }

    /// `player.probe(t)` for each time, read back from the page's DOM.
    static func probe(_ page: URL, at times: [Double], window: String = "1100,1000") throws -> [JSONValue] {
        var c = URLComponents(url: page, resolvingAgainstBaseURL: false)!
        c.query = "probe=" + times.map { TimeText.text($0) }.joined(separator: ",")
        let r = try Chromium.run(["--window-size=\(window)", "--dump-dom"], url: c.url!)
        let dom = r.stdout
        guard let open = dom.range(of: #"<pre id="probe">"#), let close = dom.range(of: "</pre>", range: open.upperBound..<dom.endIndex) else {
            throw Daemon.Failure(description: "no #probe in the page (status \(r.status)): \(r.stderr.suffix(2000))")
        }
        let json = String(dom[open.upperBound..<close.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return try #require(try JSONCodec.decode(json).arrayValue)
    }

    /// The frame the player must show at `t`: the last one sent at or before it.
    static func frame(_ frames: [JSONValue], at t: Double) -> JSONValue? {
        frames.last { ($0["t"]?.doubleValue ?? .infinity) <= t }
    }

    static func check(_ file: String, at times: [Double]) throws {
        let (page, frames) = try player(file)
        let probes = try probe(page, at: times)
        #expect(probes.count == times.count)
        for (t, p) in zip(times, probes) {
            let f = try #require(frame(frames, at: t), "no frame at or before \(t)")
            #expect(p["seq"] == f["seq"], "t=\(t)")
            for k in ["x", "y", "width", "height"] {
                let shown = try #require(p["sheet"]?[k]?.doubleValue), sent = try #require(f["sheet"]?[k]?.doubleValue)
                #expect(abs(shown - sent) < 0.5, "t=\(t) sheet.\(k): shown \(shown), frame \(sent)")
            }
            let opacity = try #require(p["dimming"]?.doubleValue), alpha = try #require(f["dimming"]?["alpha"]?.doubleValue)
            #expect(abs(opacity - alpha) < 1e-3, "t=\(t) dimming: opacity \(opacity), frame alpha \(alpha)")
        }
    }

    /// Takes a screenshot of the page paused at `t`; returns its path.
    static func screenshot(_ page: URL, t: Double, name: String) throws -> String {
        let png = artifacts.appendingPathComponent("player-\(name)-t\(TimeText.text(t)).png")
        try? FileManager.default.removeItem(at: png)
        var c = URLComponents(url: page, resolvingAgainstBaseURL: false)!
        c.query = "t=\(TimeText.text(t))"
        let r = try Chromium.run(["--window-size=1100,960", "--screenshot=\(png.path)"], url: c.url!)
        let bytes = try #require(try? Data(contentsOf: png), "no screenshot (status \(r.status)): \(r.stderr.suffix(2000))")
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
        print("player screenshot: \(png.path)")
        return png.path
    }

    @Test func panScenarioMatchesTheFrames() throws {
        // Presenting half-way, at rest, mid-drag, between two frames, settling, at rest again.
        try Self.check("03-pan-dismiss-cancelled.ndjson", at: [150, 304, 560, 567, 700, 1168, 1500])
        _ = try Self.screenshot(Self.player("03-pan-dismiss-cancelled.ndjson").page, t: 560, name: "03-pan")
    }

    @Test func navigationAndKeyboardScenariosMatchTheFrames() throws {
        try Self.check("19-nav-push-pop.ndjson", at: [304, 500, 720, 1000])
        _ = try Self.screenshot(Self.player("19-nav-push-pop.ndjson").page, t: 560, name: "19-nav")
        try Self.check("10-keyboard.ndjson", at: [400, 500, 656, 900])
        _ = try Self.screenshot(Self.player("10-keyboard.ndjson").page, t: 656, name: "10-keyboard")
    }
}

extension PlayerTests {
    /// The params of every `sheet.frame` of `session` that sheetd printed.
    static func frames(_ all: [JSONValue], of session: String) -> [JSONValue] {
        all.filter { $0["session"]?.stringValue == session }
    }

    /// A child presented over its parent: both sheets are drawn, the parent scaled and moved by
    /// its frame's `transform` about its top centre, the child at its own rect with its grabber
    /// centred in the pull bar whose top is `grabber.y`.
    @Test func stackDrawsEverySheetWithTheParentReceding() throws {
        let (page, all) = try Self.player("44-stack-push.ndjson")
        let t = 780.0
        let probe = try #require(try Self.probe(page, at: [t]).first)
        let parent = try #require(Self.frame(Self.frames(all, of: "s1"), at: t))
        let child = try #require(Self.frame(Self.frames(all, of: "s2"), at: t))
        let scale = try #require(parent["transform"]?["scale"]?.doubleValue)
        let translateY = try #require(parent["transform"]?["translateY"]?.doubleValue)
        #expect(scale < 1 && translateY < 0)
        func value(_ v: JSONValue?) throws -> Double { try #require(v?.doubleValue) }
        let p = try #require(probe["sheets"]?["s1"]?["sheet"]), c = try #require(probe["sheets"]?["s2"]?["sheet"])
        let width = try value(parent["sheet"]?["width"]), x = try value(parent["sheet"]?["x"]), y = try value(parent["sheet"]?["y"])
        #expect(abs(try value(p["width"]) - width * scale) < 0.5)
        #expect(abs(try value(p["x"]) - (x + width * (1 - scale) / 2)) < 0.5)
        #expect(abs(try value(p["y"]) - (y + translateY)) < 0.5)
        for k in ["x", "y", "width", "height"] {
            #expect(abs(try value(c[k]) - value(child["sheet"]?[k])) < 0.5, "child sheet.\(k)")
        }
        let grabber = try #require(probe["sheets"]?["s2"]?["grabber"])
        #expect(abs(try value(grabber["y"]) - (try value(child["grabber"]?["y"]) + 7.5)) < 0.5, "the grabber centred in a 20 pt pull bar")
        #expect(abs(try value(grabber["x"]) + 18 - (try value(child["sheet"]?["x"]) + value(child["sheet"]?["width"]) / 2)) < 0.5)
        _ = try Self.screenshot(page, t: t, name: "44-stack")
    }

    /// A 1024 pt wide container is scaled down to fit the window, never cut off: the stage's
    /// whole width is on screen and the sheet keeps its rect in points.
    @Test func wideContainerFitsTheWindow() throws {
        let (page, all) = try Self.player("41-page-sheet-regular-width.ndjson")
        let t = 1456.0
        let probe = try #require(try Self.probe(page, at: [t], window: "1100,1000").first)
        let scale = try #require(probe["scale"]?.doubleValue)
        #expect(scale < 1 && 1024 * scale <= 1100 - 32, "scale \(scale)")
        let f = try #require(Self.frame(Self.frames(all, of: "s1"), at: t))
        for k in ["x", "y", "width", "height"] {
            let shown = try #require(probe["sheet"]?[k]?.doubleValue), sent = try #require(f["sheet"]?[k]?.doubleValue)
            #expect(abs(shown - sent) < 0.5, "sheet.\(k): shown \(shown), frame \(sent)")
        }
        _ = try Self.screenshot(page, t: t, name: "41-wide")
    }
}

/// Times in URLs and file names: integers without `.0`.
enum TimeText {
    static func text(_ t: Double) -> String {
        t == t.rounded() ? String(Int64(t)) : String(t)
    }
}
