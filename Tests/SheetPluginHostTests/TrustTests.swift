// The loader's trust rules: byte-wise containment, owners and modes of every directory from
// the plugin directory down to the file, and the loaded object being the checked file.
import Foundation
import SheetCore
import SheetPluginHost
import Testing

/// mkdir with the exact bytes of `path` (Swift keeps a String's scalars as given: NFC and
/// NFD spellings stay different bytes).
func makeDirectory(_ path: String, mode: mode_t = 0o755) throws {
    guard mkdir(path, mode) == 0, chmod(path, mode) == 0 else {
        throw CommandFailure(description: "mkdir \(path): \(String(cString: strerror(errno)))")
    }
}

@Suite struct TrustTests {
    /// "café" in NFC and in NFD are equal Swift Strings but different directories: a plugin in
    /// the NFD one must not load when only the NFC one is allowed.
    @Test func containmentComparesBytesNotUnicodeEquivalence() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let nfc = dir.path + "/caf\u{E9}"
        let nfd = dir.path + "/cafe\u{301}"
        #expect(nfc == nfd)  // Swift's String equality: canonically equivalent
        #expect(Array(nfc.utf8) != Array(nfd.utf8))
        try makeDirectory(nfc)
        try makeDirectory(nfd)
        let staging = try dir.subdirectory("staging")
        let built = try FixtureBuilds.shared.install(.dismissal(), into: staging, as: "libfixture.so")
        #expect(rename(built, nfd + "/libfixture.so") == 0)
        let host = PluginHost(allowedDirectories: [nfc], log: { _ in })
        let error = loadError(host, nfd + "/libfixture.so")
        #expect(caseName(error) == "outsideAllowedDirectories")
        #expect(host.plugins.isEmpty)
        // The same file in the allowed (NFC) directory loads.
        #expect(rename(nfd + "/libfixture.so", nfc + "/libfixture.so") == 0)
        #expect(caseName(loadError(host, nfc + "/libfixture.so")) == "loaded")
    }

    @Test(arguments: [0o775, 0o757, 0o777, 0o1777])
    func refusesAGroupOrWorldWritablePluginDirectory(mode: Int) throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let plugins = dir.path + "/plugins"
        try makeDirectory(plugins)
        let path = try FixtureBuilds.shared.install(.dismissal(), into: plugins, as: "libfixture.so")
        #expect(chmod(plugins, mode_t(mode)) == 0)
        let logs = LevelledLogCapture()
        let host = PluginHost(allowedDirectories: [plugins], log: logs.sink)
        let error = loadError(host, path)
        #expect(caseName(error) == "unsafeDirectory")
        #expect(error?.description.contains("directory \(plugins) is writable by group or others") == true)
        // At start-up the directory is refused as a whole, reported as a warning.
        #expect(host.loadAll().isEmpty)
        #expect(logs.level(of: "writable by group or others") == .warning)
    }

    @Test func refusesAWritableDirectoryBetweenThePluginDirectoryAndTheFile() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let sub = dir.path + "/sub"
        try makeDirectory(sub)
        try makeDirectory(sub + "/deeper")
        let path = try FixtureBuilds.shared.install(.dismissal(), into: sub + "/deeper", as: "libfixture.so")
        #expect(chmod(sub, 0o777) == 0)
        let host = PluginHost(allowedDirectories: [dir.path], log: { _ in })
        let error = loadError(host, path)
        #expect(caseName(error) == "unsafeDirectory")
        #expect(error?.description.contains("directory \(sub) is writable") == true)
        #expect(chmod(sub, 0o755) == 0)
        #expect(caseName(loadError(host, path)) == "loaded")
    }

    /// Only root or the daemon's user may own the file and its directories (needs root to
    /// hand a file to another user).
    @Test(.enabled(if: geteuid() == 0, "needs root to chown to another user"))
    func refusesAFileOrDirectoryOwnedByAnotherUser() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let path = try FixtureBuilds.shared.install(.dismissal(), into: dir.path, as: "libfixture.so")
        let host = PluginHost(allowedDirectories: [dir.path], log: { _ in })
        #expect(chown(path, 65534, 65534) == 0)
        let error = loadError(host, path)
        #expect(caseName(error) == "untrustedOwner")
        #expect(error?.description.contains("owned by uid 65534") == true)
        #expect(chown(path, 0, 0) == 0)
        let sub = dir.path + "/sub"
        try makeDirectory(sub)
        let inner = try FixtureBuilds.shared.install(.scroll(), into: sub, as: "libscroll.so")
        #expect(chown(sub, 65534, 65534) == 0)
        let dirError = loadError(host, inner)
        #expect(caseName(dirError) == "unsafeDirectory")
        #expect(dirError?.description.contains("owned by uid 65534") == true)
        #expect(chown(sub, 0, 0) == 0)
        #expect(caseName(loadError(host, inner)) == "loaded")
    }

    /// The loader maps the file it checked, through its descriptor: a file replaced at the
    /// same path after a load is a new object (glibc's by-name cache would hand back the old
    /// one), and the old one stays what it was.
    @Test func loadsTheCheckedFileNotACachedName() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let path = try FixtureBuilds.shared.install(.dismissal("first"), into: dir.path, as: "libplugin.so")
        let host = PluginHost(allowedDirectories: [dir.path], log: { _ in })
        #expect(try host.load(path: path).name == "first")
        // Replace the file (a new inode) at the same path.
        #expect(unlink(path) == 0)
        _ = try FixtureBuilds.shared.install(.dismissal("second"), into: dir.path, as: "libplugin.so")
        let second = try host.load(path: path)
        #expect(second.name == "second")
        #expect(second.path == PluginPathText.real(path))
        #expect(host.plugins.map(\.name) == ["first", "second"])
    }
}

