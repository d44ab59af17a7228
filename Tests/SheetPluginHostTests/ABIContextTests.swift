// Plugin ABI 1.2: the stack depth, edge and layout reach a plugin, and a plugin built
// against 1.0 (knowing none of it) still loads and answers as before.
import SheetCore
import SheetPluginHost
import Testing

@Suite struct ABIContextTests {
    static let stacked = PolicyContext(stackDepth: 3, edge: .right, layout: .detached)

    /// Every kind receives the three fields, mapped to the header's constants.
    @Test func everyKindSeesDepthEdgeAndLayout() throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        var r = release
        r.context = Self.stacked
        _ = try #require(try fx.host.makeDismissal(name: "fixture", config: .empty)).decide(r)
        #expect(fx.logs.contains("extent=300 dismissible=1 depth=3 side=3 layout=4"))

        var s = scrollSample
        s.context = PolicyContext(stackDepth: 2, edge: .bottom, layout: .page)
        _ = try #require(try fx.host.makeScrollHandoff(name: "fixture-scroll", config: .empty)).owner(s)
        #expect(fx.logs.contains("resting=700 edge=1 depth=2 side=0 layout=1"))

        var n = navigationInput
        n.context = PolicyContext(stackDepth: 8, edge: .bottom, layout: .edgeAttached)
        _ = try #require(try fx.host.makeNavigationAnimator(name: "fixture-nav", config: .empty)).layout(n)
        #expect(fx.logs.contains("from=300 to=500 depth=8 side=0 layout=2"))
    }

    /// The input types default to a root, full-width bottom sheet.
    @Test func defaultContextIsARootBottomSheet() throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        _ = try #require(try fx.host.makeDismissal(name: "fixture", config: .empty)).decide(release)
        #expect(fx.logs.contains("dismissible=1 depth=1 side=0 layout=0"))
    }

    static let edges: [(SheetEdge, Int)] = [(.bottom, 0), (.top, 1), (.left, 2), (.right, 3)]
    static let layouts: [(SheetLayout.Kind, Int)] = [(.fullWidth, 0), (.page, 1), (.edgeAttached, 2),
                                                    (.capped, 3), (.detached, 4)]

    /// SHEETD_EDGE_* and SHEETD_LAYOUT_* as documented in sheetd_plugin.h.
    @Test func constantsMatchTheHeader() throws {
        let fx = try FixtureHost()
        defer { fx.dir.remove() }
        let policy = try #require(try fx.host.makeDismissal(name: "fixture", config: .empty))
        for (edge, code) in Self.edges {
            var r = release
            r.context = PolicyContext(stackDepth: 1, edge: edge, layout: .fullWidth)
            _ = try policy.decide(r)
            #expect(fx.logs.lines.last?.hasSuffix("depth=1 side=\(code) layout=0") == true, "\(edge)")
        }
        for (layout, code) in Self.layouts {
            var r = release
            r.context = PolicyContext(stackDepth: 1, edge: .bottom, layout: layout)
            _ = try policy.decide(r)
            #expect(fx.logs.lines.last?.hasSuffix("depth=1 side=0 layout=\(code)") == true, "\(layout)")
        }
        #expect(SheetLayout.Kind.allCases.count == Self.layouts.count)
        #expect(SheetEdge.allCases.count == Self.edges.count)
    }

    /// A plugin compiled against the 1.0 structs (minor 0, shorter inputs) loads under 1.3,
    /// reads every 1.0 field at its place and answers exactly as the 1.2 build does.
    @Test func aPluginBuiltAgainstOneZeroStillWorks() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let logs = LogCapture()
        let old = ["FIXTURE_ABI_1_0"]
        _ = try FixtureBuilds.shared.install(.init(name: "old", kind: 1, defines: old), into: dir.path, as: "libold.so")
        _ = try FixtureBuilds.shared.install(.init(name: "old-scroll", kind: 2, defines: old), into: dir.path, as: "libolds.so")
        _ = try FixtureBuilds.shared.install(.init(name: "old-nav", kind: 3, defines: old), into: dir.path, as: "liboldn.so")
        let host = PluginHost(allowedDirectories: [dir.path], log: logs.sink)
        host.loadAll()

        var r = release
        r.context = Self.stacked
        let decision = try #require(try host.makeDismissal(name: "old", config: .empty)).decide(r)
        #expect(decision == ReleaseDecision(target: .detent(0), settle: Spring(dampingRatio: 0.8, response: 400)))
        #expect(logs.contains("abi=1.3"))  // the host it was handed
        #expect(logs.contains(
            "decide sizeok=1 axis=0 position=290 velocity=-120.5 translation=-10 detents=300,600 origin=0 extent=300 dismissible=1"))

        var s = scrollSample
        s.context = Self.stacked
        #expect(try #require(try host.makeScrollHandoff(name: "old-scroll", config: .empty)).owner(s) == .sheet)
        #expect(logs.contains(
            "owner sizeok=1 phase=1 offset=-20 inset=20 content=2000 viewport=600 tracking=1 translation=12 delta=3 sheetOwns=0 position=700 detents=2:700 resting=700 edge=1"))

        var n = navigationInput
        n.context = Self.stacked
        let layout = try #require(try host.makeNavigationAnimator(name: "old-nav", config: .empty)).layout(n)
        #expect(layout == NavigationLayout(from: NavigationItemLayout(x: -60, alpha: 1),
                                           to: NavigationItemLayout(x: 200, alpha: 1), separatorX: 200))
        #expect(logs.contains("layout sizeok=1 op=0 progress=0.5 width=400 from=300 to=500"))
        // It knows nothing of 1.2 and reads nothing of it.
        #expect(!logs.contains("depth="))
    }
}
