/// One entry of the navigation stack inside a sheet.
public struct NavEntry: Sendable, Equatable, Hashable {
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