/// Lazy default directories: searched first, only `libsheetd-*.so`, opened on first need.
@Suite struct DefaultDirectoryTests {
    @Test func defaultDirectoriesOpenOnFirstUseOnly() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        _ = try FixtureBuilds.shared.install(.dismissal(), into: dir.path, as: "libsheetd-fixture.so")
        _ = try FixtureBuilds.shared.install(.navigation(), into: dir.path, as: "libother.so")
        let logs = LogCapture()
        let host = PluginHost(allowedDirectories: [], defaultDirectories: [dir.path], log: logs.sink)
        #expect(host.openedPlugins.isEmpty)
        #expect(!logs.contains("loaded"))
        // A policy name no opened plugin has opens the default directories.
        #expect(try host.makeDismissal(name: "fixture", config: .empty) != nil)
        #expect(host.openedPlugins.map(\.name) == ["fixture"])
        // Only libsheetd-*.so is considered in a default directory.
        #expect(try host.makeNavigationAnimator(name: "fixture-nav", config: .empty) == nil)
        #expect(!logs.contains("libother.so"))
    }

    @Test func pluginsListOpensTheDefaultDirectories() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        _ = try FixtureBuilds.shared.install(.scroll(), into: dir.path, as: "libsheetd-scroll.so")
        let host = PluginHost(allowedDirectories: [], defaultDirectories: [dir.path, dir.path + "/missing"],
                              log: { _ in })
        #expect(host.plugins.map(\.name) == ["fixture-scroll"])
    }

    /// Default directories come before --plugin-dir: the bundled plugin keeps its name.
    @Test func defaultDirectoriesComeFirst() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let bundled = try dir.subdirectory("bundled")
        let extra = try dir.subdirectory("extra")
        _ = try FixtureBuilds.shared.install(.dismissal(), into: bundled, as: "libsheetd-fixture.so")
        _ = try FixtureBuilds.shared.install(.dismissal(), into: extra, as: "libfixture.so")
        let logs = LevelledLogCapture()
        let host = PluginHost(allowedDirectories: [extra], defaultDirectories: [bundled], log: logs.sink)
        let loaded = host.loadAll()
        #expect(loaded.map(\.path) == [PluginPathText.real(bundled + "/libsheetd-fixture.so")])
        #expect(logs.level(of: "is already taken by") == .warning)
    }

    /// The same directory as a default and as --plugin-dir: each file is opened once.
    @Test func aDirectoryGivenTwiceOpensEachFileOnce() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        _ = try FixtureBuilds.shared.install(.dismissal(), into: dir.path, as: "libsheetd-fixture.so")
        _ = try FixtureBuilds.shared.install(.navigation(), into: dir.path, as: "libnav.so")
        let logs = LogCapture()
        let host = PluginHost(allowedDirectories: [dir.path], defaultDirectories: [dir.path], log: logs.sink)
        #expect(host.loadAll().map(\.name) == ["fixture", "fixture-nav"])
        #expect(!logs.contains("already taken"))
    }
}

enum PluginPathText {
    static func real(_ path: String) -> String {
        guard let r = realpath(path, nil) else { return path }
        defer { free(r) }
        return String(cString: r)
    }
}
