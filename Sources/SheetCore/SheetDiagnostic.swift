/// A warning the engine raises while handling an input (sent to the host as `$/diagnostic`).
public struct SheetDiagnostic: Sendable, Equatable {
    /// What the warning is about.
    public enum Kind: Sendable, Equatable {
        /// The host's detents were not in ascending order; the engine sorted them.
        case detentsSorted
        /// A policy failed or answered badly; the session now uses the built-in of that kind.
        case policyFallback(PolicyKind)
    }
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

extension Sheet {
    /// A policy of `kind` faulted: use the built-in default of that kind for the rest of the
    /// session, and say so once (a fault of the fallback itself is not reported again).
    mutating func fallBack(_ kind: PolicyKind, after fault: PolicyFault) {
        if kind == .detentResolver { return fallBackResolver(fault.policy, after: fault) }
        let bit: UInt8 = kind == .dismissal ? 1 : kind == .scrollHandoff ? 2 : 4
        let reported = fellBack & bit != 0
        fellBack |= bit
        let builtin: String
        switch kind {
        case .dismissal:
            builtin = BuiltinPolicies.defaultDismissal
            policies.dismissal = DecelerationDismissal()
            state.policyNames.dismissal = builtin
        case .scrollHandoff:
            builtin = BuiltinPolicies.defaultScrollHandoff
            policies.scrollHandoff = EdgeScrollHandoff()
            state.policyNames.scrollHandoff = builtin
        case .navigation:
            builtin = BuiltinPolicies.defaultNavigation
            policies.navigation = SlideAnimator()
            state.policyNames.navigation = builtin
        case .detentResolver:
            return
        }
        guard !reported else { return }
        diagnostics.append(SheetDiagnostic(
            .policyFallback(kind),
            "\(kind.rawValue) policy \"\(fault.policy)\" failed: \(fault.message); using the built-in \"\(builtin)\""))
    }
}
