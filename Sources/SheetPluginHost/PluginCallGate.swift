// What sees every call into plugin code made in the daemon's own process.

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
