import SheetRPC
@_exported import SheetWire

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

// The wire's values and enums are SheetWire's types, under the names hosts use.

/// The clock a connection runs on (`initialize {clock}`): `host` or `realtime`.
public typealias SheetClock = Initialize.Clock
/// A point, translation or velocity (pt or pt/s); y grows downward.
public typealias Vector = WireValue.Vector
/// The presenting container (`session.create {container}`, `sheet.setContainer`).
public typealias Container = WireValue.Container
/// Safe-area insets (pt).
public typealias SafeArea = WireValue.SafeArea
/// A resting height: `fit`, `medium`, `large`, or a custom one.
public typealias Detent = WireValue.Detent
/// One entry of a navigation stack.
public typealias NavEntry = WireValue.NavEntry
/// `input.pan {phase}`.
public typealias PanPhase = InputPan.Phase
/// `input.pan {source}`: what the finger drags.
public typealias PanSource = InputPan.Source
/// What `options.gesture` made of a pan (`input.pan`'s `gesture`).
public typealias PanGesture = InputPan.Gesture

/// `input.pan`'s answer: the session's state and what the sheet made of the pan.
public struct PanAnswer: Sendable, Equatable {
    public var state: SheetState
    /// `pending`, `accepted` or `declined` (nil: a name this client does not know).
    public var gesture: PanGesture?

    public init(state: SheetState, gesture: PanGesture?) {
        self.state = state
        self.gesture = gesture
    }

    init(_ result: JSONValue) {
        self.init(state: SheetState(rawValue: result.string("state")),
                  gesture: result.optionalString("gesture").flatMap(PanGesture.init(rawValue:)))
    }
}

/// `input.scroll {phase}`.
public typealias ScrollPhase = InputScroll.Phase
/// `input.tap {target}`.
public typealias TapTarget = InputTap.Target
/// `input.accessibilityAction {action}` (and, but for `escape`, a frame's `accessibilityActions`).
public typealias AccessibilityAction = InputAccessibilityAction.Action
/// `input.back {phase}`.
public typealias BackPhase = InputBack.Phase
/// `input.back {swipeEdge}`.
public typealias BackSwipeEdge = InputBack.SwipeEdge
/// A named timing curve (`input.keyboard {curve}`).
public typealias CurveName = WireValue.CurveName
/// `sheet.present {stackBehavior}`: how a child presents over a parent that is shown.
public typealias StackBehavior = SheetPresent.StackBehavior

// Their JSON, member names as SheetWire declares them.

extension WireValue.Vector {
    var json: JSONValue { [VectorShape.x.name: .number(x), VectorShape.y.name: .number(y)] }
}

extension WireValue.Container {
    var members: JSONObject {
        var o: JSONObject = [SheetSetContainer.width.name: .number(width), SheetSetContainer.height.name: .number(height)]
        if let safeArea { o[SheetSetContainer.safeArea.name] = safeArea.json }
        if let sizeClass { o[SheetSetContainer.sizeClass.name] = .string(sizeClass.rawValue) }
        return o
    }
}

extension WireValue.SafeArea {
    var json: JSONValue {
        ["top": .number(top), "bottom": .number(bottom), "left": .number(left), "right": .number(right)]
    }
}

extension WireValue.Detent {
    var json: JSONValue {
        switch self {
        case .fit: return .string(WireValue.SystemDetent.fit.rawValue)
        case .medium: return .string(WireValue.SystemDetent.medium.rawValue)
        case .large: return .string(WireValue.SystemDetent.large.rawValue)
        case .height(let id, let h): return ["id": .string(id), "height": .number(h)]
        case .fraction(let id, let f): return ["id": .string(id), "fraction": .number(f)]
        case .fromTop(let id, let d): return ["id": .string(id), "fromTop": .number(d)]
        case .resolver(let id, let name): return ["id": .string(id), "resolver": .string(name)]
        }
    }
}

extension WireValue.NavEntry {
    var json: JSONValue {
        var p = ParamsBuilder()
        p.set("id", id)
        p.set("preferredHeight", preferredHeight)
        p.set("navigationBar", navigationBar)
        p.set("hidesBackButton", hidesBackButton)
        return .object(p.object)
    }
}
