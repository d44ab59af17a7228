import SheetCore
import SheetRPC
import SheetWire

/// Mechanics a method or member declares bottom-only (`EdgeSupport.bottomOnly`: navigation,
/// scroll hand-off, a `leftEdge` pop) are refused (`-32602`) on a session whose `options.edge`
/// is not `bottom`, before anything is applied.
extension SheetService {
    func checkEdgeSupport(_ m: MethodTable<Handler>.Entry, _ p: Params) throws(RPCError) {
        var refusal: String?
        if case .bottomOnly(let what) = m.info.edges {
            refusal = "params.session: \(m.info.name) (\(what)) is"
        } else {
            for member in m.restricted {
                guard case .bottomOnly(let what) = member.restriction, let v = p[member.name].value.stringValue,
                      member.restrictedChoices.contains(v) else { continue }
                refusal = "params.\(member.name): \(what) is"
            }
        }
        guard let refusal, let id = p[CommandMembers.session.name].value.stringValue,
              let edge = sessions[id]?.sheet.state.setup.options.edge, edge != .bottom else { return }
        throw RPCError.invalidParams("\(refusal) bottom-edge only (session \(id) has options.edge \"\(edge.rawValue)\")")
    }
}
