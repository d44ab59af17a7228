import SheetRPC
import SheetServer
import SheetWire
import Testing

/// protocol/openrpc.json says what SheetWire declares, member by member: every method's and
/// notification's params have the declared names, JSON types, ranges, choices and
/// requiredness, and each method the documented result.
@Suite struct OpenRPCMatchesWireTests {
    static let methods = WireProtocol.lifecycle + SheetService.methodInfos

    /// A param of openrpc.json with its schema resolved (`$ref`s followed).
    struct Param {
        var name: String
        var required: Bool
        var schema: JSONValue
        /// The component schema it names (`Vector`), if any.
        var schemaName: String?
    }

    static func params(of method: String, in doc: OpenRPCDocument) throws -> [Param] {
        let m = try #require(doc.method(method), "\(method) is not in openrpc.json")
        return try (m["params"]?.arrayValue ?? []).map { raw in
            let p = doc.resolve(raw)
            let name = try #require(p["name"]?.stringValue)
            var schema = p["schema"] ?? .null
            var schemaName = Self.componentName(schema)
            if schemaName == nil, let items = schema["items"] { schemaName = Self.componentName(items) }
            schema = doc.resolve(schema)
            // `{"allOf": [{"$ref": ...}], "description": ...}`: the one schema it refines.
            if let only = schema["allOf"]?.arrayValue, only.count == 1 { schema = doc.resolve(only[0]) }
            return Param(name: name, required: p["required"] == .bool(true), schema: schema, schemaName: schemaName)
        }
    }

    static func componentName(_ schema: JSONValue) -> String? {
        guard let ref = schema["$ref"]?.stringValue, ref.hasPrefix("#/components/schemas/") else { return nil }
        return String(ref.dropFirst("#/components/schemas/".count))
    }

    /// What is wrong with `p` as the documentation of `m` (empty: nothing).
    static func differences(_ m: MemberSpec, _ p: Param, in method: String) -> [String] {
        var out: [String] = []
        let at = "\(method) \(m.name)"
        if m.required != p.required { out.append("\(at): required \(m.required), openrpc.json says \(p.required)") }
        // A nullable member's type is `[T, "null"]`.
        let type = p.schema["type"]?.stringValue ?? p.schema["type"]?.arrayValue?.compactMap(\.stringValue).first { $0 != "null" }
            ?? (p.schema["oneOf"] != nil ? "oneOf" : nil)
        if let schema = m.schema {
            if p.schemaName != schema { out.append("\(at): schema \(schema), openrpc.json says \(p.schemaName ?? "none")") }
        } else if type != m.type.rawValue {
            out.append("\(at): type \(m.type.rawValue), openrpc.json says \(type ?? "none")")
        }
        if let r = m.range {
            let lo = p.schema["minimum"]?.doubleValue, hi = p.schema["maximum"]?.doubleValue
            if lo != r.lowerBound || hi != r.upperBound {
                out.append("\(at): range \(r), openrpc.json says \(lo.map { "\($0)" } ?? "-")...\(hi.map { "\($0)" } ?? "-")")
            }
        }
        if !m.choices.isEmpty {
            let documented = (p.schema["enum"] ?? p.schema["oneOf"]?.arrayValue?.first?["enum"])?.arrayValue?.compactMap(\.stringValue) ?? []
            if documented != m.choices { out.append("\(at): choices \(m.choices), openrpc.json says \(documented)") }
        }
        return out
    }

    static func check(_ name: String, _ members: [MemberSpec], in doc: OpenRPCDocument) throws -> [String] {
        let documented = try params(of: name, in: doc)
        var out: [String] = []
        let declared = members.map(\.name), listed = documented.map(\.name)
        if Set(declared) != Set(listed) {
            out.append("\(name): members \(declared.sorted()), openrpc.json lists \(listed.sorted())")
        }
        for m in members {
            guard let p = documented.first(where: { $0.name == m.name }) else { continue }
            out += differences(m, p, in: name)
        }
        return out
    }

    @Test(arguments: methods.map(\.name))
    func methodParamsAreTheDeclaredMembers(_ name: String) throws {
        let doc = try OpenRPCDocument.load()
        let info = try #require(Self.methods.first { $0.name == name })
        let wrong = try Self.check(name, info.allMembers, in: doc)
        #expect(wrong == [], "\(wrong.joined(separator: "\n"))")
    }

