/// The lifecycle state a frame reports (`sheet.frame`'s `state`).
public enum SheetPhase: String, Sendable {
    case dismissed, presenting, presented, dragging, settling, dismissing
}

/// Everything a host needs to draw one sheet at one instant (`sheet.frame` minus the
/// session id, sequence number and time, which the server adds): its `values`, plain data,
/// also read as the frame's own members (`frame.sheet.height`, `frame.dimming.alpha`), and the
/// names they go with — the selected detent's id and the navigation entries' ids.
///
/// Lengths are rounded to 0.001 pt and alphas/progress to 0.0001, so the numbers print the
/// way a person reads them and identical inputs give identical frames.
public struct SheetFrame: Sendable, Equatable {
    /// Everything but the names.
    public var values: FrameValues
    /// The selected detent's id.
    public var detent: String
    /// The ids of the navigation entries on screen (`values.nav`'s, in that order).
    public var navIDs: [String]

    public init(values: FrameValues, detent: String, navIDs: [String]) {
        self.values = values
        self.detent = detent
        self.navIDs = navIDs
    }

    // The values, read and written as the frame's own members (`frame.sheet.height`).
    // (Spelled out: the WebAssembly build, Embedded Swift, has no key paths for a
    // `@dynamicMemberLookup`.)
    public var state: SheetPhase {
        get { values.state }
        set { values.state = newValue }
    }
    public var sheet: Rect {
        get { values.sheet }
        set { values.sheet = newValue }
    }
    public var cornerRadius: Double {
        get { values.cornerRadius }
        set { values.cornerRadius = newValue }
    }
    public var dimming: Dimming {
        get { values.dimming }
        set { values.dimming = newValue }
    }
    public var grabber: Grabber {
        get { values.grabber }
        set { values.grabber = newValue }
    }
    public var progress: Double {
        get { values.progress }
        set { values.progress = newValue }
    }
    public var scroll: Scroll {
        get { values.scroll }
        set { values.scroll = newValue }
    }
    public var position: Position {
        get { values.position }
        set { values.position = newValue }
    }
    public var keyboard: Keyboard {
        get { values.keyboard }
        set { values.keyboard = newValue }
    }
    public var accessibility: Accessibility {
        get { values.accessibility }
        set { values.accessibility = newValue }
    }
    public var corners: SheetCorners? {
        get { values.corners }
        set { values.corners = newValue }
    }
    public var footer: Footer? {
        get { values.footer }
        set { values.footer = newValue }
    }
    public var opacity: Double? {
        get { values.opacity }
        set { values.opacity = newValue }
    }
    public var background: Background? {
        get { values.background }
        set { values.background = newValue }
    }
    public var transform: Transform? {
        get { values.transform }
        set { values.transform = newValue }
    }
    public var back: BackScale? {
        get { values.back }
        set { values.back = newValue }
    }

    /// The navigation entries on screen, bottom of the z-order first.
    public var nav: Nav {
        Nav(items: zip(navIDs, values.nav.placements).map { id, p in
            NavItem(id: id, x: p.x, width: p.width, height: p.height, alpha: p.alpha)
        }, separatorX: values.nav.separatorX)
    }

    /// One navigation entry on screen.
    public struct NavItem: Sendable, Equatable {
        public var id: String
        public var x: Double
        public var width: Double
        public var height: Double
        public var alpha: Double
    }
    /// The navigation entries on screen, bottom of the z-order first.
    public struct Nav: Sendable, Equatable {
        public var items: [NavItem]
        public var separatorX: Double?
    }

    /// The dimming layer over the presenting screen.
    public struct Dimming: Sendable, Equatable {
        public var alpha: Double
        public var passthrough: Bool
    }
    /// The pull bar above the sheet.
    public struct Grabber: Sendable, Equatable {
        public var visible: Bool
        public var y: Double
    }
    /// What the host's scroll view inside the sheet must do.
    public struct Scroll: Sendable, Equatable {
        /// Non-nil while the sheet owns a drag that began in the scroll view: the host holds
        /// its scroll offset here.
        public var pinOffsetY: Double?
        /// Set in one frame when the list should continue a fling with this velocity (pt/s,
        /// positive scrolls toward the end of the list).
        public var flingVelocityY: Double?
    }
    /// Where one navigation entry on screen is drawn (its id is in `SheetFrame.navIDs`).
    public struct NavPlacement: Sendable, Equatable {
        public var x: Double
        public var width: Double
        public var height: Double
        public var alpha: Double
    }
    /// Where the navigation entries on screen are drawn, bottom of the z-order first: at most
    /// two (a transition's), held inline so a frame holds no array.
    public struct NavPlacements: Sendable, Equatable {
        public var separatorX: Double?
        /// How many entries are on screen (0, 1 or 2).
        public private(set) var count: UInt8 = 0
        private var first = NavPlacement(x: 0, width: 0, height: 0, alpha: 0)
        private var second = NavPlacement(x: 0, width: 0, height: 0, alpha: 0)

