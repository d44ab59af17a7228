import Foundation
import SheetRPC
import SheetServer
import Testing

// The spec documents against the implementation: protocol/openrpc.json lists exactly the
// methods SheetService dispatches (plus the lifecycle and server->host messages), exactly the
// methods protocol/README.md names, and passes protocol/validate-openrpc.py.
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

    /// Every method of openrpc.json is specified in the prose (protocol/README.md names it as
    /// a code span, `sheet.present {...}` or `exit`), and every wire method the prose names is in
    /// openrpc.json: the two documents of the repository agree, nothing outside is consulted.
    @Test func openRPCMethodsMatchTheProse() throws {
        let url = Self.repoRoot.appendingPathComponent("protocol/README.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let regex = try NSRegularExpression(
            pattern: #"`(\$/[a-zA-Z]+|(?:session|sheet|nav|input|plugins|clock)\.[a-zA-Z]+|initialize|shutdown|exit)[ `]"#)
        let ns = text as NSString
        let prose = Set(regex.matches(in: text, range: NSRange(location: 0, length: ns.length))
            .map { ns.substring(with: $0.range(at: 1)) })
        let documented = Set(try Self.openRPCMethodNames())
        #expect(documented.subtracting(prose).sorted() == [], "in openrpc.json but never named in protocol/README.md")
        // Frame paths such as `sheet.y` or `nav.separatorX` look like method names; they are not.
        let framePaths = try Self.frameMemberPaths()
        #expect(framePaths.contains("sheet.y") && framePaths.contains("nav.separatorX"))
        #expect(prose.subtracting(documented).subtracting(framePaths).sorted() == [],
                "named in protocol/README.md but not in openrpc.json")
    }

    /// `member.property` for every object member of `sheet.frame`'s params in openrpc.json.
    static func frameMemberPaths() throws -> Set<String> {
        let url = repoRoot.appendingPathComponent("protocol/openrpc.json")
        let doc = try JSONCodec.decode(Array(try Data(contentsOf: url)))
        func resolve(_ schema: JSONValue?) -> JSONValue? {
            guard let ref = schema?["$ref"]?.stringValue, ref.hasPrefix("#/components/schemas/") else { return schema }
            return doc["components"]?["schemas"]?[String(ref.dropFirst("#/components/schemas/".count))]
        }
        let frame = try #require(doc["methods"]?.arrayValue?.first { $0["name"] == "sheet.frame" })
        var paths: Set<String> = []
        for param in frame["params"]?.arrayValue ?? [] {
            guard let name = param["name"]?.stringValue,
                  case .object(let props)? = resolve(param["schema"])?["properties"] else { continue }
            for key in props.ordered.map(\.key) { paths.insert("\(name).\(key)") }
        }
        return paths
    }

    /// protocol/validate-openrpc.py: the OpenRPC meta-schema (the repository's copy,
    /// protocol/openrpc-meta-schema.json), schema sanity, and every example line against its
    /// method's params. Needs a Python 3 with `jsonschema` (README set-up line; CI installs it).
    @Test func validatorPasses() throws {
        let script = Self.repoRoot.appendingPathComponent("protocol/validate-openrpc.py").path
        let r = try Python.run(script, [], importing: "jsonschema",
                               debianPackage: "python3-jsonschema", pipPackage: "jsonschema")
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
        #expect(events == ["willSettle", "presented", "willSettle", "dismissed"])
    }
}

/// The realtime-clock session a person pastes from README.md presents the sheet with frames
/// the daemon times itself. The test waits for the `presented` event (no sleep), then sends
/// the rest.
@Suite struct ReadmeRealtimeExampleTests {
    @Test func pasteableRealtimeSessionPresents() throws {
        let readme = try String(contentsOf: SpecTests.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "The same present on the realtime clock"),
              let end = readme.range(of: "| .build/debug/sheetd", range: start.upperBound..<readme.endIndex) else {
            Issue.record("README.md lost its realtime-clock example")
            return
        }
        let messages = readme[start.upperBound..<end.lowerBound].split(separator: "'").filter { $0.hasPrefix("{") }.map(String.init)
        #expect(messages.count == 5)
        guard messages.count == 5 else { return }
        let d = try Daemon()
        for m in messages.prefix(3) { d.send(m) }
        var frames: [JSONValue] = []
        var message = try d.readMessage()
        while message["method"] != "sheet.event" || message["params"]?["type"] == "willSettle" {
            if message["method"] == "sheet.frame", let p = message["params"] { frames.append(p) }
            message = try d.readMessage()
        }
        #expect(message["params"]?["type"] == "presented")
        #expect(frames.count >= 2, "the daemon ticked itself")
        #expect(frames.first?["sheet"]?["y"]?.doubleValue ?? 0 > 510)
        #expect(frames.last?["sheet"]?["y"] == 510)
        #expect(frames.last?["state"] == "presented")
        for m in messages.dropFirst(3) { d.send(m) }
        #expect(try d.readMessage()["result"] == .null)
        #expect(try d.waitForExit() == 0)
    }
}
