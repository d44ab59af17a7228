// The loader: what it accepts, and a clear refusal for everything else.
import Foundation
import SheetCore
import SheetPluginHost
import Testing

@Suite struct HeaderTests {
    @Test func headerCompilesStandaloneAsPedanticC99() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let alone = try run(cc, ["-std=c99", "-Wall", "-Werror", "-pedantic", "-c", "-x", "c",
                                 Paths.header, "-o", dir.file("header.o")])
        #expect(alone.status == 0, "\(alone.output)")
        // Also as the first include of a translation unit, with -Wextra.
        let source = dir.file("use.c")
        try "#include \"sheetd_plugin.h\"\nint main(void) { return (int)sizeof(sheetd_plugin_descriptor) == 0; }\n"
            .write(toFile: source, atomically: true, encoding: .utf8)
        let included = try run(cc, ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-c",
                                    source, "-I", Paths.protocolDirectory, "-o", dir.file("use.o")])
        #expect(included.status == 0, "\(included.output)")
    }

    @Test func hostSpeaksABIOneThree() {
        #expect(PluginHost.abiMajor == 1)
        #expect(PluginHost.abiMinor == 3)
        #expect(PluginHost.entrySymbol == "sheetd_plugin_entry")
    }
}

@Suite struct LoaderTests {
    @Test func loadsAFixtureAndListsIt() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let path = try FixtureBuilds.shared.install(.dismissal(), into: dir.path, as: "libfixture.so")
        let logs = LogCapture()
        let host = PluginHost(allowedDirectories: [dir.path], log: logs.sink)
        let info = try host.load(path: path)
        #expect(info == PluginInfo(name: "fixture", kind: .dismissal, version: "0.0.1-test", path: path))
        #expect(host.plugins == [info])
        #expect(host.plugin(named: "fixture") == info)
        #expect(logs.contains("loaded fixture 0.0.1-test (dismissal)"))
    }

    @Test func refusesAFileOutsideTheAllowedDirectories() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let allowed = try dir.subdirectory("plugins")
        let other = try dir.subdirectory("elsewhere")
        let path = try FixtureBuilds.shared.install(.dismissal(), into: other, as: "libfixture.so")
        let host = PluginHost(allowedDirectories: [allowed], log: { _ in })
        let error = loadError(host, path)
        #expect(caseName(error) == "outsideAllowedDirectories")
        #expect(error?.description.contains("outside the allowed plugin directories") == true)
        #expect(host.plugins.isEmpty)
    }

    @Test func refusesDotDotTraversal() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let allowed = try dir.subdirectory("plugins")
        let other = try dir.subdirectory("elsewhere")
        _ = try FixtureBuilds.shared.install(.dismissal(), into: other, as: "libfixture.so")
        let host = PluginHost(allowedDirectories: [allowed], log: { _ in })
        let error = loadError(host, allowed + "/../elsewhere/libfixture.so")
        #expect(caseName(error) == "outsideAllowedDirectories")
    }

    @Test func refusesASymlinkThatEscapes() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let allowed = try dir.subdirectory("plugins")
        let other = try dir.subdirectory("elsewhere")
        let target = try FixtureBuilds.shared.install(.dismissal(), into: other, as: "libfixture.so")
        try FileManager.default.createSymbolicLink(atPath: allowed + "/libescape.so",
                                                   withDestinationPath: target)
        let host = PluginHost(allowedDirectories: [allowed], log: { _ in })
        #expect(caseName(loadError(host, allowed + "/libescape.so")) == "outsideAllowedDirectories")
    }

    @Test func acceptsASymlinkThatStaysInside() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let allowed = try dir.subdirectory("plugins")
        let target = try FixtureBuilds.shared.install(.dismissal(), into: allowed, as: "libreal.so.1")
        try FileManager.default.createSymbolicLink(atPath: allowed + "/libfixture.so",
                                                   withDestinationPath: target)
        let host = PluginHost(allowedDirectories: [allowed], log: { _ in })
        let info = try host.load(path: allowed + "/libfixture.so")
        #expect(info.path == target)
    }

    @Test func refusesAMissingFile() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let host = PluginHost(allowedDirectories: [dir.path], log: { _ in })
        let error = loadError(host, dir.file("nothing.so"))
        #expect(caseName(error) == "fileNotFound")
        #expect(error?.description.contains("file not found") == true)
    }

    @Test func refusesADirectoryAndAFifo() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let sub = try dir.subdirectory("d.so")
        let host = PluginHost(allowedDirectories: [dir.path], log: { _ in })
        #expect(caseName(loadError(host, sub)) == "notRegularFile")
        // A fifo must be refused without being opened (opening it would block).
        #expect(mkfifo(dir.file("p.so"), 0o644) == 0)
        #expect(caseName(loadError(host, dir.file("p.so"))) == "notRegularFile")
    }

    @Test(arguments: [0o666, 0o775, 0o757])
    func refusesAFileWritableByGroupOrOthers(mode: Int) throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let path = try FixtureBuilds.shared.install(.dismissal(), into: dir.path, as: "libfixture.so")
        #expect(chmod(path, mode_t(mode)) == 0)
        let host = PluginHost(allowedDirectories: [dir.path], log: { _ in })
        let error = loadError(host, path)
        #expect(caseName(error) == "writableByOthers")
        #expect(error?.description.contains("writable by group or others") == true)
    }

    @Test func refusesGarbageNamedSo() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let path = dir.file("x.so")
        try "this is not an ELF file\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(chmod(path, 0o644) == 0)
        let host = PluginHost(allowedDirectories: [dir.path], log: { _ in })
        let error = loadError(host, path)
        #expect(caseName(error) == "notSharedObject")
        // dlerror's text is passed on.
        #expect(error?.description.contains("x.so") == true)
        #expect(error?.description.contains("not a loadable shared object") == true)
    }

    @Test func refusesALibraryWithoutTheEntrySymbol() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let path = try FixtureBuilds.shared.install(
            FixtureVariant(name: "no-entry", kind: 1, defines: ["FIXTURE_NO_ENTRY"]),
            into: dir.path, as: "libnoentry.so")
        let host = PluginHost(allowedDirectories: [dir.path], log: { _ in })
        let error = loadError(host, path)
        #expect(caseName(error) == "missingEntrySymbol")
        #expect(error?.description.contains("sheetd_plugin_entry") == true)
    }

    @Test func refusesAnotherABIMajor() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let path = try FixtureBuilds.shared.install(
            FixtureVariant(name: "abi-two", kind: 1, defines: ["FIXTURE_ABI_MAJOR=2", "FIXTURE_ABI_MINOR=0"]),
            into: dir.path, as: "libabi2.so")
        let host = PluginHost(allowedDirectories: [dir.path], log: { _ in })
        let error = loadError(host, path)
        #expect(error == .abiVersionMismatch(path: path, major: 2, minor: 0))
        #expect(error?.description.contains("built for plugin ABI 2.0, sheetd speaks 1.3") == true)
    }

    @Test(arguments: [
        (FixtureVariant(name: "Bad_Name", kind: 1), "name \"Bad_Name\""),
        (FixtureVariant(name: "", kind: 1), "name \"\""),
        (FixtureVariant(name: "bad-kind", kind: 9), "unknown kind 9"),
        (FixtureVariant(name: "no-destroy", kind: 1, defines: ["FIXTURE_NULL_DESTROY"]), "destroy is NULL"),
        (FixtureVariant(name: "declines", kind: 1, defines: ["FIXTURE_NULL_ENTRY"]), "returned NULL"),
        (FixtureVariant(name: "tiny", kind: 1, defines: ["FIXTURE_STRUCT_SIZE=8"]), "struct_size 8 is too small"),
        (FixtureVariant(name: "small", kind: 1, defines: ["FIXTURE_STRUCT_SIZE=40"]),
         "struct_size 40 is smaller than the ABI 1.0 descriptor"),
        (FixtureVariant(name: "small-calls", kind: 1, defines: ["FIXTURE_CALLS_SIZE=4"]),
         "dismissal struct_size 4 is smaller than the ABI 1.0 table"),
        (FixtureVariant(name: "small-nav", kind: 3, defines: ["FIXTURE_CALLS_SIZE=16"]),
         "navigation struct_size 16 is smaller than the ABI 1.0 table"),
    ])
    func refusesABadDescriptor(variant: FixtureVariant, reason: String) throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let path = try FixtureBuilds.shared.install(variant, into: dir.path, as: "libbad.so")
        let host = PluginHost(allowedDirectories: [dir.path], log: { _ in })
        let error = loadError(host, path)
        #expect(caseName(error) == "badDescriptor")
        #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
    }

    @Test func acceptsANewerMinorWithALargerDescriptor() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let variant = FixtureVariant(name: "future", kind: 3,
                                     defines: ["FIXTURE_ABI_MINOR=7", "FIXTURE_STRUCT_SIZE=sizeof(sheetd_plugin_descriptor)+32"])
        let path = try FixtureBuilds.shared.install(variant, into: dir.path, as: "libfuture.so")
        let host = PluginHost(allowedDirectories: [dir.path], log: { _ in })
        let info = try host.load(path: path)
        #expect(info.kind == .navigation)
        let animator = try #require(try host.makeNavigationAnimator(name: "future", config: .empty))
        #expect(try animator.timing(for: .pop).duration == 250)
    }

    @Test func refusesADuplicateName() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let first = try FixtureBuilds.shared.install(.dismissal(), into: dir.path, as: "liba.so")
        let second = try FixtureBuilds.shared.install(.dismissal(), into: dir.path, as: "libb.so")
        let host = PluginHost(allowedDirectories: [dir.path], log: { _ in })
        _ = try host.load(path: first)
        let error = loadError(host, second)
        #expect(error == .duplicateName(name: "fixture", path: second, existing: first))
        // Loading the very same file twice is a duplicate too.
        #expect(caseName(loadError(host, first)) == "duplicateName")
        #expect(host.plugins.count == 1)
    }

    @Test func refusesTheNameOfABuiltIn() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let path = try FixtureBuilds.shared.install(.dismissal("projection"), into: dir.path, as: "libp.so")
        let host = PluginHost(allowedDirectories: [dir.path], reservedNames: ["projection", "edge"],
                              log: { _ in })
        let error = loadError(host, path)
        #expect(caseName(error) == "duplicateName")
        #expect(error?.description.contains("built-in policy \"projection\"") == true)
    }

    @Test func loadAllLoadsEverySharedObjectAndLogsRefusals() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        _ = try FixtureBuilds.shared.install(.dismissal(), into: dir.path, as: "liba.so")
        _ = try FixtureBuilds.shared.install(.navigation(), into: dir.path, as: "libc.so")
        _ = try FixtureBuilds.shared.install(.scroll(), into: dir.path, as: "libb.so")
        try "garbage".write(toFile: dir.file("x.so"), atomically: true, encoding: .utf8)
        #expect(chmod(dir.file("x.so"), 0o644) == 0)
        try "not a plugin".write(toFile: dir.file("README.txt"), atomically: true, encoding: .utf8)
        let logs = LogCapture()
        let host = PluginHost(allowedDirectories: [dir.path, dir.path + "/missing"], log: logs.sink)
        let loaded = host.loadAll()
        #expect(loaded.map(\.name) == ["fixture", "fixture-scroll", "fixture-nav"])
        #expect(loaded.map(\.kind) == [.dismissal, .scrollHandoff, .navigation])
        #expect(host.plugins == loaded)
        #expect(logs.contains("x.so: not a loadable shared object"))
        #expect(logs.contains("cannot open plugin directory"))
        #expect(!logs.contains("README"))
    }
}

