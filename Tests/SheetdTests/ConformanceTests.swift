import Foundation
import SheetRPC
import Testing

/// How the conformance suite (protocol/conformance) and the openrpc.json examples run sheetd:
/// as users run it (bundled plugins available), with the bundled plugins' directory given for
/// cases whose name contains "plugin" (protocol/conformance/README.md).
enum ConformanceRun {
    static let root = SpecTests.repoRoot.appendingPathComponent("protocol/conformance")

    /// No case found: the folder moved or is empty, and a green run would prove nothing.
    struct NoCases: Error, CustomStringConvertible {
        var description: String { "no NAME.ndjson in \(ConformanceRun.root.path)" }
    }

    /// The input streams, `NAME.ndjson` (not the `NAME.golden.ndjson` beside them); throws
    /// when the folder cannot be read or holds none.
    static func cases() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { $0.hasSuffix(".ndjson") && !$0.hasSuffix(".golden.ndjson") }
            .map { String($0.dropLast(".ndjson".count)) }
            .sorted()
        guard !names.isEmpty else { throw NoCases() }
        return names
    }

    static func arguments(forCase name: String) throws -> [String] {
        var args: [String] = []
        if name.contains("plugin") {
            args += ["--plugin-dir", URL(fileURLWithPath: try Daemon.binaryPath()).deletingLastPathComponent().path]
        }
        return args
    }

    static func lines(_ file: URL) throws -> [JSONValue] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { line in
            (try? JSONCodec.decode(String(line))) ?? .null
        }
    }
}

/// protocol/conformance: every `NAME.ndjson` replayed by the built sheetd gives exactly
/// `NAME.golden.ndjson` (`sheetd replay NAME.ndjson --expect NAME.golden.ndjson` exits 0).
/// Regenerate after a deliberate change with scripts/regen-conformance.sh.
@Suite struct ConformanceTests {
    @Test(arguments: try ConformanceRun.cases())
    func replayMatchesGolden(_ name: String) throws {
        let input = ConformanceRun.root.appendingPathComponent(name + ".ndjson").path
        let golden = ConformanceRun.root.appendingPathComponent(name + ".golden.ndjson").path
        let r = try Subprocess.run(try Daemon.binaryPath(),
                                   try ConformanceRun.arguments(forCase: name) + ["replay", input, "--expect", golden])
        #expect(r.status == 0, "\(name): \(r.stderr) (scripts/regen-conformance.sh regenerates goldens after a deliberate change)")
        #expect(r.stdout.isEmpty)
    }

    @Test func suiteHasAtLeastTwentyPairs() throws {
        let cases = try ConformanceRun.cases()
        #expect(cases.count >= 20)
        for name in cases {
            #expect(FileManager.default.fileExists(atPath: ConformanceRun.root.appendingPathComponent(name + ".golden.ndjson").path),
                    "\(name).ndjson has no golden")
            // Goldens hold no machine's paths: replay --expect reads plugin directories as <plugin-dir>.
            let golden = (try? String(contentsOf: ConformanceRun.root.appendingPathComponent(name + ".golden.ndjson"), encoding: .utf8)) ?? ""
            #expect(!golden.contains("/.build/"), "\(name).golden.ndjson names a build directory")
        }
    }

    /// Every method of openrpc.json is sent by some case (server->host ones are received), and
    /// every error code of the protocol is answered by some case (but -32603, a bug by definition).
    @Test func suiteCoversEveryMethodAndErrorCode() throws {
        var sent: Set<String> = [], received: Set<String> = [], codes: Set<Int64> = []
        for name in try ConformanceRun.cases() {
            for m in try ConformanceRun.lines(ConformanceRun.root.appendingPathComponent(name + ".ndjson")) {
                for msg in m.arrayValue ?? [m] { if let s = msg["method"]?.stringValue { sent.insert(s) } }
            }
            for m in try ConformanceRun.lines(ConformanceRun.root.appendingPathComponent(name + ".golden.ndjson")) {
                for msg in m.arrayValue ?? [m] {
                    if let s = msg["method"]?.stringValue { received.insert(s) }
                    if case .int(let c)? = msg["error"]?["code"] { codes.insert(c) }
                    if msg["method"] == "$/diagnostic", case .int(let c)? = msg["params"]?["code"] { codes.insert(c) }
                }
            }
        }
        let methods = Set(try SpecTests.openRPCMethodNames())
        #expect(methods.subtracting(SpecTests.serverToHost).subtracting(sent).sorted() == [], "never sent by a case")
        #expect(SpecTests.serverToHost.subtracting(received).sorted() == [], "never received in a golden")
        let all: Set<Int64> = [-32700, -32600, -32601, -32602, -32001, -32002, -32010, -32011, -32012]
        #expect(all.subtracting(codes).sorted() == [], "error codes no case provokes")
    }

    /// Every error a request answers in the suite, and every failed-notification diagnostic, is
    /// listed in that method's `errors` in openrpc.json.
    @Test func everyErrorAnsweredIsListedForItsMethod() throws {
        let listed = try OpenRPCDocument.load().errorCodesByMethod()
        var unlisted: Set<String> = []
        for name in try ConformanceRun.cases() {
            var methodOfID: [String: String] = [:]
            for m in try ConformanceRun.lines(ConformanceRun.root.appendingPathComponent(name + ".ndjson")) {
                for msg in m.arrayValue ?? [m] {
                    if let id = msg["id"], let method = msg["method"]?.stringValue {
                        methodOfID[JSONCodec.encodeToString(id)] = method
                    }
                }
            }
            for m in try ConformanceRun.lines(ConformanceRun.root.appendingPathComponent(name + ".golden.ndjson")) {
                for msg in m.arrayValue ?? [m] {
                    var method: String?, code: Int64?
                    if case .int(let c)? = msg["error"]?["code"], let id = msg["id"] {
                        method = methodOfID[JSONCodec.encodeToString(id)]
                        code = c
                    } else if msg["method"] == "$/diagnostic", msg["params"]?["severity"] == nil,
                              case .int(let c)? = msg["params"]?["code"] {
                        method = msg["params"]?["method"]?.stringValue
                        code = c
                    }
                    // Unknown methods (-32601) have no entry to list it in.
                    guard let method, let code, let codes = listed[method] else { continue }
                    if !codes.contains(code) { unlisted.insert("\(method) answers \(code) (\(name))") }
                }
            }
        }
        #expect(unlisted.sorted() == [], "add these codes to the methods' errors in openrpc.json")
    }
}

