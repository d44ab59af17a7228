/// Where the sheet a policy answers for sits: its depth in a stack, the edge it is attached
/// to and the layout that placed it. Every policy input carries one; plugins see
/// it from ABI 1.2 on (`stack_depth`, `edge`, `layout`). The built-in policies ignore it.
public struct PolicyContext: Sendable, Equatable {
    /// 1 for a root sheet, 2 for its child (`session.create {parent}`), ...
    public var stackDepth: Int
    /// `options.edge`.
    public var edge: SheetEdge
    /// The rule that placed the sheet (other edges than bottom are always `fullWidth`).
    public var layout: SheetLayout.Kind

    public init(stackDepth: Int = 1, edge: SheetEdge = .bottom, layout: SheetLayout.Kind = .fullWidth) {
        self.stackDepth = stackDepth
        self.edge = edge
        self.layout = layout
    }
}
