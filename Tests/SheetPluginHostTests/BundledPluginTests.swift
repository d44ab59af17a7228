// The three bundled plugins, loaded from the build directory (`swift build` makes
// libsheetd-material.so, libsheetd-expanded-only.so and libsheetd-crossfade.so next to the
// test bundle), with exact answers.
import Foundation
import SheetCore
import SheetPluginHost
import Testing

/// A host with the bundled plugins loaded from the build directory.
func bundledHost(_ logs: LogCapture = LogCapture()) throws -> PluginHost {
    let directory = try #require(
        Paths.buildDirectory(),
        "libsheetd-*.so not found next to the test bundle: run `swift build` before `swift test`")
    let host = PluginHost(allowedDirectories: [directory],
                          reservedNames: ["deceleration", "projection", "edge", "slide", "cover"],
                          log: logs.sink)
    for library in ["libsheetd-material.so", "libsheetd-expanded-only.so", "libsheetd-crossfade.so"] {
        _ = try host.load(path: directory + "/" + library)
    }
    return host
}

func materialRelease(position: Double, velocity: Double, detents: [Double] = [300, 600],
                     dismissible: Bool = true) -> ReleaseInput {
    ReleaseInput(axis: .vertical, position: position, velocity: velocity, translation: 0,
                 detents: detents, originIndex: nil, extent: detents[0], dismissible: dismissible)
}

@Suite struct BundledPluginTests {
    @Test func allThreeLoadWithTheirKinds() throws {
        let host = try bundledHost()
        #expect(host.plugins.map(\.name) == ["material", "expanded-only", "crossfade"])
        #expect(host.plugins.map(\.kind) == [.dismissal, .scrollHandoff, .navigation])
        #expect(host.plugins.allSatisfy { $0.version == "1.0.0" })
    }

    // MARK: material

    @Test(arguments: [
        // position, velocity, detents, dismissible, expected target
        (100.0, -600.0, [300.0, 600], true, ReleaseDecision.Target.dismiss),  // hides: fast and low
        (100.0, -600.0, [300.0, 600], false, .detent(0)),  // not hideable: moving down -> collapse
        (250.0, -300.0, [300.0, 600], true, .detent(0)),   // |300 - 220| / 300 = 0.27: no hide
        (150.0, -300.0, [300.0, 600], true, .dismiss),     // 0.6 > 0.5, slow but released low
        (280.0, -2000.0, [300.0, 600], true, .dismiss),    // significant downward swipe
        (400.0, -2000.0, [300.0, 600], true, .detent(0)),  // above the peek: never hides
        (400.0, 0.0, [300.0, 600], true, .detent(0)),      // nearest
        (500.0, 0.0, [300.0, 600], true, .detent(1)),
        (450.0, 0.0, [300.0, 600], true, .detent(0)),      // tie -> the lower
        (100.0, 100.0, [300.0, 600], true, .detent(1)),    // upward: expands, never to the peek
        (590.0, 100.0, [300.0, 600], true, .detent(1)),
        (500.0, -100.0, [200.0, 400, 700], true, .detent(1)),  // down: nearest below the largest
        (650.0, -100.0, [200.0, 400, 700], true, .detent(1)),
        (500.0, 100.0, [200.0, 400, 700], true, .detent(2)),   // up: next detent above
        (300.0, 100.0, [200.0, 400, 700], true, .detent(1)),
        (250.0, -1200.0, [300.0, 400], true, .dismiss),        // hide + significant velocity
    ])
    func materialDecides(position: Double, velocity: Double, detents: [Double], dismissible: Bool,
                         expected: ReleaseDecision.Target) throws {
        let host = try bundledHost()
        let policy = try #require(try host.makeDismissal(name: "material", config: .empty))
        let decision = try policy.decide(materialRelease(position: position, velocity: velocity,
                                                         detents: detents, dismissible: dismissible))
        #expect(decision == ReleaseDecision(target: expected, settle: nil))
    }

    @Test func materialReadsItsConfig() throws {
        let host = try bundledHost()
        // hideThreshold 0.1: |300 - 240| / 300 = 0.2 hides; slow and not low -> nearest above the peek.
        let loose = try #require(try host.makeDismissal(name: "material", config: config("{\"hideThreshold\":0.1}")))
        #expect(try loose.decide(materialRelease(position: 250, velocity: -100, detents: [300, 400])).target == .detent(1))
        let strict = try #require(try host.makeDismissal(name: "material", config: .empty))
        #expect(try strict.decide(materialRelease(position: 250, velocity: -100, detents: [300, 400])).target == .detent(0))

        // significantVelocity 2000: 1200 pt/s is no longer significant.
        let calm = try #require(try host.makeDismissal(name: "material", config: config("{\"significantVelocity\":2000}")))
        #expect(try calm.decide(materialRelease(position: 250, velocity: -1200, detents: [300, 400])).target == .detent(1))

        // hideFriction 0: no projection; |300 - 160| / 300 = 0.47 -> no hide.
        let noFriction = try #require(try host.makeDismissal(name: "material", config: config("{\"hideFriction\":0}")))
        #expect(try noFriction.decide(materialRelease(position: 160, velocity: -900)).target == .detent(0))
        #expect(try strict.decide(materialRelease(position: 160, velocity: -900)).target == .dismiss)
    }

