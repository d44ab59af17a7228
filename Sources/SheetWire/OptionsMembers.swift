/// The members of `options` (`session.create`, `sheet.configure`, a snapshot's setup): absent
/// keeps the current value; the nullable ones are cleared by `null`.
public enum OptionsMembers {
    /// `tapDimming`: what a tap on the dimming layer does.
    public enum TapDimming: String, WireEnum { case dismiss, collapse, none }
    /// `keyboard`: how the sheet answers `input.keyboard`.
    public enum Keyboard: String, WireEnum { case lift, largest, fill, none }
    /// `dragRegion`: where a pan may start to move the sheet.
    public enum DragRegion: String, WireEnum { case sheet, grabber }
    /// `edge`: the container edge the sheet is attached to.
    public enum Edge: String, WireEnum { case bottom, top, left, right }

    public static let cornerRadius = Member<Double?>.optionalNumber("cornerRadius", in: 0...1000)
    public static let grabber = Member<Bool?>.optionalFlag("grabber")
    public static let dimAlpha = Member<Double?>.optionalNumber("dimAlpha", in: 0...1)
    public static let dismissible = Member<Bool?>.optionalFlag("dismissible")
    public static let largestUndimmedDetent = Member<String?>.optionalText("largestUndimmedDetent")
    public static let scrollExpandsAtEdge = Member<Bool?>.optionalFlag("scrollExpandsAtEdge")
    public static let pullBarHeight = Member<Double?>.optionalNumber("pullBarHeight", in: 0...200)
    public static let displayScale = Member<Double?>.optionalNumber("displayScale", in: 1...4)
    public static let largeTopGap = Member<Double?>.optionalNumber("largeTopGap", in: 0...1000)
    public static let navigationBarHeight = Member<Double?>.optionalNumber("navigationBarHeight", in: 44...200)
    public static let presentTiming = MemberSpec.shaped("presentTiming", "Timing", required: false)
    public static let settleSpring = MemberSpec.shaped("settleSpring", "Spring", required: false)
    public static let contentTiming = MemberSpec.shaped("contentTiming", "Timing", required: false)
    public static let tapDimming = Member<TapDimming?>.optionalChoice("tapDimming")
    public static let keyboard = Member<Keyboard?>.optionalChoice("keyboard")
    public static let keyboardRestore = Member<Bool?>.optionalFlag("keyboardRestore")
    public static let dragRegion = Member<DragRegion?>.optionalChoice("dragRegion")
    public static let footerHeight = Member<Double?>.optionalNumber("footerHeight", in: WireRange.length)
    public static let preferredWidth = Member<Double?>.optionalNumber("preferredWidth", in: WireRange.positiveLength)
    public static let maxWidth = Member<Double?>.optionalNumber("maxWidth", in: WireRange.positiveLength)
    public static let edgeAttachedInCompactHeight = Member<Bool?>.optionalFlag("edgeAttachedInCompactHeight")
    public static let detached = MemberSpec("detached", .object, required: false)
    public static let recedeBackground = Member<Bool?>.optionalFlag("recedeBackground")
    public static let edge = Member<Edge?>.optionalChoice("edge")
    /// Pan arbitration (`GestureShape`); an object replaces the whole setting, `null` restores the defaults.
    public static let gesture = MemberSpec("gesture", .object, required: false)
    /// Over-drag control (`RubberBandShape`); an object replaces the whole setting, `null` restores the defaults.
    public static let rubberBand = MemberSpec("rubberBand", .object, required: false)
    /// Reduced motion (absent: the server's `initialize {reduceMotion}`).
    public static let reduceMotion = Member<Bool?>.optionalFlag("reduceMotion")

    public static let all = [
        cornerRadius.spec, grabber.spec, dimAlpha.spec, dismissible.spec, largestUndimmedDetent.spec,
        scrollExpandsAtEdge.spec, pullBarHeight.spec, displayScale.spec, largeTopGap.spec, navigationBarHeight.spec,
        presentTiming, settleSpring, contentTiming, tapDimming.spec, keyboard.spec, keyboardRestore.spec,
        dragRegion.spec, footerHeight.spec, preferredWidth.spec, maxWidth.spec, edgeAttachedInCompactHeight.spec,
        detached, recedeBackground.spec, edge.spec, gesture, rubberBand, reduceMotion.spec,
    ]
}
