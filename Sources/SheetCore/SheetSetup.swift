/// Everything a session is created from (`session.create`, already validated on the wire).
public struct SheetSetup: Sendable, Equatable, Codable {
    public var container: Container
    /// The single content's preferred height (pt, without the bottom safe area). `nil` =
    /// half the container height minus the bottom safe area, so `fit` equals `medium`.
    public var contentHeight: Double?
    /// The host's detents in the host's order; the engine sorts them ascending.
    public var detents: [DetentSpec]
    /// The detent to rest at; `nil` = the smallest.
    public var selectedDetent: String?
    public var options: SheetOptions
    /// An initial navigation stack (bottom first); empty = a single content.
    public var navigation: [NavEntry]

    public init(container: Container, contentHeight: Double? = nil, detents: [DetentSpec] = [.fit],
                selectedDetent: String? = nil, options: SheetOptions = SheetOptions(),
                navigation: [NavEntry] = []) {
        self.container = container
        self.contentHeight = contentHeight
        self.detents = detents
        self.selectedDetent = selectedDetent
        self.options = options
        self.navigation = navigation
    }
}

/// One entry of the navigation stack inside a sheet.
public struct NavEntry: Sendable, Equatable, Hashable, Codable {
    public var id: String
    /// Content height (pt) without the navigation bar and the bottom safe area.
    public var preferredHeight: Double
    public var navigationBar: Bool
    public var hidesBackButton: Bool

    public init(id: String, preferredHeight: Double, navigationBar: Bool = true, hidesBackButton: Bool = false) {
        self.id = id
        self.preferredHeight = preferredHeight
        self.navigationBar = navigationBar
        self.hidesBackButton = hidesBackButton
    }
}

/// Why the engine refused a command. The server maps `invalidParams` to `-32602`,
/// `invalidState` to `-32010` and `limitExceeded` to `-32012`.
public struct SheetError: Error, Sendable, Equatable {
    /// Which JSON-RPC error the refusal becomes.
    public enum Kind: Sendable, Equatable { case invalidParams, invalidState, limitExceeded }
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// The policies one session uses. The engine only sees the protocols; built-ins and plugin
/// adapters are interchangeable.
public struct SheetPolicies: Sendable {
    public var dismissal: any DismissalPolicy
    public var scrollHandoff: any ScrollHandoffPolicy
    public var navigation: any NavigationAnimator

    public init(dismissal: any DismissalPolicy = DecelerationDismissal(),
                scrollHandoff: any ScrollHandoffPolicy = EdgeScrollHandoff(),
                navigation: any NavigationAnimator = SlideAnimator()) {
        self.dismissal = dismissal
        self.scrollHandoff = scrollHandoff
        self.navigation = navigation
    }

    /// The built-in defaults: `deceleration`, `edge`, `slide`.
    public static var builtin: SheetPolicies { SheetPolicies() }
}
