import SheetRPC

/// One `sheet.frame`: where the sheet, its dimming, grabber and navigation children are.
/// `json` keeps the whole message params (members added by newer servers included).
public struct Frame: Sendable, Equatable {
    /// A rectangle in container coordinates (pt).
    public struct Rect: Sendable, Equatable {
        public var x, y, width, height, cornerRadius: Double
    }
    /// A visible navigation entry (x relative to the sheet).
    public struct NavItem: Sendable, Equatable {
        public var id: String
        public var x, width, height, alpha: Double
    }
    /// `transform`: a parent sheet pushed back by the sheets stacked over it, about its top
    /// centre (identity `1`, `0` with no child shown).
    public struct Transform: Sendable, Equatable {
        public var scale, translateY: Double
    }
    /// `back`: the predictive-back scale (about the sheet's bottom centre).
    public struct BackScale: Sendable, Equatable {
        public var scaleX, scaleY: Double
        public init(scaleX: Double, scaleY: Double) {
            self.scaleX = scaleX
            self.scaleY = scaleY
        }
    }
    /// `background`: the host's own screen receding behind a stack's root (about its top centre).
    public struct Background: Sendable, Equatable {
        public var scale, translateY, cornerRadius: Double
    }

    public var session: String
    public var seq: Int
    public var t: Double
    public var state: SheetState
    public var sheet: Rect
    public var dimmingAlpha: Double
    public var dimmingPassthrough: Bool
    /// `opacity`: the sheet's opacity (0…1), only while reduced motion is on.
    public var opacity: Double?
    public var grabberVisible: Bool
    public var grabberY: Double
    public var detent: String
    public var progress: Double
    /// `scroll.pinOffsetY`: the list offset to hold while the sheet owns a scroll drag.
    public var pinOffsetY: Double?
    /// `scroll.flingVelocityY`: a fling to continue in the list (pt/s), in one frame.
    public var flingVelocityY: Double?
    public var navItems: [NavItem]
    public var separatorX: Double?
    /// Only on a session with child sessions (`session.create {parent}`).
    public var transform: Transform?
    /// Only on a root session with `options.recedeBackground`.
    public var background: Background?
    /// `accessibility.actions`: the accessibility actions available now (`expand`, `collapse`,
    /// `dismiss`, in that order; empty while dismissed or dismissing). Names this client does
    /// not know are left out.
    public var accessibilityActions: [AccessibilityAction]
    /// `back`: a back gesture's scale about the sheet's bottom centre (Material 3's predictive
    /// back); only during one, on a bottom sheet.
    public var back: BackScale?
    /// The frame's params as received.
    public var json: JSONValue

    init(_ p: JSONValue) {
        json = p
        session = p.string("session")
        seq = Int(p.number("seq"))
        t = p.number("t")
        state = SheetState(rawValue: p.string("state"))
        let s = p.member("sheet")
        sheet = Rect(x: s.number("x"), y: s.number("y"), width: s.number("width"),
                     height: s.number("height"), cornerRadius: s.number("cornerRadius"))
        dimmingAlpha = p.member("dimming").number("alpha")
        dimmingPassthrough = p.member("dimming").bool("passthrough")
        opacity = p.optionalNumber("opacity")
        grabberVisible = p.member("grabber").bool("visible")
        grabberY = p.member("grabber").number("y")
        detent = p.string("detent")
        progress = p.number("progress")
        pinOffsetY = p.member("scroll").optionalNumber("pinOffsetY")
        flingVelocityY = p.member("scroll").optionalNumber("flingVelocityY")
        navItems = (p.member("nav")["items"]?.arrayValue ?? []).map {
            NavItem(id: $0.string("id"), x: $0.number("x"), width: $0.number("width"),
                    height: $0.number("height"), alpha: $0.number("alpha"))
        }
        separatorX = p.member("nav").optionalNumber("separatorX")
        transform = p["transform"].map { Transform(scale: $0.number("scale"), translateY: $0.number("translateY")) }
        background = p["background"].map {
            Background(scale: $0.number("scale"), translateY: $0.number("translateY"),
                       cornerRadius: $0.number("cornerRadius"))
        }
        accessibilityActions = (p.member("accessibility")["actions"]?.arrayValue ?? []).compactMap {
            $0.stringValue.flatMap(AccessibilityAction.init(rawValue:))
        }
        back = p["back"].map { BackScale(scaleX: $0.number("scaleX"), scaleY: $0.number("scaleY")) }
    }
}

/// One `sheet.event` (`presented`, `dismissed`, `detentChanged`, `popped`, ...).
public struct SheetEvent: Sendable, Equatable {
    public var session: String
    public var t: Double
    /// The event type as the wire names it.
    public var type: String
    /// With `detentChanged`: the new selected detent.
    public var detent: String?
    /// With `navigationDidShow` / `popped`: the entry.
    public var id: String?
    /// With `dismissAttempted`: what tried to dismiss (`pan`, `fling`, `tap`, `escape`, `back`).
    public var cause: String?
    /// With `panDeclined`: which `options.gesture` rule declined the pan (`direction`, `failOffset`).
    public var reason: String?
    /// With `willSettle`: where the motion that starts at `t` brings the sheet, and what started it.
    public var settle: SettleIntent?
    /// The event's params as received.
    public var json: JSONValue

    init(_ p: JSONValue) {
        json = p
        session = p.string("session")
        t = p.number("t")
        type = p.string("type")
        detent = p.optionalString("detent")
        id = p.optionalString("id")
        reason = p.optionalString("reason")
        cause = p.optionalString("cause")
        settle = type == "willSettle" ? SettleIntent(p) : nil
    }
}

/// Where a motion brings the sheet to rest: `willSettle`'s members, and the answer of
/// `SheetSession.previewRelease` (which has no `trigger`).
public struct SettleIntent: Sendable, Equatable {
    /// The detent the sheet will rest at (`nil` for a dismissal or a rest off the detents).
    public var detent: String?
    public var dismisses: Bool
    /// The sheet rect at rest, as a frame's `sheet` will show it (off-screen for a dismissal).
    public var rest: Frame.Rect
    /// Whole milliseconds until the motion stays within 0.5 pt of rest for good.
    public var durationMs: Int
    /// `release`, `present`, `dismiss`, `command`, `layout` or `navigation` (`nil` in a preview).
    public var trigger: String?

    init(_ p: JSONValue) {
        detent = p.optionalString("detent")
        dismisses = p.bool("dismisses")
        let r = p.member("rest")
        rest = Frame.Rect(x: r.number("x"), y: r.number("y"), width: r.number("width"),
                          height: r.number("height"), cornerRadius: r.number("cornerRadius"))
        durationMs = Int(p.number("durationMs"))
        trigger = p.optionalString("trigger")
    }
}

/// One `$/diagnostic`: a failed notification, or an engine warning (`severity`).
public struct Diagnostic: Sendable, Equatable {
    public var method: String
    public var code: Int
    public var message: String
    public var severity: String?
    public var session: String?
    public var json: JSONValue

    init(_ p: JSONValue) {
        json = p
        method = p.string("method")
        code = Int(p.number("code"))
        message = p.string("message")
        severity = p.optionalString("severity")
        session = p.optionalString("session")
    }
}
