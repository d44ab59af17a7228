import SheetCore
import SheetRPC

/// Navigation and scroll hand-off are bottom-sheet mechanics: on a session whose
/// `options.edge` is not `bottom` they are refused (`-32602`) before anything is applied.
extension SheetService {
    static let bottomOnlyMethods: Set<String> = ["nav.push", "nav.pop", "nav.popToRoot", "nav.setStack", "input.scroll"]

    func checkEdgeSupport(_ method: String, _ p: Params) throws(RPCError) {
        let isEdgePop = method == "input.pan" && p["source"].value == .string("leftEdge")
        guard Self.bottomOnlyMethods.contains(method) || isEdgePop,
              let id = p["session"].value.stringValue,
              let edge = sessions[id]?.sheet.state.setup.options.edge, edge != .bottom else { return }
        let what = isEdgePop ? "params.source: a leftEdge pop is" : "params.session: \(method) (navigation, scroll hand-off) is"
        throw RPCError.invalidParams("\(what) bottom-edge only (session \(id) has options.edge \"\(edge.rawValue)\")")
    }
}