    @Test(arguments: [
        ("{\"hideFriction\":\"x\"}", "config.hideFriction must be a number"),
        ("{\"hideThreshold\":0}", "config.hideThreshold must be a finite number > 0"),
        ("{\"significantVelocity\":-1}", "config.significantVelocity must be a finite number >= 0"),
        ("[1]", "config must be a JSON object"),
        ("{", "config is not valid JSON"),
    ])
    func materialRejectsABadConfig(json: String, message: String) throws {
        let host = try bundledHost()
        let error = fault { () throws(PolicyFault) in try host.makeDismissal(name: "material", config: config(json)) }
        #expect(error?.policy == "material")
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
        #expect(error?.message.hasPrefix("create failed (code -2): material: ") == true)
    }

    @Test func materialLogsUnknownKeys() throws {
        let logs = LogCapture()
        let host = try bundledHost(logs)
        _ = try host.makeDismissal(name: "material", config: config("{\"hideFrction\":0.2}"))
        #expect(logs.contains("plugin material: warning: material: ignoring unknown config key \"hideFrction\""))
    }

    // MARK: expanded-only

    static let base = ScrollHandoffInput(
        phase: .scrolled, offsetY: 100, insetTop: 20, contentHeight: 2000, viewportHeight: 600,
        isTracking: true, translationY: 0, deltaY: -5, sheetOwns: false, position: 700,
        detents: [300, 700], restingPosition: 700, expandsAtEdge: true)

    static func sample(_ change: (inout ScrollHandoffInput) -> Void) -> ScrollHandoffInput {
        var s = base
        change(&s)
        return s
    }

    @Test(arguments: [
        ("at the largest, list scrolled, finger up", BundledPluginTests.sample { _ in }, ScrollOwner.list),
        ("below the largest, finger up", BundledPluginTests.sample { $0.position = 500; $0.restingPosition = 300 }, .sheet),
        ("below the largest, finger down, list scrolled", BundledPluginTests.sample { $0.position = 699.4; $0.deltaY = 5 }, .sheet),
        ("just within 0.5 of the largest", BundledPluginTests.sample { $0.position = 699.6 }, .list),
        ("momentum below the largest", BundledPluginTests.sample { $0.position = 500; $0.isTracking = false }, .list),
        ("momentum with content that fits", BundledPluginTests.sample { $0.contentHeight = 500; $0.isTracking = false }, .list),
        ("at the largest, list at top, finger down", BundledPluginTests.sample { $0.offsetY = -20; $0.deltaY = 5 }, .sheet),
        ("at the largest, list within 0.5 of top, finger down", BundledPluginTests.sample { $0.offsetY = -19.6; $0.deltaY = 5 }, .sheet),
        ("at the largest, list 0.6 below top, finger down", BundledPluginTests.sample { $0.offsetY = -19.4; $0.deltaY = 5 }, .list),
        ("at the largest, list at top, finger up", BundledPluginTests.sample { $0.offsetY = -20; $0.deltaY = -5 }, .list),
        ("at the largest, list at top, no movement", BundledPluginTests.sample { $0.offsetY = -20; $0.deltaY = 0 }, .list),
        ("content fits", BundledPluginTests.sample { $0.contentHeight = 600 }, .sheet),
        ("sheet owns and is below its resting position",
         BundledPluginTests.sample { $0.sheetOwns = true; $0.detents = [300, 700]; $0.position = 760; $0.restingPosition = 800 }, .sheet),
        ("sheet owns at rest", BundledPluginTests.sample { $0.sheetOwns = true }, .list),
    ])
    func expandedOnlyOwner(label: String, input: ScrollHandoffInput, expected: ScrollOwner) throws {
        let host = try bundledHost()
        let policy = try #require(try host.makeScrollHandoff(name: "expanded-only", config: .empty))
        #expect(policy.name == "expanded-only")
        #expect(try policy.owner(input) == expected, "\(label)")
    }

    // MARK: crossfade

    @Test func crossfadeTiming() throws {
        let host = try bundledHost()
        let animator = try #require(try host.makeNavigationAnimator(name: "crossfade", config: .empty))
        #expect(try animator.timing(for: .push) == BezierTiming(duration: 300, curve: CubicBezier(0.42, 0, 0.58, 1)))
        #expect(try animator.timing(for: .pop) == BezierTiming(duration: 300, curve: .easeInOut))
    }

    @Test(arguments: [
        (NavigationOperation.push, 0.25, 0.75, 0.25, 450.0),
        (.pop, 0.25, 0.75, 0.25, 450.0),
        (.push, 0.0, 1.0, 0.0, 400.0),
        (.push, 1.0, 0.0, 1.0, 600.0),
        (.pop, 0.5, 0.5, 0.5, 500.0),
    ])
    func crossfadeLayout(operation: NavigationOperation, progress: Double, fromAlpha: Double,
                         toAlpha: Double, height: Double) throws {
        let host = try bundledHost()
        let animator = try #require(try host.makeNavigationAnimator(name: "crossfade", config: .empty))
        let layout = try animator.layout(NavigationInput(operation: operation, progress: progress, width: 390,
                                                         fromHeight: 400, toHeight: 600))
        #expect(layout == NavigationLayout(from: NavigationItemLayout(x: 0, alpha: fromAlpha),
                                           to: NavigationItemLayout(x: 0, alpha: toAlpha),
                                           separatorX: nil))
    }
}
