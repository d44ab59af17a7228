#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import SheetRPC
import Testing
@testable import sheetd

// The built daemon and its plugins end to end: bundled plugins found next to the executable
// with no flag (and opened lazily), `--no-default-plugins`, log levels of refusals and plugin
// lines, one `-32011` per fault.

/// A fixture plugin variant compiled with cc into a fresh private directory.
enum PluginFixtureVariant {
    static func build(kind: Int = 1, name: String = "fixture") throws -> String {
        let dir = try PluginFixture.build()
        let source = PluginFixture.root.path + "/Tests/SheetPluginHostTests/Fixtures/fixture_plugin.c"
        let r = try Subprocess.run("/usr/bin/env", ["cc", "-std=c99", "-shared", "-fPIC", "-o", dir + "/libfixture.so",
                                                    source, "-I", PluginFixture.root.path + "/protocol",
                                                    "-DFIXTURE_KIND=\(kind)", "-DFIXTURE_NAME=\"\(name)\"", "-lm"])
        guard r.status == 0 else { throw Daemon.Failure(description: "cc failed: \(r.stderr)") }
        chmod(dir + "/libfixture.so", 0o755)
        return dir
    }
}

@Suite struct PluginDefaultsTests {
    static let examples = ["22-plugin-material-dismissal.ndjson", "23-plugin-expanded-only.ndjson",
                           "24-plugin-crossfade-navigation.ndjson", "65-plugin-golden-detent-resolver.ndjson"]

    /// NDJSON lines.
    static func stream(_ messages: [JSONValue]) -> [UInt8] {
        messages.flatMap { JSONCodec.encode($0) + [10] }
    }

    static func example(_ file: String) -> String {
        ExampleReplayTests.examplesDir.appendingPathComponent(file).path
    }

    /// `sheetd replay 22|23|24` works with no flag: the bundled plugins next to the executable
    /// are found, and the output is the one `--plugin-dir <build dir>` gives (but for the
    /// `initialize` answer, which lists only plugins opened so far).
    @Test(arguments: examples) func pluginExamplesReplayWithNoFlag(_ file: String) throws {
        let plain = try Daemon.run(["replay", Self.example(file)])
        #expect(plain.status == 0, "stderr: \(plain.stderr)")
        #expect(!plain.stdout.contains("\"error\""), "\(plain.stdout.prefix(600))")
        #expect(!plain.stdout.contains("-32011"))
        let buildDir = URL(fileURLWithPath: try Daemon.binaryPath()).deletingLastPathComponent().path
        let flagged = try Daemon.run(["--plugin-dir", buildDir, "replay", Self.example(file)])
        #expect(flagged.status == 0)
        let lines = plain.stdout.split(separator: "\n")
        #expect(lines.count > 10)
        #expect(lines.dropFirst() == flagged.stdout.split(separator: "\n").dropFirst())
    }

    @Test func noDefaultPluginsOption() throws {
        #expect(try Options.parse([]).defaultPlugins)
        #expect(try !Options.parse(["--no-default-plugins", "replay", "f.ndjson"]).defaultPlugins)
        #expect(throws: Options.UsageError.self) { try Options.parse(["--no-default-plugins=yes"]) }
        let dirs = Options.defaultPluginDirectories()
        #expect(dirs.count == 2 && dirs[1] == dirs[0] + "/../lib/sheetd/plugins")
    }

    @Test func noDefaultPluginsTurnsThemOff() throws {
        let r = try Daemon.run(["--no-default-plugins", "replay", Self.example(Self.examples[0])])
        #expect(r.stdout.contains(#"unknown dismissal policy \"material\""#), "\(r.stdout.prefix(600))")
        #expect(r.stdout.contains("-32602"))
        let help = try Daemon.run(["--help"])
        #expect(help.stdout.contains("--no-default-plugins"))
    }

    /// Bundled plugins are not opened at start (nor by `initialize`); `plugins.list` opens
    /// them, and a session asking for one by name does too.
    @Test func defaultPluginsAreOpenedOnFirstUse() throws {
        let d = try Daemon(arguments: ["--log-level", "info"])
        let hello = try d.call("initialize", ["clock": "host"])
        #expect(hello["policies"]?["dismissal"] == ["deceleration", "projection"])
        #expect(!d.stderrText.contains("plugins: loaded"))
        let list = try d.call("plugins.list")
        let names = Set((list.arrayValue ?? []).compactMap { $0["name"]?.stringValue })
        #expect(names == ["material", "expanded-only", "crossfade", "golden"])

        let e = try Daemon()
        _ = try e.call("initialize", ["clock": "host"])
        var params = EngineEndToEndTests.create
        if case .object(var o) = params {
            o["policies"] = ["scrollHandoff": "expanded-only"]
            params = .object(o)
        }
        #expect(try e.call("session.create", params)["session"] == "s1")
    }

