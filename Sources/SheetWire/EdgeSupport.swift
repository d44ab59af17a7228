/// Which attached edges a method (or one value of a member) supports.
public enum EdgeSupport: Sendable, Equatable {
    /// Every edge.
    case all
    /// Sheets on the bottom edge only; `what` names the mechanic in the refusal.
    case bottomOnly(what: String)
}