    @Test(arguments: methods.map(\.name))
    func methodResultIsTheDeclaredOne(_ name: String) throws {
        let doc = try OpenRPCDocument.load()
        let info = try #require(Self.methods.first { $0.name == name })
        let result = doc.method(name)?["result"]
        switch info.result {
        case .state, .pan, .session, .restore, .plugin, .releasePreview:
            #expect(result.flatMap { Self.componentName($0["schema"] ?? .null) } == info.result.rawValue)
        case .null:
            #expect(result == nil || result?["schema"]?["type"] == "null")
        case .plugins:
            #expect(result?["schema"]?["items"].flatMap(Self.componentName) == WireResult.plugin.rawValue)
        case .tick, .initialize, .sessions, .snapshot, .frame, .runUntilRest:
            #expect(result?["schema"]?["type"] == (info.result == .sessions ? "array" : "object"))
        }
    }

    @Test(arguments: WireProtocol.notifications.map(\.name))
    func notificationParamsAreTheDeclaredMembers(_ name: String) throws {
        let doc = try OpenRPCDocument.load()
        let info = try #require(WireProtocol.notifications.first { $0.name == name })
        let wrong = try Self.check(name, info.members, in: doc)
        #expect(wrong == [], "\(wrong.joined(separator: "\n"))")
    }

    /// The members of a component schema (`Options`), each optional unless listed in `required`.
    static func properties(of schema: String, in doc: OpenRPCDocument) throws -> [Param] {
        // `Options.detached`: a member's inline schema.
        let parts = schema.split(separator: ".").map(String.init)
        var node = try #require(doc.doc["components"]?["schemas"]?[parts[0]], "no schema \(schema)")
        for member in parts.dropFirst() { node = try #require(node["properties"]?[member], "no schema \(schema)") }
        let required = Set(node["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        // A `oneOf` of object forms (`Detent`, `Timing`): every form's members, required when
        // some form requires them.
        var forms = node["oneOf"]?.arrayValue?.filter { $0["properties"] != nil } ?? []
        if forms.isEmpty { forms = [node] }
        var members: [JSONObject.Member] = []
        for form in forms {
            guard case .object(let props)? = form["properties"] else { continue }
            for m in props.ordered where !members.contains(where: { $0.key == m.key }) { members.append(m) }
        }
        let requiredInAForm = required.union(forms.flatMap { $0["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] })
        return members.map { member in
            let name = member.key, raw = member.value
            var schema = doc.resolve(raw), schemaName = Self.componentName(raw)
            if schemaName == nil, let items = raw["items"] { schemaName = Self.componentName(items) }
            if let only = raw["allOf"]?.arrayValue, only.count == 1 {
                schemaName = Self.componentName(only[0])
                schema = doc.resolve(only[0])
            }
            return Param(name: name, required: requiredInAForm.contains(name), schema: schema, schemaName: schemaName)
        }
    }

    /// The component schemas SheetWire declares the members of.
    static let shapes: [String: [MemberSpec]] = [
        "Options": OptionsMembers.all, "Container": ContainerShape.all, "SafeArea": SafeAreaShape.all,
        "NavEntry": NavEntryShape.all, "Spring": SpringShape.all, "Content": ContentShape.all,
        "Navigation": NavigationShape.all, "Vector": VectorShape.all, "PolicySelection": PolicySelectionShape.all,
        "Options.detached": DetachedShape.all, "Options.gesture": GestureShape.all,
        "Options.rubberBand": RubberBandShape.all, "Detent": DetentShape.all, "Timing": TimingShape.all,
    ]

    @Test(arguments: shapes.keys.sorted())
    func componentSchemaIsTheDeclaredMembers(_ schema: String) throws {
        let doc = try OpenRPCDocument.load()
        let documented = try Self.properties(of: schema, in: doc)
        let members = try #require(Self.shapes[schema])
        var wrong: [String] = []
        let declared = members.map(\.name)
        if Set(declared) != Set(documented.map(\.name)) {
            wrong.append("\(schema): members \(declared.sorted()), openrpc.json lists \(documented.map(\.name).sorted())")
        }
        for m in members {
            guard let p = documented.first(where: { $0.name == m.name }) else { continue }
            wrong += Self.differences(m, p, in: schema)
        }
        #expect(wrong == [], "\(wrong.joined(separator: "\n"))")
    }

    @Test func everyDocumentedMethodIsDeclared() throws {
        let doc = try OpenRPCDocument.load()
        let documented = doc.methods.compactMap { $0["name"]?.stringValue }
        let declared = Self.methods.map(\.name) + WireProtocol.notifications.map(\.name)
        #expect(documented.sorted() == declared.sorted())
    }
}
