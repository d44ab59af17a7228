/// Why the engine refused a command. The server maps `invalidParams` to `-32602`,
/// `invalidState` to `-32010`, `policyFault` to `-32011` and `limitExceeded` to `-32012`.
public struct SheetError: Error, Sendable, Equatable {
    /// Which JSON-RPC error the refusal becomes.
    public enum Kind: Sendable, Equatable { case invalidParams, invalidState, policyFault, limitExceeded }
    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
