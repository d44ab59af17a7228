/// The policies one session uses. The engine only sees the protocols (class-bound: a policy
/// is an object, its existential a reference); built-ins and plugin adapters are interchangeable.
public struct SheetPolicies: Sendable {
    public var dismissal: any DismissalPolicy
    public var scrollHandoff: any ScrollHandoffPolicy
    public var navigation: any NavigationAnimator
    /// The detent resolvers the session's detents name (`{id, resolver}`), by name; none is
    /// built in. One that failed is removed (its detents are `fit` from then on).
    public var detentResolvers: [String: any DetentResolverPolicy]

    public init(dismissal: any DismissalPolicy = BuiltinPolicies.Shared.deceleration,
                scrollHandoff: any ScrollHandoffPolicy = BuiltinPolicies.Shared.edge,
                navigation: any NavigationAnimator = BuiltinPolicies.Shared.slide,
                detentResolvers: [String: any DetentResolverPolicy] = [:]) {
        self.dismissal = dismissal
        self.scrollHandoff = scrollHandoff
        self.navigation = navigation
        self.detentResolvers = detentResolvers
    }

    /// The built-in defaults: `deceleration`, `edge`, `slide`.
    public static var builtin: SheetPolicies { SheetPolicies() }
}

extension SheetPolicies: DefaultedValue {
    static var defaultValue: SheetPolicies { .builtin }

    /// The built-in defaults' shared instances and no detent resolver.
    var isDefault: Bool {
        dismissal === BuiltinPolicies.Shared.deceleration && scrollHandoff === BuiltinPolicies.Shared.edge
            && navigation === BuiltinPolicies.Shared.slide && detentResolvers.isEmpty
    }
}
