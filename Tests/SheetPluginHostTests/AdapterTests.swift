// The adapters, driven through the C fixture: conversions both ways, instance lifecycle,
// and every kind of bad answer turned into a PolicyFault.
import Foundation
import SheetCore
import SheetPluginHost
import Testing

/// A host with the three fixture kinds loaded from a fresh directory.
struct FixtureHost {
    let dir: TempDirectory
    let logs = LogCapture()
    let host: PluginHost

    init() throws {
        dir = try TempDirectory()
        _ = try FixtureBuilds.shared.install(.dismissal(), into: dir.path, as: "libdismissal.so")
        _ = try FixtureBuilds.shared.install(.scroll(), into: dir.path, as: "libscroll.so")
        _ = try FixtureBuilds.shared.install(.navigation(), into: dir.path, as: "libnav.so")
        host = PluginHost(allowedDirectories: [dir.path], log: logs.sink)
        host.loadAll()
    }
}

let release = ReleaseInput(axis: .vertical, position: 290, velocity: -120.5, translation: -10,
                           detents: [300, 600], originIndex: 0, extent: 300, dismissible: true)

let scrollSample = ScrollHandoffInput(
    phase: .scrolled, offsetY: -20, insetTop: 20, contentHeight: 2000, viewportHeight: 600,
    isTracking: true, translationY: 12, deltaY: 3, sheetOwns: false, position: 700,
    detents: [300, 700], restingPosition: 700, expandsAtEdge: true)

let navigationInput = NavigationInput(operation: .push, progress: 0.5, width: 400,
                                      fromHeight: 300, toHeight: 500)

@Suite struct AdapterTests {
    @Test func dismissalRoundTrip() throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        let policy = try #require(try fx.host.makeDismissal(name: "fixture", config: config("{\"a\":1}")))
        #expect(policy.name == "fixture")
        #expect(fx.logs.contains("plugin fixture: info: create config={\"a\":1} host_size="))
        #expect(fx.logs.contains("abi=1.3"))

