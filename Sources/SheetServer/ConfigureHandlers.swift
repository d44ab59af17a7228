import SheetCore
import SheetRPC
import SheetWire

/// `sheet.configure`: a live sheet's detents, options and policies.
extension SheetService {
    /// `sheet.configure {session, t, animated?, detents?, selectedDetent?, options?, policies?}`:
    /// every member is decoded and every policy built before the engine validates the result
    /// against the session and applies it, so a failing call changes nothing.
    func configure(_ c: Call) throws(RPCError) -> JSONValue {
        let p = c.params
        try p.requireObject()
        let id = try p.read(CommandMembers.session)
        guard let current = sessions[id]?.sheet.state else { throw RPCError.unknownSession(id) }
        let animated = try p.read(Animated.member)
        let detents = try Wire.optionalDetents(p[SetupMembers.detents.name])
        let selected = try p.read(SetupMembers.selectedDetent)
        let o = p[SetupMembers.options.name], ps = p[SessionCreate.policies.name]
        let options = o.exists ? try Wire.options(o, base: current.setup.options) : nil
        let policies = ps.exists ? try configurePolicies(ps, current: current.policyNames) : nil
        // New detents or a new config: the resolvers the session's detents name (current,
        // pending and new) are made again; one that failed in this session stays failed.
        var resolvers: [String: any DetentResolverPolicy]? = nil
        if detents != nil || policies != nil {
            var lists: [([DetentSpec], String)] = [(current.setup.detents, "session detents")]
            if let pending = current.pendingDetents?.detents { lists.append((pending, "pending detents")) }
            if let detents { lists.insert((detents, p[SetupMembers.detents.name].path), at: 0) }
            resolvers = try makeDetentResolvers(lists, names: policies?.1 ?? current.policyNames,
                                                skip: current.resolverFallbacks)
        }
        return try command(c) { sheet, t throws(SheetError) in
            try sheet.configure(detents: detents, selectedDetent: selected, options: options, policies: policies,
                                detentResolvers: resolvers, animated: animated, at: t)
        }
    }

    /// `policies` over the session's current names: given names and `config` replace the current
    /// ones; the session's policies are rebuilt from the result.
    func configurePolicies(_ p: Params, current: SheetState.PolicyNames) throws(RPCError)
        -> (SheetPolicies, SheetState.PolicyNames) {
        let given = try policyNames(p)
        var names = current
        if p[PolicySelectionShape.dismissal.name].exists { names.dismissal = given.dismissal }
        if p[PolicySelectionShape.scrollHandoff.name].exists { names.scrollHandoff = given.scrollHandoff }
        if p[PolicySelectionShape.navigation.name].exists { names.navigation = given.navigation }
        if p[PolicySelectionShape.config.name].exists { names.config = given.config }
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
