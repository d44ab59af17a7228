import SheetCore
import SheetRPC

/// `session.snapshot` / `session.restore`: the whole engine state as opaque JSON.
///
/// `{format: "sheetd.snapshot/2", seq, sheet}`: `sheet` is the Codable `SheetState` (doubles
/// print in shortest round-trip form, so the restored session continues bit for bit) whose
/// `setup` and `policies` are in the shape `session.create` takes. Restore trusts nothing:
/// `setup` and `policies` go through the very code that validates `session.create`, the rest
/// through `SnapshotValidation`; the first bad place is a `-32602` naming its path.
/// `sheetd.snapshot/1` (0.1.0, Codable-shaped setup) is converted and then validated alike.
/// A stack's root snapshots the whole stack (`onDismissed`, `children`: see `StackSnapshot`).
extension SheetService {
    static let snapshotFormat = "sheetd.snapshot/2"
    static let legacySnapshotFormat = "sheetd.snapshot/1"

    func snapshot(_ p: Params) throws(RPCError) -> JSONValue {
        try p.requireObject()
        try p.rejectUnknownKeys(["session"])
        let id = try p["session"].string()
        guard let s = sessions[id] else { throw RPCError.unknownSession(id) }
        try checkStackRoot(id)  // issue 13: a stack is snapshotted whole, from its root
        var o: JSONObject = ["format": .string(Self.snapshotFormat), "seq": .int(Int64(s.seq)), "sheet": try snapshotSheet(s)]
        try addStackMembers(to: &o, root: id)
        return .object(o)
    }

    /// A session's `sheet` member: the Codable `SheetState` with `setup` and `policies` in
    /// `session.create`'s shape.
    func snapshotSheet(_ s: Session) throws(RPCError) -> JSONValue {
        let id = s.id
        guard case .object(var sheet) = try Self.codableJSON(s.sheet.state) else {
            throw RPCError.internalError("could not snapshot \(id)")
        }
        let setup = SetupWireEncoding.setup(s.sheet.state.setup)
        let policies = SetupWireEncoding.policies(s.sheet.state.policyNames)
        // A snapshot that would not restore to the same session is a bug, never a silent loss
        // (e.g. a setup member SetupWireEncoding does not write).
        guard (try? Wire.setup(Params(setup))) == s.sheet.state.setup,
              (try? policyNames(Params(policies))) == s.sheet.state.policyNames else {
            throw RPCError.internalError("could not snapshot \(id): its setup or policies do not survive session.create's shape")
        }
        sheet["setup"] = setup
        sheet["policyNames"] = nil
        sheet["policies"] = policies
        sheet["navLayoutCache"] = nil  // derived; recomputed on restore
        return .object(sheet)
    }

    func restore(_ p: Params) throws(RPCError) -> JSONValue {
        try p.requireObject()
        try p.rejectUnknownKeys(["state"])
        let restored = try Self.asInvalidParams { () throws(RPCError) in try restoredStack(p["state"]) }
        let count = 1 + restored.children.count
        guard sessions.count + count <= configuration.maxSessions else {
            throw RPCError.limitExceeded(count == 1 ? "too many sessions: at most \(configuration.maxSessions) at once"
                : "too many sessions: at most \(configuration.maxSessions) at once, this stack adds \(count)")
        }
        return add(restored)
    }

    /// Validate a snapshot's format; the top-level members a stack's snapshot adds are
    /// allowed here and read by `restoredStack`.
    func snapshotFormat(_ snap: Params) throws(RPCError) -> String {
        try snap.requireObject()
        try snap.rejectUnknownKeys(["format", "seq", "sheet"] + Self.stackSnapshotMembers)
        let format = try snap["format"].string()
        guard format == Self.snapshotFormat || format == Self.legacySnapshotFormat else {
            throw snap["format"].fail("unknown snapshot format \"\(format.prefix(64))\" (this server reads "
                                      + "\"\(Self.snapshotFormat)\" and \"\(Self.legacySnapshotFormat)\", as returned by session.snapshot)")
        }
        return format
    }

