// Plugins run by a helper process (the built sheetd re-executed as a plugin host) answer
// exactly as the same plugins mapped into this process: same decisions, same log lines, same
// faults for bad answers and failed calls, same refusals at load.
import Foundation
import SheetCore
@testable import SheetPluginHost
import Testing

/// The two places plugin code can run.
enum Placement: String, CaseIterable, CustomTestStringConvertible {
    case inProcess, helper

    var testDescription: String { rawValue }

    func isolation() throws -> PluginIsolation {
        switch self {
        case .inProcess: return .trusted
        case .helper:
            let directory = try #require(Paths.buildDirectory(), "build directory with sheetd")
            return .process(executable: directory + "/sheetd", timeoutMilliseconds: 10_000)
        }
    }
}

@Suite struct HelperProcessTests {
    /// A host with the three fixture kinds, plugin code placed as asked.
    static func host(_ placement: Placement, _ dir: TempDirectory, _ logs: LogCapture) throws -> PluginHost {
        _ = try FixtureBuilds.shared.install(.dismissal(), into: dir.path, as: "libdismissal.so")
        _ = try FixtureBuilds.shared.install(.scroll(), into: dir.path, as: "libscroll.so")
        _ = try FixtureBuilds.shared.install(.navigation(), into: dir.path, as: "libnav.so")
        let host = PluginHost(allowedDirectories: [dir.path], isolation: try placement.isolation(), log: logs.sink)
        #expect(host.loadAll().count == 3)
        return host
    }

    /// Every answer and fault of a scripted use of the three kinds, and the log lines.
    static func transcript(_ placement: Placement) throws -> [String] {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let logs = LogCapture()
        var out: [String] = []
        do {
            let host = try host(placement, dir, logs)
            let dismissal = try #require(try host.makeDismissal(name: "fixture", config: config("{\"a\":1}")))
            out.append("\(try dismissal.decide(release))")
            var low = release
            low.position = 100
            out.append("\(try dismissal.decide(low))")
            for mode in ["error", "nan", "index", "spring"] {
                let bad = try #require(try host.makeDismissal(name: "fixture", config: config("{\"fault\":\"\(mode)\"}")))
                out.append("\(String(describing: fault { () throws(PolicyFault) in try bad.decide(release) }))")
            }
            out.append("\(String(describing: fault { () throws(PolicyFault) in try host.makeDismissal(name: "fixture", config: config("{\"fault\":\"create\"}")) }))")
            let scroll = try #require(try host.makeScrollHandoff(name: "fixture-scroll", config: .empty))
            out.append("\(try scroll.owner(scrollSample))")
            let nav = try #require(try host.makeNavigationAnimator(name: "fixture-nav", config: .empty))
            out.append("\(try nav.timing(for: .push)) \(try nav.timing(for: .pop))")
            out.append("\(try nav.layout(navigationInput))")
            let badNav = try #require(try host.makeNavigationAnimator(name: "fixture-nav", config: config("{\"fault\":\"x\"}")))
            out.append("\(String(describing: fault { () throws(PolicyFault) in try badNav.layout(navigationInput) }))")
            out.append("\(host.plugins.map { "\($0.name) \($0.kind) \($0.version) \($0.status) \($0.failures)" })")
        }
        // Instances are destroyed with their adapters (in the helper too).
        return out + logs.lines.filter { !$0.contains("plugins: loaded") }
    }

    @Test func aHelperAnswersExactlyAsTheInProcessPlugin() throws {
        let inProcess = try Self.transcript(.inProcess)
        let helper = try Self.transcript(.helper)
        #expect(inProcess.count > 20)
        #expect(inProcess.contains { $0.contains("plugin fixture: info: destroy") })
        #expect(helper == inProcess)
    }

    /// Fixture builds refused after dlopen (by the helper, when there is one).
    static let refused: [(String, [String])] = [
        ("noentry", ["FIXTURE_NO_ENTRY"]),
        ("abi", ["FIXTURE_ABI_MAJOR=2"]),
        ("nulldestroy", ["FIXTURE_NULL_DESTROY"]),
        ("declines", ["FIXTURE_NULL_ENTRY"]),
        ("small", ["FIXTURE_STRUCT_SIZE=8"]),
    ]

    @Test(arguments: Placement.allCases)
    func refusalsAreTheSameInAHelper(_ placement: Placement) throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        var reasons: [String] = []
        let host = PluginHost(allowedDirectories: [dir.path], isolation: try placement.isolation(), log: { _ in })
        for (name, defines) in Self.refused {
            let path = try FixtureBuilds.shared.install(FixtureVariant(name: name, kind: 1, defines: defines),
                                                        into: dir.path, as: "lib\(name).so")
            reasons.append(loadError(host, path)?.description ?? "loaded")
        }
        let garbage = dir.file("libgarbage.so")
        try Data("not an ELF object".utf8).write(to: URL(fileURLWithPath: garbage))
        chmod(garbage, 0o644)
        let error = loadError(host, garbage)
        #expect(caseName(error) == "notSharedObject", "\(String(describing: error))")
        #expect(error?.description.contains(garbage) == true)
        #expect(reasons == [
            "plugin \(dir.path)/libnoentry.so: missing entry symbol sheetd_plugin_entry",
            "plugin \(dir.path)/libabi.so: built for plugin ABI 2.3, sheetd speaks 1.3",
            "plugin \(dir.path)/libnulldestroy.so: bad descriptor: destroy is NULL",
            "plugin \(dir.path)/libdeclines.so: bad descriptor: sheetd_plugin_entry returned NULL (the plugin declined this host)",
            "plugin \(dir.path)/libsmall.so: bad descriptor: struct_size 8 is too small",
        ])
        #expect(host.plugins.isEmpty)
    }

    /// A plugin whose ELF constructor crashes is refused; only its helper died.
    @Test func aPluginThatCrashesWhileOpeningIsRefused() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let host = PluginHost(allowedDirectories: [dir.path], isolation: try Placement.helper.isolation(), log: { _ in })
        let path = try FixtureBuilds.shared.install(FixtureVariant(name: "boom", kind: 1, defines: ["FIXTURE_CRASH_ON_LOAD"]),
                                                    into: dir.path, as: "libboom.so")
        let error = loadError(host, path)
        #expect(error == .helperFailed(path: path, reason: "crashed (SIGSEGV)"))
        #expect(error?.description == "plugin \(path): refused, its plugin host process crashed (SIGSEGV) while opening it")
        _ = try FixtureBuilds.shared.install(.dismissal(), into: dir.path, as: "libfixture.so")
        #expect(loadError(host, dir.file("libfixture.so")) == nil)
        #expect(host.plugins.map(\.name) == ["fixture"])
    }
}
