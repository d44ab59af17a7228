/// Edge insets of the container's safe area (pt).
public struct Insets: Sendable, Equatable, Hashable {
    public var top: Double
    public var bottom: Double
    public var left: Double
    public var right: Double

    public init(top: Double = 0, bottom: Double = 0, left: Double = 0, right: Double = 0) {
        self.top = top
        self.bottom = bottom
        self.left = left
        self.right = right
    }

    public static let zero = Insets()
}

/// The space a sheet lives in: the presenting screen's size and safe area (pt).
/// Coordinates are container space, origin top-left, y grows downward.
public struct Container: Sendable, Equatable, Hashable {
    public var width: Double
    public var height: Double
    public var safeArea: Insets
    /// `sizeClass` as the host sent it (`nil` = automatic, see `sizeClass`).
    public var sizeClassSetting: SizeClass?

    public init(width: Double, height: Double, safeArea: Insets = .zero, sizeClass: SizeClass? = nil) {
        self.width = width
        self.height = height
        self.safeArea = safeArea
        self.sizeClassSetting = sizeClass
    }

    /// The tallest a sheet may be: up to the top safe-area edge.
    public var maxSheetHeight: Double { max(0, height - safeArea.top) }
}

/// A rectangle in container space (pt).
public struct Rect: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