/// `sheetd replay FILE --expect GOLDEN` names the first difference.
@Suite struct ReplayExpectTests {
    static func withTemporaryGolden(_ edit: (String) -> String, _ body: (String) throws -> Void) throws {
        let golden = ConformanceRun.root.appendingPathComponent("01-present-dismiss.golden.ndjson")
        let text = try String(contentsOf: golden, encoding: .utf8)
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("sheetd-expect-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).ndjson").path
        try edit(text).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    static func replay(expecting golden: String) throws -> Subprocess.Result {
        let input = ConformanceRun.root.appendingPathComponent("01-present-dismiss.ndjson").path
        return try Subprocess.run(try Daemon.binaryPath(),
                                  ["replay", input, "--expect", golden])
    }

    @Test func namesTheFirstDifferingMember() throws {
        // The frame at t=150 is on line 13: its sheet.y (677) becomes 678 in the golden.
        try Self.withTemporaryGolden({ $0.replacingOccurrences(of: #""t":150,"state":"presenting","sheet":{"x":0,"y":677"#,
                                                             with: #""t":150,"state":"presenting","sheet":{"x":0,"y":678"#) }) { golden in
            let lines = try String(contentsOfFile: golden, encoding: .utf8).split(separator: "\n")
            let n = try #require(lines.firstIndex { $0.contains(#""y":678"#) }) + 1
            let r = try Self.replay(expecting: golden)
            #expect(r.status == 1)
            #expect(r.stderr == "line \(n), params.sheet.y: expected 678, got 677\n")
        }
    }

    @Test func reportsMissingAndExtraLines() throws {
        try Self.withTemporaryGolden({ $0 + #"{"jsonrpc":"2.0","method":"sheet.event"}"# + "\n" }) { golden in
            let r = try Self.replay(expecting: golden)
            #expect(r.status == 1)
            #expect(r.stderr.contains(#": expected {"jsonrpc":"2.0","method":"sheet.event"}, got end of output"#), "\(r.stderr)")
        }
        try Self.withTemporaryGolden({ String($0.split(separator: "\n").dropLast().joined(separator: "\n") + "\n") }) { golden in
            let r = try Self.replay(expecting: golden)
            #expect(r.status == 1)
            #expect(r.stderr.contains(": expected end of output, got {"), "\(r.stderr)")
        }
    }

    @Test func identicalOutputExitsZeroAndMissingGoldenExitsTwo() throws {
        try Self.withTemporaryGolden({ $0 }) { golden in
            let r = try Self.replay(expecting: golden)
            #expect(r.status == 0 && r.stdout.isEmpty && r.stderr.isEmpty)
        }
        let r = try Self.replay(expecting: "/nonexistent/golden.ndjson")
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot read '/nonexistent/golden.ndjson'"))
    }
}

/// The suite includes every bundled example unchanged (scripts/regen-conformance.sh copies them).
@Suite struct ConformanceIncludesExamplesTests {
    @Test func everyExampleIsACaseVerbatim() throws {
        let examples = SpecTests.repoRoot.appendingPathComponent("protocol/examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".ndjson") }
        #expect(files.count >= 24)
        for f in files {
            let original = try Data(contentsOf: examples.appendingPathComponent(f))
            let copy = try? Data(contentsOf: ConformanceRun.root.appendingPathComponent(f))
            #expect(copy == original, "protocol/conformance/\(f) differs from protocol/examples/\(f): run scripts/regen-conformance.sh")
        }
    }
}
