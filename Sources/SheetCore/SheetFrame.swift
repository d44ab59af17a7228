/// The lifecycle state a frame reports (`sheet.frame`'s `state`).
public enum SheetPhase: String, Sendable, Codable {
    case dismissed, presenting, presented, dragging, settling, dismissing
}

/// Everything a host needs to draw one sheet at one instant (`sheet.frame` minus the
/// session id, sequence number and time, which the server adds).
///
/// Lengths are rounded to 0.001 pt and alphas/progress to 0.0001, so the numbers print the
/// way a person reads them and identical inputs give identical frames.
public struct SheetFrame: Sendable, Equatable, Codable {
    /// The dimming layer over the presenting screen.
    public struct Dimming: Sendable, Equatable, Codable {
        public var alpha: Double
        public var passthrough: Bool
    }
    /// The pull bar above the sheet.
    public struct Grabber: Sendable, Equatable, Codable {
        public var visible: Bool
        public var y: Double
    }
    /// What the host's scroll view inside the sheet must do.
    public struct Scroll: Sendable, Equatable, Codable {
        /// Non-nil while the sheet owns a drag that began in the scroll view: the host holds
        /// its scroll offset here.
        public var pinOffsetY: Double?
        /// Set in one frame when the list should continue a fling with this velocity (pt/s,
        /// positive scrolls toward the end of the list).
        public var flingVelocityY: Double?
    }
    /// One navigation entry on screen.
    public struct NavItem: Sendable, Equatable, Codable {
        public var id: String
        public var x: Double
        public var width: Double
        public var height: Double
        public var alpha: Double
    }
    /// The navigation entries on screen, bottom of the z-order first.
    public struct Nav: Sendable, Equatable, Codable {
        public var items: [NavItem]
        public var separatorX: Double?
    }

    public var state: SheetPhase
    public var sheet: Rect
    public var cornerRadius: Double
    public var dimming: Dimming
    public var grabber: Grabber
    public var detent: String
    public var progress: Double
    public var scroll: Scroll
    public var nav: Nav
}

/// Something that happened to a sheet (`sheet.event`'s `type` and its extra member).
public enum SheetEventKind: Sendable, Equatable, Codable {
    case presented
    case dismissed
    case presentCancelled
    case dismissCancelled
    case detentChanged(String)
    case navigationDidShow(String)
    case popped(String)

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
        }
    }
}

/// An event with the time (ms) at which the engine observed it.
public struct SheetEvent: Sendable, Equatable, Codable {
    public var t: Double
    public var kind: SheetEventKind

    public init(t: Double, kind: SheetEventKind) {
        self.t = t
        self.kind = kind
    }
}

/// Rounding used for every number in a frame.
enum Quantize {
    static func points(_ x: Double) -> Double { clean((x * 1000).rounded() / 1000) }
    static func unit(_ x: Double) -> Double { clean((x * 10000).rounded() / 10000) }
    /// Avoid `-0`.
    private static func clean(_ x: Double) -> Double { x == 0 ? 0 : x }
}
