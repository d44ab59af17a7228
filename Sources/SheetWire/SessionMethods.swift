/// `session.create`: a new session (dismissed) from a setup, or a child over `parent`.
public enum SessionCreate: WireMethod {
    public static let name = "session.create"
    public static let members = SetupMembers.all + [policies, parent.spec]
    public static let policies = MemberSpec.shaped("policies", "PolicySelection", required: false)
    public static let parent = Member<String?>.optionalText("parent")
    public static let result = WireResult.session
}

/// The members of a setup: `session.create`'s params besides `policies` and `parent`, and a
/// snapshot's `setup`.
public enum SetupMembers {
    public static let container = MemberSpec.shaped("container", "Container", required: false)
    public static let content = MemberSpec.shaped("content", "Content", required: false)
    public static let detents = MemberSpec.shaped("detents", "Detent", .array, required: false)
    public static let selectedDetent = Member<String?>.optionalText("selectedDetent")
    public static let options = MemberSpec.shaped("options", "Options", required: false)
    public static let navigation = MemberSpec.shaped("navigation", "Navigation", required: false)
    public static let all = [container, content, detents, selectedDetent.spec, options, navigation]
    /// Most detents a sheet has.
    public static let maxDetents = 16
}

/// `session.destroy {session}`.
public enum SessionDestroy: WireMethod {
    public static let name = "session.destroy"
    public static let members = [CommandMembers.session.spec]
    public static let result = WireResult.null
}

/// `session.list`: the live sessions and their states.
public enum SessionList: WireMethod {
    public static let name = "session.list"
    public static let members: [MemberSpec] = []
    public static let result = WireResult.sessions
}

/// `session.snapshot {session}`: the session's state (a stack root's: the whole stack).
public enum SessionSnapshot: WireMethod {
    public static let name = "session.snapshot"
    public static let members = [CommandMembers.session.spec]
    public static let result = WireResult.snapshot
}

/// `session.restore {state}`: a session continuing a snapshot.
public enum SessionRestore: WireMethod {
    public static let name = "session.restore"
    public static let state = MemberSpec("state", .object, required: true)
    public static let members = [state]
    public static let result = WireResult.restore
}
