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
