import SheetCore
import SheetRPC

/// Methods that change a live sheet: `sheet.configure` and `sheet.snapTo`.
extension SheetService {
    static let configureHandlers: [String: Handler] = [
        "sheet.configure": { s, p throws(RPCError) in try s.configure(p) },
        "sheet.snapTo": { s, p throws(RPCError) in
            let height = try p["height"].number(in: Wire.length)
            let animated = try p["animated"].optionalBool() ?? true
            return try s.command(p, ["height", "animated"]) { sheet, t throws(SheetError) in
                try sheet.snapTo(height: height, animated: animated, at: t)
            }
        },
    ]

    /// `sheet.configure {session, t, animated?, detents?, selectedDetent?, options?, policies?}`:
    /// every member is decoded and every policy built before the engine validates the result
    /// against the session and applies it, so a failing call changes nothing.
    func configure(_ p: Params) throws(RPCError) -> JSONValue {
        try p.requireObject()
        let id = try p["session"].string()
        guard let current = sessions[id]?.sheet.state else { throw RPCError.unknownSession(id) }
        let animated = try p["animated"].optionalBool() ?? true
        let detents = try Wire.optionalDetents(p["detents"])
        let selected = try p["selectedDetent"].optionalString()
        let options = p["options"].exists ? try Wire.options(p["options"], base: current.setup.options) : nil
        let policies = p["policies"].exists ? try configurePolicies(p["policies"], current: current.policyNames) : nil
        return try command(p, ["animated", "detents", "selectedDetent", "options", "policies"]) { sheet, t throws(SheetError) in
            try sheet.configure(detents: detents, selectedDetent: selected, options: options, policies: policies,
                                animated: animated, at: t)
        }
    }

    /// `policies` over the session's current names: given names and `config` replace the current
    /// ones; the session's policies are rebuilt from the result.
    func configurePolicies(_ p: Params, current: SheetState.PolicyNames) throws(RPCError)
        -> (SheetPolicies, SheetState.PolicyNames) {
        let given = try policyNames(p)
        var names = current
        if p["dismissal"].exists { names.dismissal = given.dismissal }
        if p["scrollHandoff"].exists { names.scrollHandoff = given.scrollHandoff }
        if p["navigation"].exists { names.navigation = given.navigation }
        if p["config"].exists { names.config = given.config }
        return (try makePolicies(names, path: p.path), names)
    }

    /// `session.create`'s result with `maxDetentHeight`: the largest height a detent may take
    /// in the session's container.
    static func withMaxDetentHeight(_ result: JSONValue, _ container: Container) -> JSONValue {
        guard case .object(var o) = result else { return result }
        o["maxDetentHeight"] = .number(container.maxSheetHeight)
        return .object(o)
    }
}
