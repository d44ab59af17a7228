import SheetCore
import SheetRPC

/// The invariants of a restored sheet that no single member shows, checked on the typed state
/// `SheetSnapshot.read` built (each member was read in its range already): navigation ids are
/// unique, a finger-driven pop has its transition, its `leftEdge` drag and two entries, and
/// detent changes waiting for a release name a valid list and selection. `p` is the sheet's
/// place in the params, so a failure names the member: `params.state.sheet.drag.source: ...`.
///
/// The rules accept every state the engine can reach from valid input (a snapshot of a live
/// session always restores) and refuse anything that could trap, loop or print a non-finite
/// number.
enum SnapshotValidation {
    static func check(_ s: SheetState, _ p: Params) throws(RPCError) {
        let nav = p["navigation"]
        do { try NavigationStack.validate(s.nav.entries, path: nav["entries"].path) } catch { throw RPCError(error) }
        if s.drag?.source == .leftEdge, s.nav.transition?.interactive != true {
            throw p["drag"]["source"].fail("a leftEdge drag needs an interactive navigation transition")
        }
        if let tr = s.nav.transition, tr.interactive {
            guard s.nav.entries.count >= 2 else {
                throw nav["transition"]["interactive"].fail("an interactive pop needs at least two entries, the stack holds \(s.nav.entries.count)")
            }
            guard s.drag?.source == .leftEdge else {
                throw nav["transition"]["interactive"].fail("an interactive pop needs a leftEdge drag")
            }
            guard (0...1).contains(tr.startProgress) else {
                throw nav["transition"]["startProgress"].fail("a finger-driven pop's progress is in 0...1, got \(tr.startProgress)")
            }
        }
        if let f = s.fade, f.target != 0 && f.target != 1 {
            throw p["fade"].fail("a fade heads for opacity 0 or 1, this one for \(f.target)")
        }
        if s.presentReference != nil, s.lifecycle != .presenting {
            throw p["presentReference"].fail("only a presenting sheet has a presentReference, this one is \(s.lifecycle.rawValue)")
        }
        if let pending = s.pendingDetents {
            let pd = p["pendingDetents"]
            let specs = pending.detents ?? s.setup.detents
            guard !specs.isEmpty else { throw pd["detents"].fail("expected at least one detent") }
            var ids: [String] = []
            for (i, d) in specs.enumerated() {
                guard !ids.contains(d.id) else { throw pd["detents"].fail("duplicate detent id \"\(d.id)\" at [\(i)]") }
                ids.append(d.id)
            }
            if let id = pending.selectedDetent, !ids.contains(id) {
                throw pd["selectedDetent"].fail("no detent with id \"\(id.prefix(64))\" (have \(ListText.of(ids)))")
            }
            if let u = s.setup.options.largestUndimmedDetent, !ids.contains(u) {
                throw pd["detents"].fail("no detent with id \"\(u.prefix(64))\" for largestUndimmedDetent")
            }
        }
    }
}
