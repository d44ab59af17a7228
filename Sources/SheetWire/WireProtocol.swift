/// Every method and notification of the protocol, by type, for whoever needs the whole list
/// (the openrpc.json check, generators).
public enum WireProtocol {
    /// A method's static data.
    public struct MethodInfo: Sendable {
        public let name: String
        public let members: [MemberSpec]
        public let edges: EdgeSupport
        public let result: WireResult
        /// Whether it also takes `session` and `t` (a `SessionCommand`).
        public let isCommand: Bool

        public init<M: WireMethod>(_ method: M.Type) {
            self.init(M.self, isCommand: false)
        }

        public init<M: SessionCommand>(_ method: M.Type) {
            self.init(M.self, isCommand: true)
        }

        private init<M: WireMethod>(_: M.Type, isCommand: Bool) {
            name = M.name
            members = M.members
            edges = M.edges
            result = M.result
            self.isCommand = isCommand
        }

        /// Every member it accepts: its own, then `session` and `t` for a command.
        public var allMembers: [MemberSpec] { isCommand ? members + CommandMembers.all : members }
    }

    /// A notification's static data.
    public struct NotificationInfo: Sendable {
        public let name: String
        public let members: [MemberSpec]

        public init<N: WireNotification>(_ notification: N.Type) {
            name = N.name
            members = N.members
        }
    }

    /// `initialize`, `shutdown`, `exit`: the connection's lifecycle.
    public static let lifecycle = [MethodInfo(Initialize.self), MethodInfo(Shutdown.self), MethodInfo(Exit.self)]

    public static let notifications = [NotificationInfo(SheetFrameNotification.self),
                                       NotificationInfo(SheetEventNotification.self),
                                       NotificationInfo(DiagnosticNotification.self)]
}
