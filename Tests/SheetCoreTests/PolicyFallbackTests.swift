import Testing
import SheetCore

/// A dismissal policy that answers badly, the way a broken plugin would.
struct BrokenDismissal: DismissalPolicy {
    enum Mode { case outOfRange, throwsFault, invalidSpring, dismissNotAllowed }
    let mode: Mode
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

private struct BrokenAnimator: NavigationAnimator {
    var name: String { "broken-nav" }
    func timing(for operation: NavigationOperation) throws(PolicyFault) -> BezierTiming {
        BezierTiming(duration: 350, curve: .easeInOut)
    }
    func layout(_ input: NavigationInput) throws(PolicyFault) -> NavigationLayout {
        NavigationLayout(from: .init(x: .nan), to: .init(x: 0), height: input.toHeight)
    }
}

@Suite struct PolicyFallbackTests {
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
