/// `animated` (default true): animate, or jump.
public enum Animated {
    public static let member = Member<Bool>.flag("animated", default: true)
}

/// `sheet.present {session, t, animated?, stackBehavior?}`.
public enum SheetPresent: SessionCommand {
    public static let name = "sheet.present"
    /// How a child presents over a parent that is shown.
    public enum StackBehavior: String, WireEnum {
        /// Over the parent (the default).
        case push
        /// The parent is dismissed, then the child presents; the parent does not come back.
        case replace
        /// As `replace`, and the parent presents again when the child is dismissed.
        case `switch`
    }
    public static let stackBehavior = Member<StackBehavior>.choice("stackBehavior", default: .push)
    public static let members = [Animated.member.spec, stackBehavior.spec]
}

/// `sheet.dismiss {session, t, animated?}`.
public enum SheetDismiss: SessionCommand {
    public static let name = "sheet.dismiss"
    public static let members = [Animated.member.spec]
}

/// `sheet.selectDetent {session, t, detent, animated?}`.
public enum SheetSelectDetent: SessionCommand {
    public static let name = "sheet.selectDetent"
    public static let detent = Member<String>.text("detent")
    public static let members = [detent.spec, Animated.member.spec]
}

/// `sheet.setContentHeight {session, t, height, entry?}`.
public enum SheetSetContentHeight: SessionCommand {
    public static let name = "sheet.setContentHeight"
    public static let height = Member<Double>.number("height", in: WireRange.length)
    public static let entry = Member<String?>.optionalText("entry")
    public static let members = [height.spec, entry.spec]
}

/// `sheet.setContainer {session, t, width, height, safeArea?, sizeClass?}`.
public enum SheetSetContainer: SessionCommand {
    public static let name = "sheet.setContainer"
    public static let width = ContainerShape.width
    public static let height = ContainerShape.height
    public static let safeArea = ContainerShape.safeArea
    public static let sizeClass = ContainerShape.sizeClass
    public static let members = ContainerShape.all
}

/// `sheet.configure {session, t, animated?, detents?, selectedDetent?, options?, policies?}`.
public enum SheetConfigure: SessionCommand {
    public static let name = "sheet.configure"
    public static let members = [Animated.member.spec, SetupMembers.detents, SetupMembers.selectedDetent.spec,
                                 SetupMembers.options, SessionCreate.policies]
}

/// `sheet.snapTo {session, t, height, animated?}`.
public enum SheetSnapTo: SessionCommand {
    public static let name = "sheet.snapTo"
    public static let height = Member<Double>.number("height", in: WireRange.length)
    public static let members = [height.spec, Animated.member.spec]
}

/// `sheet.previewRelease {session, velocity}`: what a release now would do, changing nothing
/// (a dry run, answering `willSettle`'s `{detent, dismisses, rest, durationMs}`). No `t`: it
/// reads the sheet at the server's time.
public enum SheetPreviewRelease: WireMethod {
    public static let name = "sheet.previewRelease"
    public static let velocity = MemberSpec.shaped("velocity", "Vector", required: true)
    public static let members = [CommandMembers.session.spec, velocity]
    public static let result = WireResult.releasePreview
}
