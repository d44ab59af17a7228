// Detent resolvers (plugin ABI 1.3): the bundled `golden` and the C fixture's resolver kind,
// in this process and in a helper process, with exact inputs, answers and faults.
import Foundation
import SheetCore
@testable import SheetPluginHost
import Testing

private let phi = (1 + 5.0.squareRoot()) / 2

/// What a resolver is told about the detent "half" of a phone-sized sheet with a keyboard up.
private let resolverInput = DetentResolutionInput(
    detentID: "half", container: Container(width: 390, height: 844, safeArea: Insets(top: 47, bottom: 34)),
    contentHeight: 260, keyboardHeight: 100, maximumDetentValue: 797, edge: .bottom, layout: .fullWidth)

@Suite struct DetentResolverPluginTests {
    /// A host with the bundled golden plugin, its code placed as asked.
    static func goldenHost(_ placement: Placement) throws -> PluginHost {
        let directory = try #require(Paths.buildDirectory(), "build directory with the bundled plugins")
        let host = PluginHost(allowedDirectories: [directory], isolation: try placement.isolation(), log: { _ in })
        let info = try host.load(path: directory + "/libsheetd-golden.so")
        #expect(info.name == "golden")
        #expect(info.kind == .detentResolver)
        #expect(info.version == "1.0.0")
        return host
    }

    /// golden: every detent is the maximum detent value ÷ φ, whatever else it is told.
    @Test(arguments: Placement.allCases, [797.0, 390, 653, 0])
    func goldenIsMaximumOverPhi(_ placement: Placement, _ maximum: Double) throws {
        let host = try Self.goldenHost(placement)
        let golden = try #require(try host.makeDetentResolver(name: "golden", config: .empty))
        #expect(golden.name == "golden")
        var input = resolverInput
        input.maximumDetentValue = maximum
        let h = try golden.resolve(input)
        #expect(abs(h - maximum / phi) < 1e-9)
        // As frames print it (Quantize.points: 1/1000 pt): 797 / φ = 492.573.
        if maximum == 797 { #expect((h * 1000).rounded() / 1000 == 492.573) }
        // It is a detent resolver only.
        #expect(try host.makeDismissal(name: "golden", config: .empty) == nil)
    }

    /// golden through the engine: the detent's height in frames, and again after a rotation.
    @Test(arguments: Placement.allCases)
    func goldenInASheet(_ placement: Placement) throws {
        let host = try Self.goldenHost(placement)
        let golden = try #require(try host.makeDetentResolver(name: "golden", config: .empty))
        var sheet = try Sheet(setup: SheetSetup(container: resolverInput.container, contentHeight: 260,
                                                detents: [.fit, .resolver(id: "g", name: "golden"), .large],
                                                selectedDetent: "g"),
                              policies: SheetPolicies(detentResolvers: ["golden": golden]))
        try sheet.present(at: 0, animated: false)
        let portrait = sheet.frame()
        #expect(portrait.sheet.height == 492.573)
        #expect(portrait.sheet.y == 351.427)
        sheet.setContainer(Container(width: 844, height: 390, safeArea: Insets(top: 0, bottom: 21, left: 47, right: 47)), at: 100)
        sheet.advance(to: 2000)
        let landscape = sheet.frame()
        #expect(landscape.sheet.height == 241.033)  // 390 / φ
        #expect(sheet.takeOutput().diagnostics.isEmpty)
    }

    /// The fixture's resolver: config at create, every input field as the ABI carries it, its answer.
    @Test(arguments: Placement.allCases)
    func fixtureResolverSeesTheInputs(_ placement: Placement) throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        _ = try FixtureBuilds.shared.install(.resolver(), into: dir.path, as: "libresolver.so")
        let logs = LogCapture()
        let host = PluginHost(allowedDirectories: [dir.path], isolation: try placement.isolation(), log: logs.sink)
        #expect(host.loadAll().map(\.kind) == [.detentResolver])
        do {
            let r = try #require(try host.makeDetentResolver(name: "fixture-resolver", config: config("{\"a\":1}")))
            #expect(try r.resolve(resolverInput) == 0.5 * 797 + 25)
            var input = resolverInput
            input.detentID = "é-2"
            input.edge = .left
            input.layout = .detached
            _ = try r.resolve(input)
        }
        #expect(logs.contains("create config={\"a\":1} host_size="))
        #expect(logs.contains("abi=1.3"))
        #expect(logs.contains("resolve sizeok=1 id=half w=390 h=844 safe=47,34,0,0 content=260 keyboard=100 max=797 side=0 layout=0"))
        #expect(logs.contains("resolve sizeok=1 id=é-2 w=390 h=844 safe=47,34,0,0 content=260 keyboard=100 max=797 side=2 layout=4"))
    }

