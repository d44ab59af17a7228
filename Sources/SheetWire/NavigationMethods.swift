/// Navigation is a bottom-sheet mechanic.
let navigationEdges = EdgeSupport.bottomOnly(what: "navigation, scroll hand-off")

/// `nav.push {session, t, entry, animated?}`.
public enum NavPush: SessionCommand {
    public static let name = "nav.push"
    public static let entry = MemberSpec.shaped("entry", "NavEntry", required: true)
    public static let members = [entry, Animated.member.spec]
    public static let edges = navigationEdges
}

/// `nav.pop {session, t, animated?}`.
public enum NavPop: SessionCommand {
    public static let name = "nav.pop"
    public static let members = [Animated.member.spec]
    public static let edges = navigationEdges
}

/// `nav.popToRoot {session, t, animated?}`.
public enum NavPopToRoot: SessionCommand {
    public static let name = "nav.popToRoot"
    public static let members = [Animated.member.spec]
    public static let edges = navigationEdges
}

/// `nav.setStack {session, t, entries, animated?}`.
public enum NavSetStack: SessionCommand {
    public static let name = "nav.setStack"
    public static let entries = MemberSpec.shaped("entries", "NavEntry", .array, required: true)
    public static let members = [entries, Animated.member.spec]
    public static let edges = navigationEdges
}
