import Testing
import SheetCore

/// A dismissal policy that answers badly, the way a broken plugin would.
final class BrokenDismissal: DismissalPolicy {
    enum Mode { case outOfRange, throwsFault, invalidSpring, dismissNotAllowed }
    let mode: Mode
    init(mode: Mode) { self.mode = mode }
    var name: String { "broken" }
    func decide(_ r: ReleaseInput) throws(PolicyFault) -> ReleaseDecision {
        switch mode {
        case .outOfRange: return ReleaseDecision(target: .detent(r.detents.count))
        case .throwsFault: throw PolicyFault(policy: name, message: "returned NaN for settle.response")
        case .invalidSpring: return ReleaseDecision(target: .detent(0), settle: Spring(dampingRatio: .nan, response: 300))
        case .dismissNotAllowed: return ReleaseDecision(target: .dismiss)
        }
    }
}

private final class BrokenAnimator: NavigationAnimator {
    var name: String { "broken-nav" }
    func timing(for operation: NavigationOperation) throws(PolicyFault) -> BezierTiming {
        BezierTiming(duration: 350, curve: .easeInOut)
    }
    func layout(_ input: NavigationInput) throws(PolicyFault) -> NavigationLayout {
        NavigationLayout(from: .init(x: .nan), to: .init(x: 0))
    }
}

/// An animator whose timing curve is finite but far outside the wire's range (y ±1e301), or
/// whose layout turns bad half-way through a transition.
private final class WildAnimator: NavigationAnimator {
    enum Mode { case hugeCurve, lateLayoutFault }
    let mode: Mode
    init(mode: Mode) { self.mode = mode }
    var name: String { "wild-nav" }
    func timing(for operation: NavigationOperation) throws(PolicyFault) -> BezierTiming {
        mode == .hugeCurve ? BezierTiming(duration: 400, curve: CubicBezier(0.2, 1e301, 0.4, -1e301))
                           : BezierTiming(duration: 1000, curve: .linear)
    }
    func layout(_ input: NavigationInput) throws(PolicyFault) -> NavigationLayout {
        if mode == .lateLayoutFault && input.progress > 0.5 {
            return NavigationLayout(from: .init(x: 0, alpha: 2), to: .init(x: 0))
        }
        return try SlideAnimator().layout(input)
    }
}

/// A presented sheet with entry "a" pushing "b" at t = 0 under a `WildAnimator`.
private func pushed(with mode: WildAnimator.Mode) throws -> Sheet {
    var s = try Sheet(setup: SheetSetup(container: phone, navigation: [NavEntry(id: "a", preferredHeight: 200)]),
                      policies: SheetPolicies(navigation: WildAnimator(mode: mode)))
    try s.present(at: 0, animated: false)
    _ = s.takeOutput()
    try s.push(NavEntry(id: "b", preferredHeight: 400), at: 0)
    return s
}

@Suite struct PolicyFallbackTests {
    /// The case: y1/y2 = ±1e301 are refused like the wire refuses them; the push runs
    /// on the built-in's own timing; one diagnostic for the session, frames stay in bounds.
    @Test func hugeTimingCurveFallsBackOnceToTheBuiltInsTiming() throws {
        var s = try pushed(with: .hugeCurve)
        let tr = try #require(s.state.nav.transition)
        #expect(tr.curve == SlideAnimator.curve && tr.duration == 350)
        var diagnostics = s.takeOutput().diagnostics
        for t in stride(from: 0.0, through: 1000, by: 16) {
            s.advance(to: t)
            let f = s.frame()
            #expect(f.sheet.y.isFinite && f.sheet.y >= 0 && f.sheet.y <= phone.height)
            #expect(f.nav.items.allSatisfy { $0.x.isFinite && abs($0.x) <= phone.width })
            diagnostics += s.takeOutput().diagnostics
        }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("1e+301") == true)
        #expect(s.policies.navigation.name == "slide")
    }

    /// A layout fault half-way: the transition goes on with the built-in's curve (not the
    /// plugin's) from where it was, and the session reports it once.
    @Test func layoutFaultMidTransitionRetimesWithTheBuiltIn() throws {
        var s = try pushed(with: .lateLayoutFault)
        var diagnostics: [SheetDiagnostic] = []
        var t = 0.0
        while s.state.nav.transition != nil && t < 3000 {
            t += 16
            s.advance(to: t)
            #expect(s.frame().nav.items.allSatisfy { $0.x.isFinite && $0.alpha <= 1 })
            diagnostics += s.takeOutput().diagnostics
            if let tr = s.state.nav.transition, !diagnostics.isEmpty {
                #expect(tr.curve == SlideAnimator.curve)
                #expect(tr.startProgress > 0.5 && tr.duration < 350)
            }
        }
        #expect(diagnostics.count == 1)
        #expect(s.state.nav.transition == nil && s.state.nav.entries.map(\.id) == ["a", "b"])
    }

    @Test(arguments: [BrokenDismissal.Mode.outOfRange, .throwsFault, .invalidSpring])
    func badReleaseAnswerFallsBackToTheBuiltIn(mode: BrokenDismissal.Mode) throws {
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: 300),
                          policies: SheetPolicies(dismissal: BrokenDismissal(mode: mode)))
        try s.present(at: 0, animated: false)
        _ = s.takeOutput()
        try drag(&s, by: 170, velocity: 0)
        let out = s.takeOutput()
        #expect(out.diagnostics.count == 1)
        #expect(out.diagnostics.first?.message.contains("\"broken\"") == true)
        #expect(out.diagnostics.first?.kind == .policyFallback(.dismissal))
        #expect(s.policies.dismissal.name == "deceleration")
        #expect(s.state.policyNames.dismissal == "deceleration")
        // The built-in decided: 170 pt of 334 dismisses.
        #expect(s.phase == .dismissing)
        // Later releases use the built-in without further diagnostics.
        settle(&s, from: 1032)
        try s.present(at: 5000, animated: false)
        try drag(&s, by: 100, velocity: 0, at: 6000)
        #expect(s.takeOutput().diagnostics.isEmpty)
    }

    @Test func dismissingANonDismissibleSheetIsABadAnswer() throws {
        var o = SheetOptions()
        o.dismissible = false
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: 300, options: o),
                          policies: SheetPolicies(dismissal: BrokenDismissal(mode: .dismissNotAllowed)))
        try s.present(at: 0, animated: false)
        try drag(&s, by: 300, velocity: 3000)
        #expect(s.takeOutput().diagnostics.count == 1)
        settle(&s, from: 1032)
        #expect(s.phase == .presented)
    }

    @Test func badNavigationLayoutFallsBackToSlide() throws {
        var s = try Sheet(setup: SheetSetup(container: phone, navigation: [NavEntry(id: "a", preferredHeight: 200)]),
                          policies: SheetPolicies(navigation: BrokenAnimator()))
        try s.present(at: 0, animated: false)
        try s.push(NavEntry(id: "b", preferredHeight: 300), at: 0)
        #expect(s.takeOutput().diagnostics.count == 1)
        #expect(s.policies.navigation.name == "slide")
        s.advance(to: 100)
        #expect(s.frame().nav.items.allSatisfy { $0.x.isFinite })
    }
}
