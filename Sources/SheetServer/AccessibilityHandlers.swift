import SheetCore
import SheetRPC
import SheetWire

/// `input.accessibilityAction` and `input.back`.
extension SheetService {
    /// `input.accessibilityAction {session, t, action}`: the engine's action, except that a
    /// dismissal (`dismiss`, or an `escape` that dismisses) of a sheet with shown children
    /// takes `sheet.dismiss`'s way through the stack (the children first).
    func accessibilityAction(_ c: Call) throws(RPCError) -> JSONValue {
        let action = AccessibilityAction(try c.params.read(InputAccessibilityAction.action))
        let id = try c.params.read(CommandMembers.session)
        if let s = sessions[id], case let shown = shownDescendants(of: id), !shown.isEmpty {
            try checkMembers(c)
            let time = try inputTime(c.params)
            var probe = s.sheet.copy()
            probe.advance(to: time.t)
            let resolution: AccessibilityResolution
            do { resolution = try probe.resolveAccessibilityAction(action) } catch { throw RPCError(error, at: "params") }
            if resolution == .dismiss {
                try dismissStack(id, shown: shown, time: time, animated: true)
                return ["state": .string(s.sheet.phase.rawValue)]
            }
        }
        return try command(c) { sheet, t throws(SheetError) in try sheet.accessibilityAction(action, at: t) }
    }

    /// `input.back {session, t, phase, progress?, swipeEdge?}`: applied to the stack's sheet
    /// `backTarget` names; answers the named session's state.
    func back(_ c: Call) throws(RPCError) -> JSONValue {
        let p = c.params
        let phase = BackPhase(try p.read(InputBack.phase))
        let progress = try p.read(InputBack.progress)
        _ = try p.read(InputBack.swipeEdge)  // checked; the bottom container's scale does not use it
        if progress == nil && (phase == .began || phase == .progressed) {
            throw p[InputBack.progress.name].fail("required for phase \"\(phase.rawValue)\"")
        }
        let id = try p.read(CommandMembers.session)
        let target = backTarget(of: id, phase: phase)
        guard target != id else {
            return try command(c) { sheet, t throws(SheetError) in try sheet.back(phase, progress: progress, at: t) }
        }
        try checkMembers(c)
        try apply(to: sessions[target]!, time: try inputTime(p), mayBeRefused: true) { sheet, t throws(SheetError) in
            try sheet.back(phase, progress: progress, at: t)
        }
        return ["state": .string(sessions[id]?.sheet.phase.rawValue ?? "dismissed")]
    }

    /// The sheet a back phase sent to `id` applies to: in a stack, the member whose gesture is
    /// under way (after `began`), else the top-most shown member (deepest, then latest
    /// created); `id` itself outside a stack or when no member is shown.
    func backTarget(of id: String, phase: BackPhase) -> String {
        guard sessions[id] != nil, !stack.isEmpty, stack.parent[id] != nil || !stack.children(of: id).isEmpty else {
            return id
        }
        let root = stack.ancestors(of: id).last ?? id
        let members = [root] + stack.descendants(of: root)
        if phase != .began, let holder = members.first(where: { sessions[$0]?.sheet.isTrackingBack == true }) {
            return holder
        }
        let top = members.filter(isShown).max { (stack.depth(of: $0), sessions[$0]!.order) < (stack.depth(of: $1), sessions[$1]!.order) }
        return top ?? id
    }
}
