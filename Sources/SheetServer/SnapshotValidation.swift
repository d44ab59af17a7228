import SheetCore
import SheetRPC

/// The invariants of a running session's state, checked on `session.restore` after its setup
/// and policies passed `session.create`'s own validation. Numbers are read back through
/// `Params` on the snapshot's JSON (whose shape is the Codable `SheetState`), so a failure
/// names the exact place: `params.state.sheet.motion.segments[0].to: expected a number in ...`.
///
/// The rules accept every state the engine can reach from valid input (a snapshot of a live
/// session always restores) and refuse anything that could trap, loop or print a non-finite
/// number: every detent and entry reference resolves, times lie in the wire's time range,
/// magnitudes are bounded, a finger-driven pop has its transition and two entries.
enum SnapshotValidation {
    /// Positions, translations and velocities the engine may hold (pt, pt/s): far beyond any
    /// screen, far below where the spring and bezier arithmetic loses finiteness.
    static let magnitude: ClosedRange<Double> = -1e15...1e15
    /// Additive segments a motion may hold (each retarget inside a running animation adds one).
    static let maxSegments = 4096
    /// Navigation progress: 0...1 along the curve, beyond it by a bezier's overshoot.
    static let progress: ClosedRange<Double> = -20...20

    static func check(_ s: SheetState, _ p: Params) throws(RPCError) {
        let ids = s.setup.detents.map(\.id)
        guard ids.contains(s.selected) else {
            throw p["selected"].fail("no detent with id \"\(s.selected.prefix(64))\" (have \(ids))")
        }
        if let saved = s.keyboardSavedDetent, !ids.contains(saved) {
            throw p["keyboardSavedDetent"].fail("no detent with id \"\(saved.prefix(64))\" (have \(ids))")
        }
        _ = try p["keyboardHeight"].number(in: Wire.length)
        _ = try p["now"].number(in: Wire.time)
        try motion(s.motion, p["motion"])
        if let l = s.lateralMotion {  // issue 13: a layout change in flight
            try motion(l.x, p["lateralMotion"]["x"])
            try motion(l.width, p["lateralMotion"]["width"])
        }
        if let d = s.drag { try drag(d, p["drag"], detentCount: ids.count, transition: s.nav.transition) }
        try navigation(s.nav, p["nav"], drag: s.drag)
        for member in ["lastTranslationY", "insetTop", "pinOffsetY", "pendingFlingVelocity"] {
            _ = try p["scroll"][member].optionalNumber(in: magnitude)
        }
    }

    static func motion(_ m: Motion, _ p: Params) throws(RPCError) {
        let segments = try p["segments"].array(maxCount: maxSegments)
        guard !segments.isEmpty else { throw p["segments"].fail("expected at least one segment") }
        for (segment, sp) in zip(m.segments, segments) {
            _ = try sp["start"].number(in: Wire.time)
            _ = try sp["duration"].number(in: 0...1e15)
            _ = try sp["from"].number(in: magnitude)
            _ = try sp["to"].number(in: magnitude)
            switch segment.curve {
            case .bezier(let c):
                try curve(c, sp["curve"]["bezier"]["_0"])
            case .spring:
                _ = try Wire.spring(sp["curve"]["spring"]["_0"])
                _ = try sp["curve"]["spring"]["velocity"].number(in: magnitude)
            }
        }
    }

    /// A stored curve, held to the wire's curve rule (`[x1, y1, x2, y2]`).
    static func curve(_ c: CubicBezier, _ p: Params) throws(RPCError) {
        _ = try Wire.curve(Params(SetupWireEncoding.curve(c), path: p.path))
    }

    static func drag(_ d: Drag, _ p: Params, detentCount: Int, transition: NavTransition?) throws(RPCError) {
        for member in ["startExtent", "startTranslation", "extent"] { _ = try p[member].number(in: magnitude) }
        if let o = d.originIndex, !(0..<detentCount).contains(o) {
            throw p["originIndex"].fail("expected a detent index in 0..<\(detentCount), got \(o)")
        }
        if d.source == .leftEdge, transition?.interactive != true {
            throw p["source"].fail("a leftEdge drag needs an interactive navigation transition")
        }
        let e = p["estimator"]
        _ = try e["window"].number(in: 1...10_000)
        let capacity = try e["capacity"].number(in: 2...1024)
        var last = -Double.infinity
        for sample in try e["samples"].array(maxCount: Int(capacity)) {
            let time = try sample["time"].number(in: Wire.time)
            _ = try sample["value"].number(in: magnitude)
            guard time > last else { throw sample["time"].fail("expected samples in ascending time, got \(time) after \(last)") }
            last = time
        }
    }

    static func navigation(_ nav: NavigationStack, _ p: Params, drag: Drag?) throws(RPCError) {
        _ = try Wire.entries(p["entries"])
        do { try NavigationStack.validate(nav.entries, path: p["entries"].path) } catch { throw RPCError(error) }
        guard let tr = nav.transition else { return }
        let t = p["transition"]
        _ = try Wire.entry(t["from"])
        _ = try Wire.entry(t["to"])
        _ = try Wire.entries(t["removed"])
        _ = try t["fromHeight"].number(in: Wire.length)
        _ = try t["toHeight"].number(in: Wire.length)
        _ = try t["start"].number(in: Wire.time)
        _ = try t["duration"].number(in: Wire.duration)
        try curve(tr.curve, t["curve"])
        _ = try t["startProgress"].number(in: progress)
        _ = try t["endProgress"].number(in: progress)
        if tr.interactive {
            guard nav.entries.count >= 2 else {
                throw t["interactive"].fail("an interactive pop needs at least two entries, the stack holds \(nav.entries.count)")
            }
            guard drag?.source == .leftEdge else {
                throw t["interactive"].fail("an interactive pop needs a leftEdge drag")
            }
        }
    }
}
