/// The members of the wire's composite values (openrpc.json's component schemas of the same
/// names), declared once for the daemon's readers and the openrpc.json check.

/// `Vector`: each member optional, 0 when absent or `null` (ranges depend on the use:
/// `InputPan.translationRange`, `InputPan.velocityRange`).
public enum VectorShape {
    public static let x = MemberSpec("x", .number, required: false)
    public static let y = MemberSpec("y", .number, required: false)
    public static let all = [x, y]
}

/// `Container`: the presenting container.
public enum ContainerShape {
    public static let width = Member<Double>.number("width", in: WireRange.positiveLength)
    public static let height = Member<Double>.number("height", in: WireRange.positiveLength)
    public static let safeArea = MemberSpec.shaped("safeArea", "SafeArea", required: false)
    public static let sizeClass = Member<WireValue.SizeClass?>.optionalChoice("sizeClass")
    public static let all = [width.spec, height.spec, safeArea, sizeClass.spec]
}

/// `SafeArea`: insets (pt), each 0 when absent.
public enum SafeAreaShape {
    public static let top = Member<Double>.number("top", in: WireRange.length, default: 0)
    public static let bottom = Member<Double>.number("bottom", in: WireRange.length, default: 0)
    public static let left = Member<Double>.number("left", in: WireRange.length, default: 0)
    public static let right = Member<Double>.number("right", in: WireRange.length, default: 0)
    public static let all = [top.spec, bottom.spec, left.spec, right.spec]
}

/// `NavEntry`: one entry of a navigation stack.
public enum NavEntryShape {
    public static let id = Member<String>.text("id")
    public static let preferredHeight = Member<Double>.number("preferredHeight", in: WireRange.length)
    public static let navigationBar = Member<Bool>.flag("navigationBar", default: true)
    public static let hidesBackButton = Member<Bool>.flag("hidesBackButton", default: false)
    public static let all = [id.spec, preferredHeight.spec, navigationBar.spec, hidesBackButton.spec]
}

/// `Spring`: a critically damped (or not) spring.
public enum SpringShape {
    public static let dampingRatio = Member<Double>.number("dampingRatio", in: 0.05...10)
    public static let response = Member<Double>.number("response", in: 1...10_000)
    public static let all = [dampingRatio.spec, response.spec]
}

/// `Content`: the single content's preferred height.
public enum ContentShape {
    public static let preferredHeight = Member<Double>.number("preferredHeight", in: WireRange.length)
    public static let all = [preferredHeight.spec]
}

/// `Navigation`: an initial navigation stack.
public enum NavigationShape {
    public static let entries = MemberSpec.shaped("entries", "NavEntry", .array, required: true)
    public static let all = [entries]
}

/// `PolicySelection`: policies by name, and their configuration by policy name.
public enum PolicySelectionShape {
    public static let dismissal = Member<String?>.optionalText("dismissal")
    public static let scrollHandoff = Member<String?>.optionalText("scrollHandoff")
    public static let navigation = Member<String?>.optionalText("navigation")
    public static let config = MemberSpec("config", .object, required: false)
    public static let all = [dismissal.spec, scrollHandoff.spec, navigation.spec, config]
}

/// `options.detached`: the margins of a floating sheet (pt), each 0 when absent.
public enum DetachedShape {
    public static let horizontal = Member<Double>.number("horizontal", in: WireRange.length, default: 0)
    public static let bottom = Member<Double>.number("bottom", in: WireRange.length, default: 0)
    public static let all = [horizontal.spec, bottom.spec]
}

/// `options.gesture`: when a pan on the sheet may move it. `failOffsetX` must be positive
/// when set (0 is refused by its reader).
public enum GestureShape {
    public static let slop = Member<Double>.number("slop", in: 0...100, default: 0)
    public static let directionLock = Member<Bool>.flag("directionLock", default: false)
    public static let failOffsetX = Member<Double?>.optionalNumber("failOffsetX", in: WireRange.length)
    public static let all = [slop.spec, directionLock.spec, failOffsetX.spec]
}

/// `options.rubberBand`: over-drag past the largest and below the smallest detent. The
/// coefficient must be positive (0 is refused by its reader).
public enum RubberBandShape {
    public static let beyondLargest = Member<Bool>.flag("beyondLargest", default: true)
    public static let belowSmallest = Member<Bool>.flag("belowSmallest", default: true)
    public static let coefficient = Member<Double>.number("coefficient", in: 0...2, default: 0.55)
    public static let all = [beyondLargest.spec, belowSmallest.spec, coefficient.spec]
}

/// A custom `Detent`: an id and exactly one of `height`, `fraction`, `fromTop` or `resolver`
/// (each required in its own form).
public enum DetentShape {
    public static let id = Member<String>.text("id")
    public static let height = Member<Double>.number("height", in: WireRange.positiveLength)
    public static let fraction = Member<Double>.number("fraction", in: 0.01...1)
    public static let fromTop = Member<Double>.number("fromTop", in: WireRange.length)
    /// The name of a detent resolver (a `detentResolver` plugin) that gives the height.
    public static let resolver = Member<String>.text("resolver")
    public static let all = [id.spec, height.spec, fraction.spec, fromTop.spec, resolver.spec]
}

/// `Timing`: `{durationMs, curve?}` or `{spring}` (`durationMs` and `spring` required in their form).
public enum TimingShape {
    public static let durationMs = Member<Double>.number("durationMs", in: WireRange.duration)
    public static let curve = MemberSpec("curve", .oneOf, required: false, choices: WireValue.CurveName.choices,
                                         schema: "Curve")
    public static let spring = MemberSpec.shaped("spring", "Spring", required: true)
    public static let all = [durationMs.spec, curve, spring]
}