        /// None, `first` alone, or `first` under `second`.
        public init(_ first: NavPlacement? = nil, _ second: NavPlacement? = nil, separatorX: Double? = nil) {
            precondition(first != nil || second == nil, "a second entry on screen needs a first")
            if let first { self.first = first; count = 1 }
            if let second { self.second = second; count = 2 }
            self.separatorX = separatorX
        }

        /// The entry at `i` (`0..<count`).
        public subscript(i: Int) -> NavPlacement {
            precondition(i >= 0 && i < count, "no navigation entry \(i) on screen")
            return i == 0 ? first : second
        }
        public var placements: [NavPlacement] { (0..<Int(count)).map { self[$0] } }

        public static func == (a: NavPlacements, b: NavPlacements) -> Bool {
            a.count == b.count && a.separatorX == b.separatorX && (a.count < 1 || a.first == b.first)
                && (a.count < 2 || a.second == b.second)
        }
    }

    /// The shown height as a continuous detent index and a fraction of the container.
    public struct Position: Sendable, Equatable {
        /// -1 dismissed, 0 the smallest detent, 1.5 half-way between the second and third.
        public var index: Double
        /// Shown height over the container's height.
        public var fraction: Double
    }
    /// The keyboard and how much of the sheet it covers.
    public struct Keyboard: Sendable, Equatable {
        /// The keyboard's height (pt, 0 = hidden).
        public var height: Double
        /// Points of the sheet's visible rect below the keyboard's top edge.
        public var overlap: Double
    }
    /// What assistive technologies may do to the sheet now.
    public struct Accessibility: Sendable, Equatable {
        /// `expand`, `collapse`, `dismiss`, those available now, in that order.
        public var actions: AccessibilityActions
        public init(actions: AccessibilityActions) { self.actions = actions }
    }
    /// Where a button bar pinned to the sheet's bottom goes (`options.footerHeight`).
    public struct Footer: Sendable, Equatable {
        public var y: Double
        public init(y: Double) { self.y = y }
    }
    /// The host's own screen behind a root sheet with `recedeBackground`.
    public struct Background: Sendable, Equatable {
        public var scale: Double
        public var translateY: Double
        public var cornerRadius: Double
        public init(scale: Double, translateY: Double, cornerRadius: Double) {
            self.scale = scale
            self.translateY = translateY
            self.cornerRadius = cornerRadius
        }
    }
    /// A parent sheet's transform while a child is shown over it (about its top centre).
    public struct Transform: Sendable, Equatable {
        public var scale: Double
        public var translateY: Double
        public init(scale: Double, translateY: Double) {
            self.scale = scale
            self.translateY = translateY
        }
    }
    /// A back gesture's scale (Material 3's predictive back), about the sheet's bottom centre.
    public struct BackScale: Sendable, Equatable {
        public var scaleX: Double
        public var scaleY: Double
        public init(scaleX: Double, scaleY: Double) {
            self.scaleX = scaleX
            self.scaleY = scaleY
        }
    }
}

/// The names a frame reports: the selected detent's id and the ids of the navigation entries
/// on screen (in `FrameValues.nav`'s order).
public struct FrameNames: Sendable, Equatable {
    public var detent: String
    public var navIDs: [String]

    public init(detent: String, navIDs: [String]) {
        self.detent = detent
        self.navIDs = navIDs
    }

    /// How the names are represented, as plain data (read without retaining them): equal keys
    /// mean equal names while something holds one of them (the same storage, or the same
    /// small string); different keys may still be equal names.
    @inline(__always)
    public var key: Key { Key(detent: Key.bits(of: detent), navCount: navIDs.count) }

    /// `FrameNames.key`.
    public struct Key: Sendable, Equatable {
        var detent: Bits
        var navCount: Int

        struct Bits: Sendable, Equatable {
            var low, high: UInt64
        }

        /// A string's representation (its two words on a 64-bit platform; nothing elsewhere,
        /// where `Sheet.refreshNames` then always compares the strings).
        @inline(__always)
        static func bits(of s: borrowing String) -> Bits {
            #if _pointerBitWidth(_64)
            unsafeBitCast(copy s, to: Bits.self)
            #else
            Bits(low: 0, high: 0)
            #endif
        }
    }
}

