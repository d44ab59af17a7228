import Foundation
import SheetRPC
import SheetServer
import Testing

// The spec documents against the implementation: protocol/openrpc.json lists exactly the
// methods SheetService dispatches (plus the lifecycle and server->host messages), covers every
// wire name of the contract (../shared/PROTOCOL.md), and passes protocol/validate-openrpc.py.
@Suite struct SpecTests {
    /// The repository root: this file is Tests/SheetdTests/SpecTests.swift.
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// Sent by the server to the host; no handler in SheetService.
    static let serverToHost: Set<String> = ["sheet.frame", "sheet.event", "$/diagnostic"]
    /// Handled by the connection (RPCConnection), not by SheetService.
    static let lifecycle: Set<String> = ["initialize", "shutdown", "exit"]

    static func openRPCMethodNames() throws -> [String] {
        let url = repoRoot.appendingPathComponent("protocol/openrpc.json")
        let doc = try JSONCodec.decode(Array(try Data(contentsOf: url)))
        let methods = try #require(doc["methods"]?.arrayValue, "openrpc.json has no methods array")
        return try methods.map { m in
            try #require(m["name"]?.stringValue, "a method without a name: \(JSONCodec.encodeToString(m))")
        }
    }

    @Test func openRPCMethodsMatchTheService() throws {
        let names = try Self.openRPCMethodNames()
        #expect(names.count == Set(names).count, "duplicate method names in openrpc.json")
        let documented = Set(names).subtracting(Self.serverToHost).subtracting(Self.lifecycle)
        let implemented = SheetService(configuration: .init()).methodNames
        #expect(documented.subtracting(implemented).sorted() == [], "documented but not implemented")
        #expect(implemented.subtracting(documented).sorted() == [], "implemented but not documented")
        #expect(Set(names).isSuperset(of: Self.serverToHost.union(Self.lifecycle)))
    }

    @Test func contractMethodsAreDocumented() throws {
        let url = Self.repoRoot.deletingLastPathComponent().appendingPathComponent("shared/PROTOCOL.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        // Wire names appear in the contract as code spans: `sheet.present {...}`, `exit`.
        let regex = try NSRegularExpression(
            pattern: #"`(\$/[a-zA-Z]+|(?:session|sheet|nav|input|plugins|clock)\.[a-zA-Z]+|initialize|shutdown|exit)[ `]"#)
        let ns = text as NSString
        let contract = Set(regex.matches(in: text, range: NSRange(location: 0, length: ns.length))
            .map { ns.substring(with: $0.range(at: 1)) })
        #expect(contract.count >= 27, "found only \(contract.sorted()) in PROTOCOL.md")
        let documented = Set(try Self.openRPCMethodNames())
        #expect(contract.subtracting(documented).sorted() == [], "in PROTOCOL.md but not in openrpc.json")
    }

    /// protocol/validate-openrpc.py: the OpenRPC meta-schema (../shared/openrpc/meta-schema.json),
    /// schema sanity, and every example line against its method's params. Needs python3 with
    /// the `jsonschema` package (CI installs it).
    @Test func validatorPasses() throws {
        let env = "/usr/bin/env"
        let probe = try Subprocess.run(env, ["python3", "-c", "import jsonschema"])
        guard probe.status == 0 else {
            Issue.record("""
                protocol/validate-openrpc.py needs python3 with the jsonschema package \
                (python3 -m pip install jsonschema); probe failed with status \(probe.status): \(probe.stderr)
                """)
            return
        }
        let script = Self.repoRoot.appendingPathComponent("protocol/validate-openrpc.py").path
        let r = try Subprocess.run(env, ["python3", script])
        #expect(r.status == 0, "validate-openrpc.py failed:\n\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasPrefix("OK "), "\(r.stdout)")
    }
}

/// The annotated transcript at the end of protocol/README.md is real: its `>` lines, sent to
/// sheetd, produce exactly its `<` lines.
@Suite struct TranscriptTests {
    @Test func protocolReadmeTranscriptReplaysByteForByte() throws {
        let text = try String(contentsOf: SpecTests.repoRoot.appendingPathComponent("protocol/README.md"), encoding: .utf8)
        guard let start = text.range(of: "## 17.") else {
            Issue.record("protocol/README.md has no section 17 (the transcript)")
            return
        }
        let lines = text[start.lowerBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let input = lines.filter { $0.hasPrefix("> ") }.map { $0.dropFirst(2) + "\n" }.joined()
        let expected = lines.filter { $0.hasPrefix("< ") }.map { $0.dropFirst(2) + "\n" }.joined()
        #expect(!input.isEmpty && !expected.isEmpty)
        let r = try Daemon.run([], input: Array(input.utf8))
        #expect(r.status == 0)
        #expect(r.stdout == expected)
    }
}

/// The session a person pastes from README.md does what the README says it does.
@Suite struct ReadmeExampleTests {
    @Test func pasteableSessionBehavesAsDescribed() throws {
        let readme = try String(contentsOf: SpecTests.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "## Talk to it"), let end = readme.range(of: "| .build/debug/sheetd", range: start.upperBound..<readme.endIndex) else {
            Issue.record("README.md lost its 'Talk to it' example")
            return
        }
        // Every single-quoted JSON message of the printf line, in order.
        let block = readme[start.upperBound..<end.lowerBound]
        let messages = block.split(separator: "'").filter { $0.hasPrefix("{") }
        #expect(messages.count == 10)
        let r = try Daemon.run([], input: Array(messages.map { $0 + "\n" }.joined().utf8))
        #expect(r.status == 0)
        let out = try r.stdout.split(separator: "\n").map { try JSONCodec.decode(String($0)) }
        let frames = out.filter { $0["method"] == "sheet.frame" }.compactMap { $0["params"] }
        #expect(frames.first { $0["t"] == 150 }?["sheet"]?["y"] == 677)
        #expect(frames.first { $0["t"] == 300 }?["sheet"]?["y"] == 510)
        let events = out.filter { $0["method"] == "sheet.event" }.compactMap { $0["params"]?["type"]?.stringValue }
        #expect(events == ["presented", "dismissed"])
    }
}
