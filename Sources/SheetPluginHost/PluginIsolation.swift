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

/// Sees every call into plugin code made in the daemon's own process (`none` mode): the
/// daemon flushes its output before a call and lets a signal end it while a call hangs.
///
/// `enter` runs on the loop thread right before plugin code runs, `leave` right after it
/// returns; they are never nested.
public protocol PluginCallGate: AnyObject, Sendable {
    func enter()
    func leave()
}

extension PluginCallGate? {
    /// Runs `body` (plugin code) between `enter` and `leave`.
    @inline(__always)
    func around<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        guard let gate = self else { return try body() }
        gate.enter()
        defer { gate.leave() }
        return try body()
    }
}

/// Whether a plugin may still be used.
public enum PluginStatus: String, Sendable, Codable {
    /// Loaded and usable.
    case ready
    /// Faulted 3 times within a minute: its helper is not restarted, every call of it faults
    /// (sessions use the built-in of its kind).
    case failed
}
