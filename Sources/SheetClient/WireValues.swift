import SheetRPC

/// A session state as the wire names it (`presented`, `dragging`, ...). Open: an unknown name
/// from a newer server is kept as it is.
public struct SheetState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let dismissed = SheetState(rawValue: "dismissed")
    public static let presenting = SheetState(rawValue: "presenting")
    public static let presented = SheetState(rawValue: "presented")
    public static let dragging = SheetState(rawValue: "dragging")
    public static let settling = SheetState(rawValue: "settling")
    public static let dismissing = SheetState(rawValue: "dismissing")
}

/// The clock a connection runs on (`initialize {clock}`).
public enum SheetClock: String, Sendable {
    /// Time moves only on `tick(t)`: deterministic.
    case host
    /// sheetd ticks itself while anything moves.
    case realtime
}

/// A point, translation or velocity (pt or pt/s); y grows downward.
public struct Vector: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    var json: JSONValue { ["x": .number(x), "y": .number(y)] }
}

/// The presenting container (`session.create {container}`, `sheet.setContainer`).
public struct Container: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public var safeArea: SafeArea?
    public init(width: Double, height: Double, safeArea: SafeArea? = nil) {
        self.width = width; self.height = height; self.safeArea = safeArea
    }
    var members: JSONObject {
        var o: JSONObject = ["width": .number(width), "height": .number(height)]
        if let safeArea { o["safeArea"] = safeArea.json }
        return o
    }
}

/// Safe-area insets (pt).
public struct SafeArea: Sendable, Equatable {
    public var top, bottom, left, right: Double
    public init(top: Double = 0, bottom: Double = 0, left: Double = 0, right: Double = 0) {
        self.top = top; self.bottom = bottom; self.left = left; self.right = right
    }
    var json: JSONValue {
        ["top": .number(top), "bottom": .number(bottom), "left": .number(left), "right": .number(right)]
    }
}

/// A resting height: `fit`, `medium`, `large`, or a custom one.
public enum Detent: Sendable, Equatable {
    case fit, medium, large
    /// A custom detent of an absolute sheet height (pt).
    case height(id: String, Double)
    /// A custom detent of a fraction of the container height.
    case fraction(id: String, Double)

    var json: JSONValue {
        switch self {
        case .fit: return "fit"
        case .medium: return "medium"
        case .large: return "large"
        case .height(let id, let h): return ["id": .string(id), "height": .number(h)]
        case .fraction(let id, let f): return ["id": .string(id), "fraction": .number(f)]
        }
    }
}

/// One entry of a navigation stack (`NavEntry`).
public struct NavEntry: Sendable, Equatable {
    public var id: String
    public var preferredHeight: Double
    public var navigationBar: Bool?
    public var hidesBackButton: Bool?
    public init(id: String, preferredHeight: Double, navigationBar: Bool? = nil, hidesBackButton: Bool? = nil) {
        self.id = id; self.preferredHeight = preferredHeight
        self.navigationBar = navigationBar; self.hidesBackButton = hidesBackButton
    }
    var json: JSONValue {
        var p = ParamsBuilder()
        p.set("id", id)
        p.set("preferredHeight", preferredHeight)
        p.set("navigationBar", navigationBar)
        p.set("hidesBackButton", hidesBackButton)
        return .object(p.object)
    }
}

/// `input.pan {phase}`.
public enum PanPhase: String, Sendable { case began, changed, ended, cancelled }

/// `input.pan {source}`: what the finger drags.
public enum PanSource: String, Sendable { case sheet, bottomEdge, leftEdge }

/// `input.scroll {phase}`.
public enum ScrollPhase: String, Sendable { case dragBegan, scrolled, dragEnded }

/// `sheet.present {stackBehavior}`: how a child presents over a parent that is shown.
public enum StackBehavior: String, Sendable {
    /// Over the parent (the daemon's default).
    case push
    /// The parent is dismissed, then the child presents; the parent does not come back.
    case replace
    /// As `replace`, and the parent presents again when the child is dismissed.
    case `switch`
}
