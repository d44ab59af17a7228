/// The policies compiled into sheetd, by wire name: what `session.create` may name without a
/// plugin, and what the engine falls back to when a plugin faults.
public enum BuiltinPolicies {
    /// Built-in dismissal policies, default first.
    public static let dismissalNames: [String] = ["deceleration", "projection"]
    /// Built-in scroll handoff policies, default first.
    public static let scrollHandoffNames: [String] = ["edge"]
    /// Built-in navigation animators, default first.
    public static let navigationNames: [String] = ["slide", "cover"]
    /// Built-in detent resolvers: none (a detent that names no loaded resolver is refused).
    public static let detentResolverNames: [String] = []

    /// The dismissal policy a session gets when it names none.
    public static let defaultDismissal = "deceleration"
    /// The scroll handoff policy a session gets when it names none.
    public static let defaultScrollHandoff = "edge"
    /// The navigation animator a session gets when it names none.
    public static let defaultNavigation = "slide"

    /// The built-in dismissal policy called `name`, configured by `config`; `nil` if unknown.
    public static func dismissal(named name: String,
                                 config: PolicyConfig = .empty) -> (any DismissalPolicy)? {
        switch name {
        case "deceleration": config == .empty ? Shared.deceleration : DecelerationDismissal(config: config)
        case "projection": config == .empty ? Shared.projection : ProjectionDismissal(config: config)
        default: nil
        }
    }

    /// The built-in scroll handoff policy called `name`, configured by `config`; `nil` if unknown.
    public static func scrollHandoff(named name: String,
                                     config: PolicyConfig = .empty) -> (any ScrollHandoffPolicy)? {
        switch name {
        case "edge": config == .empty ? Shared.edge : EdgeScrollHandoff(config: config)
        default: nil
        }
    }

    /// The built-in navigation animator called `name`, configured by `config`; `nil` if unknown.
    public static func navigation(named name: String,
                                  config: PolicyConfig = .empty) -> (any NavigationAnimator)? {
        switch name {
        case "slide": config == .empty ? Shared.slide : SlideAnimator(config: config)
        case "cover": config == .empty ? Shared.cover : CoverAnimator(config: config)
        default: nil
        }
    }

    /// One instance of each built-in with its default configuration, shared by every session
    /// that configures none (a policy holds only constants).
    public enum Shared {
        public static let deceleration = DecelerationDismissal()
        public static let projection = ProjectionDismissal()
        public static let edge = EdgeScrollHandoff()
        public static let slide = SlideAnimator()
        public static let cover = CoverAnimator()
    }
}
