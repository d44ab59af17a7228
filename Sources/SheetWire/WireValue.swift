/// The values the wire's params are made of, for hosts (SheetClient) to build calls with.
public enum WireValue {
    /// A point, translation or velocity (pt or pt/s); y grows downward.
    public struct Vector: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) { self.x = x; self.y = y }
    }

    /// Safe-area insets (pt).
    public struct SafeArea: Sendable, Equatable {
        public var top, bottom, left, right: Double
        public init(top: Double = 0, bottom: Double = 0, left: Double = 0, right: Double = 0) {
            self.top = top; self.bottom = bottom; self.left = left; self.right = right
        }
    }

    /// The presenting container (`session.create {container}`, `sheet.setContainer`).
    public struct Container: Sendable, Equatable {
        public var width: Double
        public var height: Double
        public var safeArea: SafeArea?
        public var sizeClass: SizeClass?
        public init(width: Double, height: Double, safeArea: SafeArea? = nil, sizeClass: SizeClass? = nil) {
            self.width = width; self.height = height; self.safeArea = safeArea; self.sizeClass = sizeClass
        }
    }

    /// `container.sizeClass`: the container's horizontal size class (absent: automatic).
    public enum SizeClass: String, WireEnum { case compact, regular }

    /// The system detents, by name.
    public enum SystemDetent: String, WireEnum { case fit, medium, large }

    /// A resting height: a system detent or a custom one.
    public enum Detent: Sendable, Equatable {
        case fit, medium, large
        /// A custom detent of an absolute sheet height (pt).
        case height(id: String, Double)
        /// A custom detent of a fraction of the container height.
        case fraction(id: String, Double)
        /// A custom detent whose top is this far below the container's top (pt).
        case fromTop(id: String, Double)
        /// A custom detent whose height the detent resolver plugin `resolver` gives (e.g. `golden`).
        case resolver(id: String, resolver: String)
    }

    /// A named timing curve (`input.keyboard {curve}`, timings' `curve`).
    public enum CurveName: String, WireEnum { case easeInOut, easeIn, easeOut, linear }

    /// One entry of a navigation stack.
    public struct NavEntry: Sendable, Equatable {
        public var id: String
        public var preferredHeight: Double
        public var navigationBar: Bool?
        public var hidesBackButton: Bool?
        public init(id: String, preferredHeight: Double, navigationBar: Bool? = nil, hidesBackButton: Bool? = nil) {
            self.id = id; self.preferredHeight = preferredHeight
            self.navigationBar = navigationBar; self.hidesBackButton = hidesBackButton
        }
    }
}
