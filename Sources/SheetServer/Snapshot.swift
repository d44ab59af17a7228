@preconcurrency import Foundation
import SheetCore
import SheetRPC

/// `session.snapshot` / `session.restore`: the whole engine state as opaque JSON.
///
/// The state is the Codable `SheetState` (doubles print in shortest round-trip form, so the
/// restored session continues bit for bit), plus the frame sequence number.
extension SheetService {
    static let snapshotFormat = "sheetd.snapshot/1"

    func snapshot(_ p: Params) throws(RPCError) -> JSONValue {
        try p.requireObject()
        try p.rejectUnknownKeys(["session"])
        let id = try p["session"].string()
        guard let s = sessions[id] else { throw RPCError.unknownSession(id) }
        let state: JSONValue
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(s.sheet.state)
            state = try JSONCodec.decode([UInt8](data))
        } catch {
            throw RPCError.internalError("could not snapshot \(id): \(error)")
        }
        return ["format": .string(Self.snapshotFormat), "seq": .int(Int64(s.seq)), "sheet": state]
    }

    func restore(_ p: Params) throws(RPCError) -> JSONValue {
        try p.requireObject()
        try p.rejectUnknownKeys(["state"])
        let snap = p["state"]
        try snap.requireObject()
        guard snap["format"].value == .string(Self.snapshotFormat) else {
            throw snap["format"].fail("expected \"\(Self.snapshotFormat)\" (a value returned by session.snapshot)")
        }
        let seq = try snap["seq"].number(in: 0...1e15)
        guard sessions.count < configuration.maxSessions else {
            throw RPCError.limitExceeded("too many sessions: at most \(configuration.maxSessions) at once")
        }
        let state: SheetState
        do {
            state = try JSONDecoder().decode(SheetState.self, from: Data(JSONCodec.encode(snap["sheet"].value)))
        } catch {
            throw snap["sheet"].fail("not a sheetd snapshot: \(error)")
        }
        // A policy the snapshot names but this daemon lacks is a plugin that is not loaded.
        let policies: SheetPolicies
        do {
            policies = try makePolicies(state.policyNames, path: "params.state.sheet.policyNames")
        } catch where error.code == RPCError.invalidParamsCode {
            throw RPCError.pluginError("\(error.message); load the plugin before restoring")
        }
        return add(Sheet(restoring: state, policies: policies), seq: Int(seq))
    }
}
