// Where plugin code runs: in helper processes (the default of the daemon) or in the daemon.

/// Where a `PluginHost` runs plugin code.
public enum PluginIsolation: Sendable {
    /// In this process (`--plugin-isolation none`): a plugin that crashes ends the process.
    /// `gate`, when given, sees every call into plugin code.
    case inProcess(gate: PluginCallGate?)
    /// In helper processes (`--plugin-isolation process`): `executable` (sheetd) re-executed
    /// as `executable --plugin-host 3 4`, one per plugin file. A helper that crashes, exits or
    /// does not answer within `timeoutMilliseconds` (monotonic wall clock) is a fault of the
    /// call that was waiting for it.
    case process(executable: String, timeoutMilliseconds: Double)

    /// In this process, with no gate.
    public static let trusted = PluginIsolation.inProcess(gate: nil)
}
