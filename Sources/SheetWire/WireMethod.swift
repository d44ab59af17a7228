/// A wire method (host → daemon): its name, its params as declared members and its result.
///
/// One type per method, in the spirit of sourcekit-lsp's request types; the daemon's method
/// table registers these types. Adding a method: its type here, one registration line (and its
/// handler) in SheetServer's `Handlers.swift`, its entry and example in protocol/openrpc.json
/// (checked member by member against the type) and its prose in protocol/README.md.
public protocol WireMethod {
    /// The JSON-RPC method name.
    static var name: String { get }
    /// Every params member, in the order they are read (the first failing one is reported).
    static var members: [MemberSpec] { get }
    /// Which edges the method supports.
    static var edges: EdgeSupport { get }
    /// What a successful call answers.
    static var result: WireResult { get }
}

extension WireMethod {
    public static var edges: EdgeSupport { .all }
    /// The names `members` declares, in order.
    public static var memberNames: [String] { members.map { $0.name } }
}

/// A session command or input: it also takes `session` and `t` (read after its own members).
public protocol SessionCommand: WireMethod {}

extension SessionCommand {
    public static var result: WireResult { .state }
}

/// The members every session command has, read after the command's own.
public enum CommandMembers {
    /// The target session.
    public static let session = Member<String>.text("session")
    /// When the host issued it (ms): required on the host clock, optional on the realtime clock.
    public static let t = Member<Double?>.optionalNumber("t", in: WireRange.time)
    /// Both, in the order they are read.
    public static let all = [session.spec, t.spec]
}

/// A notification the daemon sends (daemon → host): its name and its params.
public protocol WireNotification {
    static var name: String { get }
    static var members: [MemberSpec] { get }
}

/// What a method answers, by the openrpc.json result it documents.
public enum WireResult: String, Sendable {
    /// `{state}` (openrpc.json `StateResult`).
    case state = "StateResult"
    /// `{state, gesture}` (`PanResult`): `input.pan`.
    case pan = "PanResult"
    /// `{session, maxDetentHeight}` (`SessionResult`).
    case session = "SessionResult"
    /// `{session, children?}` (`RestoreResult`).
    case restore = "RestoreResult"
    /// `{t, frames}`.
    case tick
    /// `{serverInfo, protocolVersion, clock, fps, policies}`.
    case initialize
    /// `[{session, state}]`.
    case sessions
    /// The opaque snapshot object.
    case snapshot
    /// `[PluginInfo]`.
    case plugins
    /// `PluginInfo`.
    case plugin = "PluginInfo"
    /// `{detent, dismisses, rest, durationMs}` (`ReleasePreview`).
    case releasePreview = "ReleasePreview"
    /// `null`.
    case null
    /// A `sheet.frame`'s params (`session.frame`).
    case frame
    /// `{t, ticks, frames, rested}` (`clock.runUntilRest`).
    case runUntilRest
}