    /// Validate one sheet of a snapshot (`snap`'s `seq` and `sheet`) completely; nothing is
    /// created or changed.
    func restoredState(_ snap: Params, format: String) throws(RPCError) -> (SheetState, SheetPolicies, Int) {
        let seq = try snap["seq"].number(in: 0...1e15)
        guard seq == seq.rounded() else { throw snap["seq"].fail("expected a whole number, got \(seq)") }
        var sheet = snap["sheet"]
        try sheet.requireObject()
        if format == Self.legacySnapshotFormat { sheet = try Self.upgradeLegacy(sheet) }
        try sheet["setup"].requireObject()
        try sheet["setup"].rejectUnknownKeys(Wire.setupMembers)
        let setup = try Wire.setup(sheet["setup"])
        try Self.validate(setup, at: sheet["setup"])
        try sheet["policies"].requireObject()
        let names = try policyNames(sheet["policies"])

        // The running state: Codable, with the validated setup and policies put back.
        guard case .object(var rest) = sheet.value else { throw sheet.fail("expected an object") }
        rest["setup"] = try Self.codableJSON(setup)
        rest["policies"] = nil
        rest["policyNames"] = try Self.codableJSON(names)
        rest["navLayoutCache"] = nil
        let state = try Self.decodeCodable(SheetState.self, from: .object(rest), at: sheet)
        try SnapshotValidation.check(state, sheet)
        // A policy the snapshot names but this daemon lacks is a plugin that is not loaded.
        let policies: SheetPolicies
        do {
            policies = try makePolicies(names, path: sheet["policies"].path)
        } catch where error.code == RPCError.invalidParamsCode {
            throw RPCError.pluginError("\(error.message); load the plugin before restoring")
        }
        return (state, policies, Int(seq))
    }

    /// Too many detents or entries is `-32012` on `session.create`; inside a snapshot it is
    /// a damaged snapshot, `-32602`.
    static func asInvalidParams<T>(_ body: () throws(RPCError) -> T) throws(RPCError) -> T {
        do {
            return try body()
        } catch {
            throw error.code == RPCError.limitExceededCode ? RPCError.invalidParams(error.message) : error
        }
    }

    /// A `sheetd.snapshot/1` sheet (Codable `setup` and `policyNames`) in the current shape.
    static func upgradeLegacy(_ sheet: Params) throws(RPCError) -> Params {
        guard case .object(var o) = sheet.value else { throw sheet.fail("expected an object") }
        let setup = try decodeCodable(SheetSetup.self, from: sheet["setup"].value, at: sheet["setup"])
        let names = try decodeCodable(SheetState.PolicyNames.self, from: sheet["policyNames"].value, at: sheet["policyNames"])
        o["setup"] = SetupWireEncoding.setup(setup)
        o["policyNames"] = nil
        o["policies"] = SetupWireEncoding.policies(names)
        return Params(.object(o), path: sheet.path)
    }

    /// A Codable value as JSON.
    static func codableJSON<T: Encodable>(_ value: T) throws(RPCError) -> JSONValue {
        do {
            return try CodableJSON.encode(value)
        } catch {
            throw RPCError.internalError("could not encode \(T.self): \(error)")
        }
    }

    /// A Codable value from JSON; a failure is `-32602` at the path where it happened.
    static func decodeCodable<T: Decodable>(_ type: T.Type, from value: JSONValue, at base: Params) throws(RPCError) -> T {
        do {
            return try CodableJSON.decode(T.self, from: value)
        } catch let error as DecodingError {
            throw decodingFailure(error, in: base)
        } catch {
            throw base.fail("not a sheetd snapshot: \(error)")
        }
    }

    /// A decoding failure as `-32602` at the path where it happened.
    static func decodingFailure(_ error: DecodingError, in base: Params) -> RPCError {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce(base.path) { p, k in k.intValue.map { "\(p)[\($0)]" } ?? "\(p).\(k.stringValue)" }
        }
        switch error {
        case .typeMismatch(let type, let c):
            return .invalidParams("\(path(c.codingPath)): expected \(typeName(type))")
        case .valueNotFound(let type, let c):
            return .invalidParams("\(path(c.codingPath)): expected \(typeName(type)), got null")
        case .keyNotFound(let key, let c):
            return .invalidParams("\(path(c.codingPath + [key])): missing member")
        case .dataCorrupted(let c):
            return .invalidParams("\(path(c.codingPath)): \(c.debugDescription)")
        @unknown default:
            return .invalidParams("\(base.path): not a sheetd snapshot")
        }
    }

    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "a boolean"
        default: return "\(type)".hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
