import SheetCore
import SheetRPC
import SheetPluginHost

/// Placeholder of the daemon's service; replaced by the real one.
public final class SheetService: RPCService {
    /// What the executable hands the service.
    public struct Configuration: Sendable {
        /// Directories plugins may be loaded from (`--plugin-dir`, `SHEETD_PLUGIN_PATH`).
        public var pluginDirectories: [String]
        /// The realtime clock (ms, monotonic). Only read when a host picks `clock: "realtime"`.
        public var now: @Sendable () -> Double
        /// Where log lines go (stderr in the daemon).
        public var log: @Sendable (String) -> Void

        public init(pluginDirectories: [String] = [], now: @escaping @Sendable () -> Double = { 0 },
                    log: @escaping @Sendable (String) -> Void = { _ in }) {
            self.pluginDirectories = pluginDirectories
            self.now = now
            self.log = log
        }
    }

    public let configuration: Configuration
    public init(configuration: Configuration) { self.configuration = configuration }

    public var methodNames: Set<String> { ["session.create", "session.list", "clock.tick"] }
    public func initialize(_ params: JSONValue?, emit: (RPCNotification) -> Void) throws(RPCError) -> JSONValue {
        ["serverInfo": ["name": "sheetd", "version": "0.1.0"], "protocolVersion": "1", "clock": "host"]
    }
    public func call(_ method: String, params: JSONValue?, isNotification: Bool,
                     emit: (RPCNotification) -> Void) throws(RPCError) -> JSONValue {
        switch method {
        case "session.create": return ["session": "s1"]
        case "session.list": return []
        case "clock.tick":
            let t = try Params(params)["t"].number(in: 0...1e15)
            return ["t": .number(t), "frames": 0]
        default: throw RPCError.methodNotFound(method)
        }
    }
    public func nextDeadline() -> Double? { nil }
    public func advance(to now: Double, emit: (RPCNotification) -> Void) {}
}