@Suite struct DocumentationTests {
    /// The example in protocol/PLUGINS.md builds with the documented one-line command and works.
    @Test func pluginsMarkdownExampleBuildsAndRuns() throws {
        let markdown = try String(contentsOfFile: Paths.protocolDirectory + "/PLUGINS.md", encoding: .utf8)
        let start = try #require(markdown.range(of: "```c\n"))
        let end = try #require(markdown.range(of: "```", range: start.upperBound..<markdown.endIndex))
        let dir = try TempDirectory()
        defer { dir.remove() }
        try String(markdown[start.upperBound..<end.lowerBound])
            .write(toFile: dir.file("my.c"), atomically: true, encoding: .utf8)
        let build = try run(cc, ["-std=c99", "-shared", "-fPIC", "-o", dir.file("libmy.so"), dir.file("my.c"),
                                 "-I", Paths.protocolDirectory])
        #expect(build.status == 0, "\(build.output)")
        #expect(chmod(dir.file("libmy.so"), 0o755) == 0)

        let logs = LogCapture()
        let host = PluginHost(allowedDirectories: [dir.path], log: logs.sink)
        #expect(host.loadAll().map(\.name) == ["nearest"])
        let policy = try #require(try host.makeDismissal(name: "nearest", config: .empty))
        let decision = try policy.decide(ReleaseInput(
            axis: .vertical, position: 420, velocity: -900, translation: -180, detents: [200, 500, 800],
            originIndex: 1, extent: 200, dismissible: true))
        #expect(decision == ReleaseDecision(target: .detent(1), settle: Spring(dampingRatio: 0.8, response: 350)))
        #expect(logs.contains("plugin nearest: info: nearest: created"))
    }
}
