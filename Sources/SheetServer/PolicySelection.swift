import SheetCore
import SheetRPC
import SheetPluginHost

/// Builds a session's policies by name: built-ins first, then loaded plugins.
extension SheetService {
    /// `session.create`'s `policies` member.
    func makePolicies(_ p: Params) throws(RPCError) -> (SheetPolicies, SheetState.PolicyNames) {
        let names = try policyNames(p)
        return (try makePolicies(names, path: p.path), names)
    }

    /// `session.create`'s `policies` member (or a snapshot's `policies`), read but not instantiated.
    func policyNames(_ p: Params) throws(RPCError) -> SheetState.PolicyNames {
        var names = SheetState.PolicyNames()
        if p.exists {
            try p.requireObject()
            try p.rejectUnknownKeys(["dismissal", "scrollHandoff", "navigation", "config"])
            names.dismissal = try p["dismissal"].optionalString() ?? names.dismissal
            names.scrollHandoff = try p["scrollHandoff"].optionalString() ?? names.scrollHandoff
            names.navigation = try p["navigation"].optionalString() ?? names.navigation
            if p["config"].exists {
                try p["config"].requireObject()
                for (k, _) in p["config"].value.objectValue!.members {
                    try p["config"][k].requireObject()
                    names.config[k] = Wire.policyConfig(p["config"][k])
                }
            }
        }
        return names
    }

    /// Instantiate the named policies (also used by `session.restore`).
    func makePolicies(_ names: SheetState.PolicyNames, path: String) throws(RPCError) -> SheetPolicies {
        func config(_ n: String) -> PolicyConfig { names.config[n] ?? .empty }
        func unknown(_ member: String, _ name: String, _ kind: PolicyKind, _ builtin: [String]) -> RPCError {
            let available = builtin + plugins.plugins.filter { $0.kind == kind }.map(\.name)
            return .invalidParams("\(path).\(member): unknown \(kind.rawValue) policy \"\(name)\" (available: \(available.joined(separator: ", ")))")
        }
        do {
            let d = try BuiltinPolicies.dismissal(named: names.dismissal, config: config(names.dismissal))
                ?? plugins.makeDismissal(name: names.dismissal, config: config(names.dismissal))
            guard let d else { throw unknown("dismissal", names.dismissal, .dismissal, BuiltinPolicies.dismissalNames) }
            let s = try BuiltinPolicies.scrollHandoff(named: names.scrollHandoff, config: config(names.scrollHandoff))
                ?? plugins.makeScrollHandoff(name: names.scrollHandoff, config: config(names.scrollHandoff))
            guard let s else { throw unknown("scrollHandoff", names.scrollHandoff, .scrollHandoff, BuiltinPolicies.scrollHandoffNames) }
            let n = try BuiltinPolicies.navigation(named: names.navigation, config: config(names.navigation))
                ?? plugins.makeNavigationAnimator(name: names.navigation, config: config(names.navigation))
            guard let n else { throw unknown("navigation", names.navigation, .navigation, BuiltinPolicies.navigationNames) }
            return SheetPolicies(dismissal: d, scrollHandoff: s, navigation: n)
        } catch let e as RPCError {
            throw e
        } catch let fault as PolicyFault {
            throw RPCError.pluginError("policy \"\(fault.policy)\" could not be created: \(fault.message)")
        } catch {
            throw RPCError.internalError("\(error)")
        }
    }
}
