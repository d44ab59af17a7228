// Whether a plugin may still be used (plugins.list's `status`).

/// Whether a plugin may still be used.
public enum PluginStatus: String, Sendable, Codable {
    /// Loaded and usable.
    case ready
    /// Faulted 3 times within a minute: its helper is not restarted, every call of it faults
    /// (sessions use the built-in of its kind).
    case failed
}
