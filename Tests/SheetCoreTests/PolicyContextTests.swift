import Testing
import SheetCore

/// What the release policies were told (single-threaded tests: no sharing across threads).
private final class ContextLog: @unchecked Sendable {
    var contexts: [PolicyContext] = []
}

/// The nearest-detent decision, recording each release's context.
private final class RecordingDismissal: DismissalPolicy {
    let log: ContextLog
    init(log: ContextLog) { self.log = log }
    var name: String { "recording" }
    func decide(_ r: ReleaseInput) throws(PolicyFault) -> ReleaseDecision {
        log.contexts.append(r.context)
        return ReleaseDecision(target: .detent(0))
    }
}

/// Plugin ABI 1.2's context as the engine fills it: the sheet's stack depth (set by the
/// server), `options.edge` and the layout that placed it.
@Suite struct PolicyContextTests {
    private func released(in c: Container, depth: Int = 1, _ change: (inout SheetOptions) -> Void = { _ in })
        throws -> PolicyContext?
    {
        let log = ContextLog()
        var o = SheetOptions()
        change(&o)
        var s = try Sheet(setup: SheetSetup(container: c, contentHeight: 300, detents: [.fit], options: o),
                          policies: SheetPolicies(dismissal: RecordingDismissal(log: log)))
        s.stackDepth = depth
        try s.present(at: 0, animated: false)
        let toward = o.edge == .left ? -10.0 : 10.0
        let along = o.edge == .top ? -10.0 : 10.0
        let v = o.edge == .left || o.edge == .right ? Vector(x: toward, y: 0) : Vector(x: 0, y: along)
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 100)
        try s.pan(.changed, translation: v, at: 116)
        try s.pan(.ended, translation: v, at: 132)
        return log.contexts.last
    }

    @Test func releaseSeesDepthEdgeAndLayout() throws {
        let pad = Container(width: 1024, height: 1366, safeArea: Insets(top: 24, bottom: 20))
        let landscape = Container(width: 844, height: 390, safeArea: Insets(bottom: 21, left: 47, right: 47))
        #expect(try released(in: phone) == PolicyContext(stackDepth: 1, edge: .bottom, layout: .fullWidth))
        #expect(try released(in: phone, depth: 3) == PolicyContext(stackDepth: 3, edge: .bottom, layout: .fullWidth))
        #expect(try released(in: pad)?.layout == .page)
        #expect(try released(in: landscape) { $0.edgeAttachedInCompactHeight = true }?.layout == .edgeAttached)
        #expect(try released(in: phone) { $0.maxWidth = 300 }?.layout == .capped)
        #expect(try released(in: phone) { $0.detached = DetachedMargins(horizontal: 16, bottom: 16) }?.layout == .detached)
        #expect(try released(in: phone) { $0.edge = .top } == PolicyContext(edge: .top, layout: .fullWidth))
        #expect(try released(in: phone) { $0.edge = .left }?.edge == .left)
        #expect(try released(in: pad) { $0.edge = .right } == PolicyContext(edge: .right, layout: .fullWidth))
    }
}
