import SheetCore
import SheetRPC
import SheetPluginHost
import SheetWire

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
            try p.rejectUnknownKeys(Self.policySelectionNames)
            names.dismissal = try p.read(PolicySelectionShape.dismissal) ?? names.dismissal
            names.scrollHandoff = try p.read(PolicySelectionShape.scrollHandoff) ?? names.scrollHandoff
            names.navigation = try p.read(PolicySelectionShape.navigation) ?? names.navigation
            let config = p[PolicySelectionShape.config.name]
            if config.exists {
                try config.requireObject()
                guard case .object(let byPolicy) = config.value else { return names }
                for (k, _) in byPolicy.members {
                    try config[k].requireObject()
                    names.config[k] = Wire.policyConfig(config[k])
                }
            }
        }
        return names
    }

    /// The detent resolvers `lists` of detents name (each list with the path of its array,
    /// e.g. `params.detents`), one instance per name, configured by `policies.config[<name>]`.
    /// Names in `skip` (resolvers that failed in this session) get none. An unknown name is
    /// `-32602` at `<path>[i].resolver`, naming the known ones.
    func makeDetentResolvers(_ lists: [([DetentSpec], String)], names: SheetState.PolicyNames,
                             skip: Set<String> = []) throws(RPCError) -> [String: any DetentResolverPolicy] {
        var made: [String: any DetentResolverPolicy] = [:]
        for (specs, path) in lists {
            for (i, spec) in specs.enumerated() {
                guard case .resolver(_, let name) = spec, !skip.contains(name), made[name] == nil else { continue }
                // Typed throws (no `any Error`: the WebAssembly build is Embedded Swift).
                let resolver: (any DetentResolverPolicy)?
                do throws(PolicyFault) {
                    resolver = try plugins.makeDetentResolver(name: name, config: names.config[name] ?? .empty)
                } catch {
                    throw RPCError.pluginError("policy \"\(error.policy)\" could not be created: \(error.message)")
                }
                guard let r = resolver else {
                    let available = BuiltinPolicies.detentResolverNames
                        + plugins.plugins.filter { $0.kind == .detentResolver }.map { $0.name }
                    throw RPCError.invalidParams("\(path)[\(i)].resolver: unknown detentResolver policy \"\(name.prefix(64))\" (available: \(available.isEmpty ? "none" : available.joined(separator: ", ")))")
                }
                made[name] = r
            }
        }
        return made
    }

    static let policySelectionNames = PolicySelectionShape.all.map { $0.name }

    /// Instantiate the named policies (also used by `session.restore`).
    func makePolicies(_ names: SheetState.PolicyNames, path: String) throws(RPCError) -> SheetPolicies {
        func config(_ n: String) -> PolicyConfig { names.config[n] ?? .empty }
        func unknown(_ member: String, _ name: String, _ kind: PolicyKind, _ builtin: [String]) -> RPCError {
            let available = builtin + plugins.plugins.filter { $0.kind == kind }.map { $0.name }
            return .invalidParams("\(path).\(member): unknown \(kind.rawValue) policy \"\(name)\" (available: \(available.joined(separator: ", ")))")
        }
        // Typed throws all the way (no `any Error`: the WebAssembly build is Embedded Swift).
        func made<P>(_ build: () throws(PolicyFault) -> P?) throws(RPCError) -> P? {
            do {
                return try build()
            } catch {
                throw RPCError.pluginError("policy \"\(error.policy)\" could not be created: \(error.message)")
            }
        }
        let d = try made { () throws(PolicyFault) -> (any DismissalPolicy)? in
            if let b = BuiltinPolicies.dismissal(named: names.dismissal, config: config(names.dismissal)) { return b }
            return try plugins.makeDismissal(name: names.dismissal, config: config(names.dismissal))
        }
        guard let d else { throw unknown("dismissal", names.dismissal, .dismissal, BuiltinPolicies.dismissalNames) }
        let s = try made { () throws(PolicyFault) -> (any ScrollHandoffPolicy)? in
            if let b = BuiltinPolicies.scrollHandoff(named: names.scrollHandoff, config: config(names.scrollHandoff)) { return b }
            return try plugins.makeScrollHandoff(name: names.scrollHandoff, config: config(names.scrollHandoff))
        }
        guard let s else { throw unknown("scrollHandoff", names.scrollHandoff, .scrollHandoff, BuiltinPolicies.scrollHandoffNames) }
        let n = try made { () throws(PolicyFault) -> (any NavigationAnimator)? in
            if let b = BuiltinPolicies.navigation(named: names.navigation, config: config(names.navigation)) { return b }
            return try plugins.makeNavigationAnimator(name: names.navigation, config: config(names.navigation))
        }
        guard let n else { throw unknown("navigation", names.navigation, .navigation, BuiltinPolicies.navigationNames) }
        return SheetPolicies(dismissal: d, scrollHandoff: s, navigation: n)
    }
}