        let decision = try policy.decide(release)
        #expect(decision == ReleaseDecision(target: .detent(0), settle: Spring(dampingRatio: 0.8, response: 400)))
        #expect(fx.logs.contains(
            "decide sizeok=1 axis=0 position=290 velocity=-120.5 translation=-10 detents=300,600 origin=0 extent=300 dismissible=1"))

        var low = release
        low.position = 100
        low.axis = .horizontal
        low.originIndex = nil
        #expect(try policy.decide(low).target == .dismiss)
        #expect(fx.logs.contains("axis=1 position=100"))
        #expect(fx.logs.contains("origin=-1"))

        var near = release
        near.position = 500
        #expect(try policy.decide(near).target == .detent(1))
    }

    @Test func scrollRoundTrip() throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        let policy = try #require(try fx.host.makeScrollHandoff(name: "fixture-scroll", config: .empty))
        #expect(try policy.owner(scrollSample) == .sheet)
        #expect(fx.logs.contains(
            "owner sizeok=1 phase=1 offset=-20 inset=20 content=2000 viewport=600 tracking=1 translation=12 delta=3 sheetOwns=0 position=700 detents=2:700 resting=700 edge=1"))
        var up = scrollSample
        up.deltaY = -3
        up.phase = .dragEnded
        up.isTracking = false
        up.sheetOwns = true
        up.expandsAtEdge = false
        #expect(try policy.owner(up) == .list)
        #expect(fx.logs.contains("phase=2"))
        #expect(fx.logs.contains("tracking=0"))
        #expect(fx.logs.contains("sheetOwns=1"))
        #expect(fx.logs.contains("edge=0"))
    }

    @Test func navigationRoundTrip() throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        let animator = try #require(try fx.host.makeNavigationAnimator(name: "fixture-nav", config: .empty))
        #expect(try animator.timing(for: .push) == BezierTiming(duration: 350, curve: CubicBezier(0.2, 1, 0.42, 1)))
        #expect(try animator.timing(for: .pop) == BezierTiming(duration: 250, curve: .linear))
        #expect(fx.logs.contains("timing sizeok=1 op=0"))
        #expect(fx.logs.contains("timing sizeok=1 op=1"))

        let push = try animator.layout(navigationInput)
        #expect(push == NavigationLayout(from: NavigationItemLayout(x: -60, alpha: 1),
                                         to: NavigationItemLayout(x: 200, alpha: 1),
                                         separatorX: 200))
        #expect(fx.logs.contains("layout sizeok=1 op=0 progress=0.5 width=400 from=300 to=500"))
        var popInput = navigationInput
        popInput.operation = .pop
        popInput.progress = 0.25
        let pop = try animator.layout(popInput)
        #expect(pop == NavigationLayout(from: NavigationItemLayout(x: 100, alpha: 1),
                                        to: NavigationItemLayout(x: -90, alpha: 1),
                                        separatorX: 100))
    }

    @Test func factoriesReturnNilForUnknownNamesAndOtherKinds() throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        #expect(try fx.host.makeDismissal(name: "nope", config: .empty) == nil)
        #expect(try fx.host.makeDismissal(name: "fixture-nav", config: .empty) == nil)
        #expect(try fx.host.makeScrollHandoff(name: "fixture", config: .empty) == nil)
        #expect(try fx.host.makeNavigationAnimator(name: "fixture-scroll", config: .empty) == nil)
    }

    @Test func instancesAreDestroyedWithTheirAdapter() throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        do {
            let policy = try fx.host.makeDismissal(name: "fixture", config: .empty)
            _ = try policy?.decide(release)
            #expect(!fx.logs.contains("destroy"))
        }
        #expect(fx.logs.lines.filter { $0.hasSuffix("info: destroy") }.count == 1)
        // Each session gets its own instance.
        let a = try fx.host.makeNavigationAnimator(name: "fixture-nav", config: .empty)
        let b = try fx.host.makeNavigationAnimator(name: "fixture-nav", config: .empty)
        #expect((a as? PluginNavigationAnimator) !== (b as? PluginNavigationAnimator))
        #expect(a is PluginNavigationAnimator)
        #expect(fx.logs.lines.filter { $0.contains("create config") }.count == 3)
    }

    @Test func pluginLogLinesStayOnOneLine() throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        _ = try fx.host.makeDismissal(name: "fixture", config: config("{\n\"a\":\t1}"))
        #expect(fx.logs.contains("plugin fixture: info: create config={ \"a\": 1} host_size="))
        #expect(!fx.logs.lines.contains { $0.contains("\n") || $0.contains("\t") })
    }

    @Test func createFailureIsAFaultWithThePluginsMessage() throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        let error = fault { () throws(PolicyFault) in
            try fx.host.makeDismissal(name: "fixture", config: config("{\"fault\": \"create\"}"))
        }
        #expect(error == PolicyFault(policy: "fixture",
                                     message: "create failed (code -2): fixture: create fault requested"))
    }

    @Test(arguments: [
        ("error", "decide failed (code -1): fixture fault requested"),
        ("nan", "returned NaN for settle.dampingRatio"),
        ("inf", "returned inf for settle.response"),
        ("index", "returned detent index 2 (2 detents)"),
        ("spring", "returned an invalid settle spring"),
    ])
    func dismissalFaults(mode: String, message: String) throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        let policy = try #require(try fx.host.makeDismissal(name: "fixture", config: config("{\"fault\":\"\(mode)\"}")))
        let error = fault { () throws(PolicyFault) in try policy.decide(release) }
        #expect(error?.policy == "fixture")
        #expect(error?.message.hasPrefix(message) == true, "\(String(describing: error))")
    }

    @Test func dismissWhenNotDismissibleIsAFault() throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        let policy = try #require(try fx.host.makeDismissal(name: "fixture", config: config("{\"fault\":\"dismiss\"}")))
        #expect(try policy.decide(release).target == .dismiss)
        var fixed = release
        fixed.dismissible = false
        let error = fault { () throws(PolicyFault) in try policy.decide(fixed) }
        #expect(error?.message == "returned dismiss for a sheet that is not dismissible")
    }

    @Test(arguments: [
        ("error", "owner failed (code -1): fixture fault requested"),
        ("index", "returned owner 7 (expected 0 = list or 1 = sheet)"),
    ])
    func scrollFaults(mode: String, message: String) throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        let policy = try #require(try fx.host.makeScrollHandoff(name: "fixture-scroll", config: config("{\"fault\":\"\(mode)\"}")))
        let error = fault { () throws(PolicyFault) in try policy.owner(scrollSample) }
        #expect(error == PolicyFault(policy: "fixture-scroll", message: message))
    }

    @Test(arguments: [
        ("error", "layout failed (code -1): fixture fault requested"),
        ("nan", "returned NaN for layout.to.alpha"),
        ("inf", "returned inf for layout.from.x"),
        ("alpha", "returned layout.to.alpha 1.5 (expected 0...1)"),
        ("x", "returned layout.from.x 2000.0 (outside ±4 × width = ±1600.0)"),
    ])
    func layoutFaults(mode: String, message: String) throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        let animator = try #require(try fx.host.makeNavigationAnimator(name: "fixture-nav", config: config("{\"fault\":\"\(mode)\"}")))
        let error = fault { () throws(PolicyFault) in try animator.layout(navigationInput) }
        #expect(error == PolicyFault(policy: "fixture-nav", message: message))
    }

    @Test(arguments: [
        ("error", "timing failed (code -1): fixture fault requested"),
        ("nan", "returned NaN for timing.duration"),
        ("inf", "returned inf for timing.y1"),
        ("duration", "returned timing.duration 20000.0 ms (expected 0...10000)"),
        ("bezier", "returned an invalid timing curve cubic-bezier(1.5, 1.0, 0.42, 1.0) (x1 and x2 must be in 0...1, y1 and y2 in -10...10)"),
        ("curve", "returned an invalid timing curve cubic-bezier(0.2, 1e+301, 0.42, -1e+301) (x1 and x2 must be in 0...1, y1 and y2 in -10...10)"),
        ("curve11", "returned an invalid timing curve cubic-bezier(0.2, 1.0, 0.42, 10.5) (x1 and x2 must be in 0...1, y1 and y2 in -10...10)"),
    ])
    func timingFaults(mode: String, message: String) throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        let animator = try #require(try fx.host.makeNavigationAnimator(name: "fixture-nav", config: config("{\"fault\":\"\(mode)\"}")))
        let error = fault { () throws(PolicyFault) in try animator.timing(for: .push) }
        #expect(error == PolicyFault(policy: "fixture-nav", message: message))
    }

    /// ABI 1.1: the layout's height is ignored, whatever the plugin writes there.
    @Test func layoutHeightIsIgnored() throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        let animator = try #require(try fx.host.makeNavigationAnimator(name: "fixture-nav", config: config("{\"fault\":\"height\"}")))
        let layout = try animator.layout(navigationInput)
        #expect(layout.from.x == -60 && layout.to.x == 200)
    }

    /// A plugin's log lines keep the plugin's level; an error is an error.
    @Test func pluginLogLevelsAreKept() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        _ = try FixtureBuilds.shared.install(.dismissal(), into: dir.path, as: "libdismissal.so")
        let lines = LevelledLogCapture()
        let host = PluginHost(allowedDirectories: [dir.path], log: lines.sink)
        host.loadAll()
        _ = try host.makeDismissal(name: "fixture", config: config("{\"fault\":\"logerror\"}"))
        #expect(lines.level(of: "fixture debug line") == .debug)
        #expect(lines.level(of: "fixture info line") == .info)
        #expect(lines.level(of: "fixture warning line") == .warning)
        #expect(lines.level(of: "fixture error line") == .error)
        #expect(lines.level(of: "plugins: loaded fixture") == .info)
    }
}
