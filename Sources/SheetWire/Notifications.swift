/// `sheet.frame`: a session's geometry at a tick.
public enum SheetFrameNotification: WireNotification {
    public static let name = "sheet.frame"
    public static let members = [
        MemberSpec("session", .string, required: true), MemberSpec("seq", .integer, required: true),
        MemberSpec("t", .number, required: true), MemberSpec("state", .string, required: true),
        MemberSpec.shaped("sheet", "Rect", required: true), MemberSpec("dimming", .object, required: true),
        MemberSpec("grabber", .object, required: true), MemberSpec("detent", .string, required: true),
        MemberSpec("progress", .number, required: true), MemberSpec("scroll", .object, required: true),
        MemberSpec("nav", .object, required: true), MemberSpec("position", .object, required: true),
        MemberSpec("keyboard", .object, required: true), MemberSpec("footer", .object, required: false),
        MemberSpec("background", .object, required: false), MemberSpec("transform", .object, required: false),
        MemberSpec("accessibility", .object, required: true), MemberSpec("back", .object, required: false),
        MemberSpec("opacity", .number, required: false),
    ]
}

/// `sheet.event`: something happened to a session (presented, detentChanged, ...).
public enum SheetEventNotification: WireNotification {
    public static let name = "sheet.event"
    /// Why a sheet was dismissed.
    public enum Cause: String, WireEnum { case pan, fling, tap, escape, back }
    /// Why a pan was declined (`panDeclined`).
    public enum Reason: String, WireEnum { case direction, failOffset }
    /// What started a motion to a new rest (`willSettle`).
    public enum Trigger: String, WireEnum { case release, present, dismiss, command, layout, navigation }
    public static let members = [
        MemberSpec("session", .string, required: true), MemberSpec("t", .number, required: true),
        MemberSpec("type", .string, required: true), MemberSpec("detent", .string, required: false),
        MemberSpec("id", .string, required: false),
        MemberSpec("cause", .string, required: false, choices: Cause.choices),
        MemberSpec("reason", .string, required: false, choices: Reason.choices),
        MemberSpec("dismisses", .boolean, required: false), MemberSpec.shaped("rest", "Rect", required: false),
        MemberSpec("durationMs", .integer, required: false),
        MemberSpec("trigger", .string, required: false, choices: Trigger.choices),
    ]
}

/// `$/diagnostic`: a failed notification, or a warning about a call.
public enum DiagnosticNotification: WireNotification {
    public static let name = "$/diagnostic"
    /// How serious it is (absent: the notification failed).
    public enum Severity: String, WireEnum { case warning }
    public static let members = [
        MemberSpec("method", .string, required: true), MemberSpec("code", .integer, required: true),
        MemberSpec("message", .string, required: true),
        MemberSpec("severity", .string, required: false, choices: Severity.choices),
        MemberSpec("session", .string, required: false),
    ]
}
