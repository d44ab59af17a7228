/// `input.pan {session, t, phase, translation, velocity?, source?}`: one sample of a drag.
public enum InputPan: SessionCommand {
    public static let name = "input.pan"
    /// The gesture's phase.
    public enum Phase: String, WireEnum { case began, changed, ended, cancelled }
    /// What the finger drags.
    public enum Source: String, WireEnum { case sheet, leftEdge, bottomEdge, grabber }
    public static let phase = Member<Phase>.choice("phase")
    public static let translation = MemberSpec.shaped("translation", "Vector", required: true)
    public static let velocity = MemberSpec.shaped("velocity", "Vector", required: false)
    public static let source = Member<Source>.choice("source", default: .sheet, restricted: [.leftEdge],
                                                     restriction: .bottomOnly(what: "a leftEdge pop"))
    public static let members = [phase.spec, translation, velocity, source.spec]
    /// A translation's components (pt).
    public static let translationRange = WireRange.translation
    /// A velocity's components (pt/s).
    public static let velocityRange = WireRange.velocity
    /// `{state, gesture}`.
    public static let result = WireResult.pan
    /// What the sheet made of the pan (the result's `gesture`).
    public enum Gesture: String, WireEnum { case pending, accepted, declined }
}

/// `input.tap {session, t, target}`.
public enum InputTap: SessionCommand {
    public static let name = "input.tap"
    /// What was tapped.
    public enum Target: String, WireEnum { case dimming, grabber }
    public static let target = Member<Target>.choice("target")
    public static let members = [target.spec]
}

/// `input.scroll {...}`: one sample of a scroll view inside the sheet (scroll hand-off).
public enum InputScroll: SessionCommand {
    public static let name = "input.scroll"
    /// The scroll view's drag phase.
    public enum Phase: String, WireEnum { case dragBegan, scrolled, dragEnded }
    public static let phase = Member<Phase>.choice("phase")
    public static let offsetY = Member<Double>.number("offsetY", in: WireRange.scrollOffset)
    public static let insetTop = Member<Double>.number("insetTop", in: WireRange.scrollInset)
    public static let contentHeight = Member<Double>.number("contentHeight", in: WireRange.contentHeight)
    public static let viewportHeight = Member<Double>.number("viewportHeight", in: WireRange.viewportHeight)
    public static let isTracking = Member<Bool>.flag("isTracking")
    public static let translationY = Member<Double>.number("translationY", in: WireRange.translation)
    public static let velocityY = Member<Double?>.optionalNumber("velocityY", in: WireRange.velocity)
    public static let entry = Member<String?>.optionalText("entry")
    public static let members = [phase.spec, offsetY.spec, insetTop.spec, contentHeight.spec, viewportHeight.spec,
                                 isTracking.spec, translationY.spec, velocityY.spec, entry.spec]
    public static let edges = navigationEdges
}

/// `input.keyboard {session, t, height, durationMs?, curve?}` (height 0: hidden).
public enum InputKeyboard: SessionCommand {
    public static let name = "input.keyboard"
    public static let height = Member<Double>.number("height", in: WireRange.length)
    public static let durationMs = Member<Double>.number("durationMs", in: WireRange.duration, default: 250)
    public static let curve = TimingShape.curve
    public static let members = [height.spec, durationMs.spec, curve]
}

/// `input.accessibilityAction {session, t, action}`: an assistive technology's action on the
/// sheet (VoiceOver, TalkBack, ARIA); frames list the available ones (`accessibility.actions`).
public enum InputAccessibilityAction: SessionCommand {
    public static let name = "input.accessibilityAction"
    /// The action (`escape` is available whenever the sheet is shown).
    public enum Action: String, WireEnum { case expand, collapse, dismiss, escape }
    public static let action = Member<Action>.choice("action")
    public static let members = [action.spec]
}

/// `input.back {session, t, phase, progress?, swipeEdge?}`: Android's back and predictive
/// back gesture (sent to any sheet of a stack, it applies to the stack's top-most shown one).
public enum InputBack: SessionCommand {
    public static let name = "input.back"
    /// `handleOnBackStarted`, `...Progressed`, `...Cancelled`, `handleOnBackPressed`.
    public enum Phase: String, WireEnum { case began, progressed, cancelled, invoked }
    /// The edge the swipe started from (`BackEventCompat.swipeEdge`).
    public enum SwipeEdge: String, WireEnum { case left, right }
    public static let phase = Member<Phase>.choice("phase")
    /// 0…1; required for `began` and `progressed`.
    public static let progress = Member<Double?>.optionalNumber("progress", in: 0...1)
    public static let swipeEdge = Member<SwipeEdge?>.optionalChoice("swipeEdge")
    public static let members = [phase.spec, progress.spec, swipeEdge.spec]
}