    /// A plugin refused at start-up is reported at the default log level (warn).
    @Test func refusalAtStartIsPrintedAtTheDefaultLevel() throws {
        let dir = try PluginFixture.build()
        defer { PluginFixture.remove(dir) }
        try "not an ELF file".write(toFile: dir + "/libgarbage.so", atomically: true, encoding: .utf8)
        chmod(dir + "/libgarbage.so", 0o644)
        let r = try Daemon.run(["--plugin-dir", dir], input: Self.stream([
            ["jsonrpc": "2.0", "id": 1, "method": "shutdown"], ["jsonrpc": "2.0", "method": "exit"]]))
        #expect(r.stderr.contains("sheetd: warn: plugins: plugin \(dir)/libgarbage.so: not a loadable shared object"),
                "\(r.stderr)")
        #expect(!r.stderr.contains("plugins: loaded"))  // info: not at the default level
    }

    /// A plugin's own lines keep their level: its error and warning print by default, its
    /// info and debug lines do not.
    @Test func pluginLogLevelsAreHonoured() throws {
        let dir = try PluginFixture.build()
        defer { PluginFixture.remove(dir) }
        var create = EngineEndToEndTests.create
        if case .object(var o) = create {
            o["policies"] = ["dismissal": "fixture", "config": ["fixture": ["fault": "logerror"]]]
            create = .object(o)
        }
        let r = try Daemon.run(["--plugin-dir", dir], input: Self.stream([
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["clock": "host"]],
            ["jsonrpc": "2.0", "id": 2, "method": "session.create", "params": create],
            ["jsonrpc": "2.0", "id": 3, "method": "shutdown"], ["jsonrpc": "2.0", "method": "exit"]]))
        #expect(r.stdout.contains(#""result":{"session":"s1","#))
        #expect(r.stderr.contains("sheetd: error: plugin fixture: error: fixture error line"), "\(r.stderr)")
        #expect(r.stderr.contains("sheetd: warn: plugin fixture: warning: fixture warning line"))
        #expect(!r.stderr.contains("fixture info line"))
        #expect(!r.stderr.contains("fixture debug line"))
    }

    /// The issue's case end to end: a navigation plugin whose curve has y1/y2 = ±1e301. One
    /// `-32011` for the session, frames finite and inside the container.
    @Test func hugeNavigationCurveGivesOneDiagnosticAndSaneFrames() throws {
        let dir = try PluginFixtureVariant.build(kind: 3, name: "fixture-nav")
        defer { PluginFixture.remove(dir) }
        let create: JSONValue = [
            "container": ["width": 390, "height": 844, "safeArea": ["top": 47, "bottom": 34]],
            "navigation": ["entries": [["id": "root", "preferredHeight": 240]]],
            "policies": ["navigation": "fixture-nav", "config": ["fixture-nav": ["fault": "curve"]]],
        ]
        var messages: [JSONValue] = [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["clock": "host"]],
            ["jsonrpc": "2.0", "id": 2, "method": "session.create", "params": create],
            ["jsonrpc": "2.0", "id": 3, "method": "sheet.present", "params": ["session": "s1", "t": 0, "animated": false]],
            ["jsonrpc": "2.0", "id": 4, "method": "nav.push",
             "params": ["session": "s1", "t": 100, "entry": ["id": "details", "preferredHeight": 420]]],
        ]
        for (i, t) in stride(from: 100, through: 900, by: 16).enumerated() {
            messages.append(["jsonrpc": "2.0", "id": .int(Int64(10 + i)), "method": "clock.tick", "params": ["t": .int(Int64(t))]])
        }
        messages += [["jsonrpc": "2.0", "id": 999, "method": "shutdown"], ["jsonrpc": "2.0", "method": "exit"]]
        let r = try Daemon.run(["--plugin-dir", dir], input: Self.stream(messages))
        #expect(r.status == 0)
        let out = try r.stdout.split(separator: "\n").map { try JSONCodec.decode(String($0)) }
        let diagnostics = out.filter { $0["method"] == "$/diagnostic" }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["params"]?["code"] == -32011)
        let frames = out.filter { $0["method"] == "sheet.frame" }
        #expect(frames.count > 5)
        for f in frames {
            let y = f["params"]?["sheet"]?["y"]?.doubleValue ?? .nan
            #expect(y >= 0 && y <= 844, "\(JSONCodec.encodeToString(f))")
            for item in f["params"]?["nav"]?["items"]?.arrayValue ?? [] {
                let x = item["x"]?.doubleValue ?? .nan
                #expect(abs(x) <= 390, "\(JSONCodec.encodeToString(f))")
            }
        }
    }
}
