import SheetCore
import SheetRPC

/// `session.snapshot` / `session.restore`: the whole engine state as opaque JSON.
///
/// `{format: "sheetd.snapshot/3", seq, sheet}`: `sheet` is `SheetSnapshot`'s hand-written
/// form of the engine state (doubles print in shortest round-trip form, so the restored
/// session continues bit for bit) whose `setup` and `policies` are in the shape
/// `session.create` takes. Restore trusts nothing: `setup` and `policies` go through the very
/// code that validates `session.create`, the rest through `SheetSnapshot.read`; the first bad
/// place is a `-32602` naming its path. `/1` and `/2` are read through `LegacySnapshot`.
/// A stack's root snapshots the whole stack (`onDismissed`, `children`: see `StackSnapshot`).
extension SheetService {
    func snapshot(_ p: Params) throws(RPCError) -> JSONValue {
        try p.requireObject()
        try p.rejectUnknownKeys(["session"])
        let id = try p["session"].string()
        guard let s = sessions[id] else { throw RPCError.unknownSession(id) }
        try checkStackRoot(id)  // a stack is snapshotted whole, from its root
        var o: JSONObject = ["format": .string(SheetSnapshot.format), "seq": .int(Int64(s.seq)), "sheet": try snapshotSheet(s)]
        try addStackMembers(to: &o, root: id)
        return .object(o)
    }

    /// A session's `sheet` member: `setup` and `policies` in `session.create`'s shape, then the
    /// running state.
    func snapshotSheet(_ s: Session) throws(RPCError) -> JSONValue {
        let state = s.sheet.state
        let setup = SetupWireEncoding.setup(state.setup)
        let policies = SetupWireEncoding.policies(state.policyNames)
        // A snapshot that would not restore to the same session is a bug, never a silent loss
        // (e.g. a setup member SetupWireEncoding does not write).
        guard (try? Wire.setup(Params(setup))) == state.setup,
              (try? policyNames(Params(policies))) == state.policyNames else {
            throw RPCError.internalError("could not snapshot \(s.id): its setup or policies do not survive session.create's shape")
        }
        var sheet: JSONObject = ["setup": setup, "policies": policies]
        for m in SheetSnapshot.running(state).ordered { sheet[m.key] = m.value }
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
        guard SheetSnapshot.readableFormats.contains(format) else {
            let known = SheetSnapshot.readableFormats.map { "\"\($0)\"" }
            throw snap["format"].fail("unknown snapshot format \"\(format.prefix(64))\" (this server reads "
                                      + "\(known.dropLast().joined(separator: ", ")) and \(known.last!), as returned by session.snapshot)")
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
        if format != SheetSnapshot.format { sheet = try LegacySnapshot.upgrade(sheet, format: format) }
        try sheet["setup"].requireObject()
        try sheet["setup"].rejectUnknownKeys(Wire.setupMembers)
        let setup = try Wire.setup(sheet["setup"])
        try Self.validate(setup, at: sheet["setup"])
        try sheet["policies"].requireObject()
        let names = try policyNames(sheet["policies"])
        let state = try SheetSnapshot.read(sheet, setup: setup, names: names)
        // A policy the snapshot names but this daemon lacks is a plugin that is not loaded.
        var policies: SheetPolicies
        do {
            policies = try makePolicies(names, path: sheet["policies"].path)
            var lists: [([DetentSpec], String)] = [(setup.detents, sheet["setup"]["detents"].path)]
            if let pending = state.pendingDetents?.detents { lists.append((pending, sheet["pendingDetents"]["detents"].path)) }
            policies.detentResolvers = try makeDetentResolvers(lists, names: names, skip: state.resolverFallbacks)
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
}
