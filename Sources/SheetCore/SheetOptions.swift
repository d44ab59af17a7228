/// Per-session presentation options (`session.create`'s `options`), with the defaults of
/// MECHANICS.md.
///
/// Members added after the first snapshot format are stored as optionals (`nil` = default)
/// so snapshots taken before they existed still decode; read them through the computed
/// accessors.
public struct SheetOptions: Sendable, Equatable {
    public var cornerRadius: Double = 10
    public var grabber: Bool = true
    public var dimAlpha: Double = 0.6
    public var dismissible: Bool = true
    /// At or below this detent there is no dimming and the background stays interactive.
    public var largestUndimmedDetent: String? = nil
    /// UIKit's `prefersScrollingExpandsWhenScrolledToEdge`.
    public var scrollExpandsAtEdge: Bool = true
    public var pullBarHeight: Double = 20
    /// Display scale: the pull bar sits `1/displayScale` below `sheet.y - pullBarHeight`.
    public var displayScale: Double = 1
    /// Gap between the top safe-area edge and the `large` detent.
    public var largeTopGap: Double = 10
    /// Navigation bar height of entries that show one (44 minimum).
    public var navigationBarHeight: Double = 56
    /// Present / dismiss commands.
    public var presentTiming: AnimationTiming = .bezier(.present)
    /// After a release, and for animated detent selection.
    public var settleSpring: Spring = .settle
    /// Content-size and container changes.
    public var contentTiming: AnimationTiming = .bezier(.contentChange)
    /// `tapDimming` as stored (`nil` = `.dismiss`).
    public var tapDimmingSetting: TapDimming?
    /// `keyboard` as stored (`nil` = automatic: `largest` when the session has a `large`
    /// detent, else `lift`).
    public var keyboardSetting: KeyboardMode?
    /// `keyboardRestore` as stored (`nil` = true).
    public var keyboardRestoreSetting: Bool?
    /// `dragRegion` as stored (`nil` = `.sheet`).
    public var dragRegionSetting: DragRegion?
    // MARK: layout, footer and stack options; `nil` = default
    /// `footerHeight`: frames carry `footer.y` (`nil` = no footer).
    public var footerHeight: Double?
    /// `preferredWidth` as stored (`nil` = 700).
    public var preferredWidthSetting: Double?
    /// `maxWidth`: caps the sheet's width on any container and centers it.
    public var maxWidth: Double?
    /// `edgeAttachedInCompactHeight` as stored (`nil` = false).
    public var edgeAttachedInCompactHeightSetting: Bool?
    /// `detached`: margins that float the sheet (`nil` = attached to the bottom edge).
    public var detached: DetachedMargins?
    /// `recedeBackground` as stored (`nil` = false).
    public var recedeBackgroundSetting: Bool?
    /// `edge` as stored (`nil` = bottom).
    public var edgeSetting: SheetEdge?
    /// `gesture` as stored (`nil` = every pan accepted at `began`).
    public var gestureSetting: PanArbitration?
    /// `rubberBand` as stored (`nil` = banded at both limits with 0.55).
    public var rubberBandSetting: RubberBandLimits?
    /// `reduceMotion` as stored (`nil` = off; the server fills in its `initialize` default).
    public var reduceMotionSetting: Bool?

    public init() {}

    /// Pan arbitration: when a pan on the sheet may move it.
    public var gesture: PanArbitration {
        get { gestureSetting ?? PanArbitration() }
        set { gestureSetting = newValue }
    }
    /// Over-drag: whether and how hard a drag past the detents rubber-bands.
    public var rubberBand: RubberBandLimits {
        get { rubberBandSetting ?? RubberBandLimits() }
        set { rubberBandSetting = newValue }
    }

    /// Reduced motion (iOS Reduce Motion): presents and dismissals fade in place, settles
    /// are critically damped without overshoot, navigation cross-fades; frames carry `opacity`.
    public var reduceMotion: Bool {
        get { reduceMotionSetting ?? false }
        set { reduceMotionSetting = newValue }
    }
    /// What a tap on the dimming layer does.
    public var tapDimming: TapDimming {
        get { tapDimmingSetting ?? .dismiss }
        set { tapDimmingSetting = newValue }
    }
    /// When the keyboard hides, return to the detent the sheet had before it showed.
    public var keyboardRestore: Bool {
        get { keyboardRestoreSetting ?? true }
        set { keyboardRestoreSetting = newValue }
    }
    /// Where a pan may start to move the sheet.
    public var dragRegion: DragRegion {
        get { dragRegionSetting ?? .sheet }
        set { dragRegionSetting = newValue }
    }
    /// A page sheet's width (regular width, or compact height when edge-attached).
    public var preferredWidth: Double {
        get { preferredWidthSetting ?? 700 }
        set { preferredWidthSetting = newValue }
    }
    /// In compact height, stay attached to the bottom edge at `preferredWidth`, centered.
    public var edgeAttachedInCompactHeight: Bool {
        get { edgeAttachedInCompactHeightSetting ?? false }
        set { edgeAttachedInCompactHeightSetting = newValue }
    }
    /// A root sheet recedes the host's screen behind it (frames carry `background`).
    public var recedeBackground: Bool {
        get { recedeBackgroundSetting ?? false }
        set { recedeBackgroundSetting = newValue }
    }
}

/// `options.tapDimming`: what a tap on the dimming layer does.
public enum TapDimming: String, Sendable, CaseIterable {
    /// Dismiss (or report `dismissAttempted` when the sheet is not dismissible).
    case dismiss
    /// Go to the smallest detent.
    case collapse
    /// Nothing.
    case none
}

/// `options.keyboard`: how the sheet answers `input.keyboard`.
public enum KeyboardMode: String, Sendable, CaseIterable {
    /// Every detent grows by the keyboard's height.
    case lift
    /// Go to the largest detent whatever its id.
    case largest
    /// Fill the container above the keyboard (up to the top safe-area edge).
    case fill
    /// The sheet stays.
    case none
}

/// `options.dragRegion`: where a pan may start to move the sheet.
public enum DragRegion: String, Sendable, CaseIterable {
    /// Anywhere on the sheet (content pans and scroll hand-off included).
    case sheet
    /// Only the grabber (`input.pan` with `source: "grabber"`).
    case grabber
}

/// How an animation runs: a fixed-duration bezier or a spring.
public enum AnimationTiming: Sendable, Equatable, Hashable {
    case bezier(BezierTiming)
    case spring(Spring)
}
