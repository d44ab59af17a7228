/// The per-session configuration of one policy, as the host sent it in
/// `session.create`'s `policies.config[<policy name>]`.
///
/// Built-in policies read plain numbers and flags from `values`; plugins receive
/// `jsonText` (UTF-8 JSON text of the same object) across the C ABI.
public struct PolicyConfig: Sendable, Equatable {
    /// A scalar configuration value.
    public enum Value: Sendable, Equatable {
        case number(Double)
        case bool(Bool)
        case string(String)
    }

    /// Top-level scalar members of the config object (nested objects and arrays are only
    /// visible through `jsonText`).
    public var values: [String: Value]
    /// The config object as compact JSON text, `{}` when the host sent none.
    public var jsonText: String

    public init(values: [String: Value] = [:], jsonText: String = "{}") {
        self.values = values
        self.jsonText = jsonText
    }

    /// The empty configuration: every policy uses its defaults.
    public static let empty = PolicyConfig()

    /// A number member, or `defaultValue` when absent or not a finite number.
    public func number(_ key: String, default defaultValue: Double) -> Double {
        if case .number(let n)? = values[key], n.isFinite { return n }
        return defaultValue
    }

    /// A boolean member, or `defaultValue` when absent or not a boolean.
    public func bool(_ key: String, default defaultValue: Bool) -> Bool {
        if case .bool(let b)? = values[key] { return b }
        return defaultValue
    }
}

/// Why a policy could not answer. The engine reacts by falling back to the built-in
/// policy of the same kind for the rest of the session and reporting one diagnostic.
public struct PolicyFault: Error, Sendable, Equatable {
    /// The policy's name, e.g. `material`.
    public var policy: String
    /// What went wrong, for a person: `returned NaN for settle.response`.
    public var message: String

    public init(policy: String, message: String) {
        self.policy = policy
        self.message = message
    }
}

/// The kinds of pluggable behaviour.
public enum PolicyKind: String, Sendable, CaseIterable {
    case dismissal
    case scrollHandoff
    case navigation
    /// A detent's height (`{id, resolver}`); named by detents, not by `policies`.
    case detentResolver
}
