/// How important a loader or plugin log line is: the plugin ABI's `SHEETD_LOG_*` levels. The
/// daemon prints a line when its level is at least the `--log-level` (warnings and errors by
/// default).
public enum PluginLogLevel: Int, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error

    /// The level of a plugin's `host->log(context, level, message)`; unknown levels count as
    /// errors (never hidden).
    public init(abiLevel: Int32) {
        switch abiLevel {
        case 0: self = .debug
        case 1: self = .info
        case 2: self = .warning
        default: self = .error
        }
    }

    public static func < (a: PluginLogLevel, b: PluginLogLevel) -> Bool { a.rawValue < b.rawValue }
}