/// A frame's values as plain data: every member of `SheetFrame` but the names (the detent's
/// id and the navigation entries' ids, which the sheet holds). Copying, comparing and storing
/// one copies bytes and retains nothing: the server keeps the last one sent per session and
/// compares each tick's against it.
public struct FrameValues: Sendable, Equatable {
    // (Declared one-byte members first: no padding between members; the server keeps one
    // per session. The wire order is `WireEncoding`'s.)
    public var state: SheetPhase
    public var accessibility = SheetFrame.Accessibility(actions: [])
    /// Which corners are rounded; reported unless the sheet is a plain full-width bottom
    /// sheet (absent = `top`).
    public var corners: SheetCorners? = nil
    public var sheet: Rect
    public var cornerRadius: Double
    public var progress: Double
    public var position: SheetFrame.Position
    public var keyboard: SheetFrame.Keyboard
    public var dimming: SheetFrame.Dimming
    public var grabber: SheetFrame.Grabber
    public var scroll: SheetFrame.Scroll
    /// Where the navigation entries on screen are drawn (their ids: `SheetFrame.navIDs`).
    public var nav: SheetFrame.NavPlacements

    // MARK: layout, footer and stack members; nil = not reported
    public var footer: SheetFrame.Footer? = nil
    /// The sheet's opacity (0…1) under reduced motion; `nil` (not reported) otherwise.
    public var opacity: Double? = nil
    public var background: SheetFrame.Background? = nil
    /// Set by the server on a session that has child sessions.
    public var transform: SheetFrame.Transform? = nil
    /// Present only during a back gesture on a bottom sheet (until its scale is back at 1).
    public var back: SheetFrame.BackScale? = nil

    public init(state: SheetPhase, sheet: Rect, cornerRadius: Double, dimming: SheetFrame.Dimming,
                grabber: SheetFrame.Grabber, progress: Double, scroll: SheetFrame.Scroll, nav: SheetFrame.NavPlacements,
                position: SheetFrame.Position, keyboard: SheetFrame.Keyboard, accessibility: SheetFrame.Accessibility) {
        self.state = state
        self.sheet = sheet
        self.cornerRadius = cornerRadius
        self.dimming = dimming
        self.grabber = grabber
        self.progress = progress
        self.scroll = scroll
        self.nav = nav
        self.position = position
        self.keyboard = keyboard
        self.accessibility = accessibility
    }
}

/// Something that happened to a sheet (`sheet.event`'s `type` and its extra member).
public enum SheetEventKind: Sendable, Equatable {
    case presented
    case dismissed
    case presentCancelled
    case dismissCancelled
    case detentChanged(String)
    case navigationDidShow(String)
    case popped(String)
    /// A user gesture would have dismissed a sheet that is not dismissible.
    case dismissAttempted(DismissCause)
    /// `options.gesture` declined a pan on the sheet.
    case panDeclined(PanDeclineReason)
    /// The sheet started moving to a new rest.
    case willSettle(SettleIntent)

    /// The wire name.
    public var type: String {
        switch self {
        case .presented: return "presented"
        case .dismissed: return "dismissed"
        case .presentCancelled: return "presentCancelled"
        case .dismissCancelled: return "dismissCancelled"
        case .detentChanged: return "detentChanged"
        case .navigationDidShow: return "navigationDidShow"
        case .popped: return "popped"
        case .dismissAttempted: return "dismissAttempted"
        case .panDeclined: return "panDeclined"
        case .willSettle: return "willSettle"
        }
    }
}

/// What tried to dismiss a sheet that is not dismissible (`dismissAttempted`'s `cause`).
public enum DismissCause: String, Sendable {
    /// A drag released where a release at rest would have dismissed.
    case pan
    /// A release whose velocity would have dismissed (at rest it would not have).
    case fling
    /// A tap on the dimming layer.
    case tap
    /// The `escape` accessibility action.
    case escape
    /// An invoked back (`input.back`).
    case back
}

/// An event with the time (ms) at which the engine observed it.
public struct SheetEvent: Sendable, Equatable {
    public var t: Double
    public var kind: SheetEventKind

    public init(t: Double, kind: SheetEventKind) {
        self.t = t
        self.kind = kind
    }
}

/// Rounding used for every number in a frame.
enum Quantize {
    // (Inlined: a frame quantizes about ten values, a call each cost more than the rounding.)
    @inline(__always) static func points(_ x: Double) -> Double { clean(round(x * 1000) / 1000) }
    @inline(__always) static func unit(_ x: Double) -> Double { clean(round(x * 10000) / 10000) }

    /// `x.rounded()` (to nearest, half away from zero), bit for bit, without a call into libm
    /// (`round` is a library call on baseline x86-64, several per frame): below 2^52 in
    /// magnitude `x` minus its truncation is exact, so comparing it with ±0.5 decides.
    @inline(__always)
    static func round(_ x: Double) -> Double {
        guard abs(x) < 4_503_599_627_370_496 else { return x.rounded() }  // 2^52 and above: integral (or NaN, inf)
        let t = Double(Int64(x))
        let f = x - t
        let r = f >= 0.5 ? t + 1 : f <= -0.5 ? t - 1 : t
        return r == 0 && x.sign == .minus ? -0.0 : r
    }
    /// Avoid `-0`.
    @inline(__always) private static func clean(_ x: Double) -> Double { x == 0 ? 0 : x }
}