    /// Bad answers and failed calls are faults naming the detent, the same in both placements.
    @Test(arguments: Placement.allCases)
    func fixtureResolverFaults(_ placement: Placement) throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        _ = try FixtureBuilds.shared.install(.resolver(), into: dir.path, as: "libresolver.so")
        let host = PluginHost(allowedDirectories: [dir.path], isolation: try placement.isolation(), log: { _ in })
        host.loadAll()
        var messages: [String: String] = [:]
        for mode in ["nan", "inf", "negative", "above", "error"] {
            let r = try #require(try host.makeDetentResolver(name: "fixture-resolver", config: config("{\"fault\":\"\(mode)\"}")))
            messages[mode] = fault { () throws(PolicyFault) in try r.resolve(resolverInput) }?.message
        }
        #expect(messages["nan"] == "returned NaN for detent \"half\" height")
        #expect(messages["inf"] == "returned inf for detent \"half\" height")
        #expect(messages["negative"] == "returned -1.0 for detent \"half\" height (expected 0...797.0, the maximum detent value)")
        #expect(messages["above"] == "returned 798.0 for detent \"half\" height (expected 0...797.0, the maximum detent value)")
        #expect(messages["error"] == "resolve failed (code -1): fixture fault requested")
    }

    /// A resolver that crashes in its helper costs a fault, not the daemon.
    @Test func aCrashingResolverIsAFaultInAHelper() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        _ = try FixtureBuilds.shared.install(.resolver(), into: dir.path, as: "libresolver.so")
        let host = PluginHost(allowedDirectories: [dir.path], isolation: try Placement.helper.isolation(), log: { _ in })
        host.loadAll()
        let r = try #require(try host.makeDetentResolver(name: "fixture-resolver", config: config("{\"fault\":\"segv\"}")))
        let f = fault { () throws(PolicyFault) in try r.resolve(resolverInput) }
        #expect(f?.message.contains("resolve: its plugin host process crashed (SIGSEGV)") == true)
    }

    /// Plugins of the other kinds built against 1.2 (a descriptor without `detent_resolver`)
    /// still load; a resolver must have the 1.3 descriptor.
    @Test(arguments: Placement.allCases)
    func descriptorSizes(_ placement: Placement) throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let old = "FIXTURE_STRUCT_SIZE=offsetof(sheetd_plugin_descriptor,detent_resolver)"
        _ = try FixtureBuilds.shared.install(FixtureVariant(name: "old-dismissal", kind: 1, defines: [old, "FIXTURE_ABI_MINOR=2"]),
                                             into: dir.path, as: "libold.so")
        _ = try FixtureBuilds.shared.install(FixtureVariant(name: "short-resolver", kind: 4, defines: [old]),
                                             into: dir.path, as: "libshort.so")
        let host = PluginHost(allowedDirectories: [dir.path], isolation: try placement.isolation(), log: { _ in })
        #expect(try host.load(path: dir.file("libold.so")).name == "old-dismissal")
        #expect(try host.makeDismissal(name: "old-dismissal", config: .empty) != nil)
        let refusal = loadError(host, dir.file("libshort.so"))
        #expect(refusal?.description.contains("kind detentResolver but struct_size") == true)
    }
}

extension FixtureVariant {
    static func resolver(_ name: String = "fixture-resolver") -> FixtureVariant { .init(name: name, kind: 4) }
}

@Suite struct DetentResolverDocumentationTests {
    /// PLUGINS.md's detent resolver builds with its documented one-line cc command, loads in
    /// both placements and answers the documented numbers (398.5 portrait, 292.5 landscape).
    @Test(arguments: Placement.allCases)
    func pluginsMarkdownResolverBuildsAndAnswers(_ placement: Placement) throws {
        let markdown = try String(contentsOfFile: Paths.protocolDirectory + "/PLUGINS.md", encoding: .utf8)
        let section = try #require(markdown.range(of: "### A complete detent resolver"))
        let rest = markdown[section.upperBound...]
        let cStart = try #require(rest.range(of: "```c\n"))
        let cEnd = try #require(rest.range(of: "```", range: cStart.upperBound..<rest.endIndex))
        let shStart = try #require(rest.range(of: "```sh\n", range: cEnd.upperBound..<rest.endIndex))
        let shEnd = try #require(rest.range(of: "\n```", range: shStart.upperBound..<rest.endIndex))
        let line = String(rest[shStart.upperBound..<shEnd.lowerBound])
        #expect(!line.contains("\n"), "one line")
        let dir = try TempDirectory()
        defer { dir.remove() }
        try String(rest[cStart.upperBound..<cEnd.lowerBound]).write(toFile: dir.file("stepped.c"), atomically: true, encoding: .utf8)
        // The documented command, run in the directory, with the header's real place.
        var words = line.split(separator: " ").map(String.init)
        #expect(words.first == "cc")
        words = Array(words.dropFirst()).map { $0 == "path/to/protocol" ? Paths.protocolDirectory : dir.file($0) }
        words = words.map { $0.hasPrefix(dir.path + "/-") ? String($0.dropFirst(dir.path.count + 1)) : $0 }
        let build = try run(cc, words)
        #expect(build.status == 0, "\(build.output)")
        #expect(chmod(dir.file("libstepped.so"), 0o755) == 0)

        let host = PluginHost(allowedDirectories: [dir.path], isolation: try placement.isolation(), log: { _ in })
        #expect(host.loadAll().map(\.kind) == [.detentResolver])
        let stepped = try #require(try host.makeDetentResolver(name: "stepped", config: .empty))
        var input = DetentResolutionInput(
            detentID: "reading", container: Container(width: 390, height: 844, safeArea: Insets(top: 47, bottom: 34)),
            contentHeight: 260, keyboardHeight: 0, maximumDetentValue: 797)
        #expect(try stepped.resolve(input) == 398.5)
        input.container = Container(width: 844, height: 390, safeArea: Insets(top: 0, bottom: 21, left: 47, right: 47))
        input.maximumDetentValue = 390
        #expect(try stepped.resolve(input) == 292.5)
    }
}
