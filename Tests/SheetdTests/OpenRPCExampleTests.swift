import Foundation
import SheetRPC
import Testing

/// protocol/openrpc.json, parsed, with `$ref`s into `components` resolved on demand.
struct OpenRPCDocument {
    let doc: JSONValue

    static func load() throws -> OpenRPCDocument {
        let url = SpecTests.repoRoot.appendingPathComponent("protocol/openrpc.json")
        return OpenRPCDocument(doc: try JSONCodec.decode(Array(try Data(contentsOf: url))))
    }

    /// `node`, or what its `{"$ref": "#/components/..."}` points at.
    func resolve(_ node: JSONValue) -> JSONValue {
        guard let ref = node["$ref"]?.stringValue, ref.hasPrefix("#/") else { return node }
        var target: JSONValue? = doc
        for part in ref.dropFirst(2).split(separator: "/") { target = target?[String(part)] }
        return target ?? .null
    }

    var methods: [JSONValue] { (doc["methods"]?.arrayValue ?? []).map(resolve) }

    func method(_ name: String) -> JSONValue? { methods.first { $0["name"]?.stringValue == name } }

    /// The codes each method lists in `errors`.
    func errorCodesByMethod() -> [String: Set<Int64>] {
        var out: [String: Set<Int64>] = [:]
        for m in methods {
            guard let name = m["name"]?.stringValue else { continue }
            out[name] = Set((m["errors"]?.arrayValue ?? []).compactMap {
                if case .int(let c)? = resolve($0)["code"] { return c }
                return nil
            })
        }
        return out
    }
}

/// One example pairing of openrpc.json: `methods[name].examples[index]`.
struct OpenRPCExampleID: Sendable, CustomTestStringConvertible {
    var method: String
    var index: Int
    var name: String
    var testDescription: String { "\(method): \(name)" }

    /// Every example of openrpc.json; throws when the document cannot be read.
    static func all() throws -> [OpenRPCExampleID] {
        try OpenRPCDocument.load().methods.flatMap { m -> [OpenRPCExampleID] in
            let method = m["name"]?.stringValue ?? "?"
            return (m["examples"]?.arrayValue ?? []).enumerated().map {
                OpenRPCExampleID(method: method, index: $0.offset, name: $0.element["name"]?.stringValue ?? "#\($0.offset)")
            }
        }
    }
}

/// The examples in protocol/openrpc.json are true: each is replayed against the built sheetd
/// (host clock) by the convention of protocol/conformance/README.md ("Examples in
/// openrpc.json") and must give exactly its `result`, `x-error`, notification `params` or
/// `x-exitStatus`. scripts/regen-conformance.sh rewrites them after a deliberate change.
@Suite struct OpenRPCExampleTests {
    static let callID: JSONValue = "example"
    static let noParams: Set<String> = ["shutdown", "exit", "session.list", "plugins.list"]

    @Test func everyMethodHasAnExample() throws {
        let doc = try OpenRPCDocument.load()
        let without = doc.methods.filter { ($0["examples"]?.arrayValue ?? []).isEmpty }.compactMap { $0["name"]?.stringValue }
        #expect(without == [], "methods of openrpc.json without an example pairing")
    }

    @Test(arguments: try OpenRPCExampleID.all())
    func exampleReplaysAsDocumented(_ id: OpenRPCExampleID) throws {
        let doc = try OpenRPCDocument.load()
        let method = try #require(doc.method(id.method))
        let example = try #require(method["examples"]?.arrayValue?[id.index])
        #expect(example["x-setup"] != nil || id.method == "initialize",
                "no x-setup: list the messages sent before the call ([] for before initialize)")
        var params = JSONObject()
        for p in example["params"]?.arrayValue ?? [] {
            params[try #require(p["name"]?.stringValue)] = p["value"] ?? .null
        }
        var lines = (example["x-setup"]?.arrayValue ?? []).map(JSONCodec.encodeToString)
        let serverToHost = SpecTests.serverToHost.contains(id.method)
        if !serverToHost {
            var call: JSONObject = ["jsonrpc": "2.0"]
            if id.method != "exit" { call["id"] = Self.callID }
            call["method"] = .string(id.method)
            if !params.members.isEmpty || !Self.noParams.contains(id.method) { call["params"] = .object(params) }
            lines.append(JSONCodec.encodeToString(.object(call)))
        }
        let r = try Daemon.run([], input: Array(lines.map { $0 + "\n" }.joined().utf8))
        // The bundled plugins' directory reads as `<plugin-dir>`, as in the goldens.
        let bundled = URL(fileURLWithPath: try Daemon.binaryPath()).deletingLastPathComponent().resolvingSymlinksInPath().path
        let out = r.stdout.replacingOccurrences(of: bundled + "/", with: "<plugin-dir>/")
            .split(separator: "\n").compactMap { try? JSONCodec.decode(String($0)) }

        if serverToHost {
            let sent = try #require(out.last { $0["method"]?.stringValue == id.method }, "x-setup sent no \(id.method)")
            #expect(JSONCodec.encodeToString(sent["params"] ?? .null) == JSONCodec.encodeToString(.object(params)))
        } else if id.method == "exit" {
            #expect(.int(Int64(r.status)) == example["x-exitStatus"])
        } else {
            let response = try #require(out.first { $0["id"] == Self.callID }, "no response to the example call")
            if let error = example["x-error"] {
                #expect(JSONCodec.encodeToString(response["error"] ?? .null) == JSONCodec.encodeToString(error))
                let codes = doc.errorCodesByMethod()[id.method] ?? []
                if case .int(let code)? = error["code"] {
                    #expect(codes.contains(code), "\(id.method) answers \(code) but its errors do not list it")
                }
            } else {
                let result = try #require(example["result"]?["value"], "the example has neither result nor x-error")
                #expect(JSONCodec.encodeToString(response["result"] ?? .null) == JSONCodec.encodeToString(result))
            }
        }
    }
}
