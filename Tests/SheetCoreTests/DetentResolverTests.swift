import Testing
import SheetCore
import SheetTestSupport

/// A detent resolver that records what it is told and answers with `answer`.
final class RecordingResolver: DetentResolverPolicy, @unchecked Sendable {
    let name: String
    var inputs: [DetentResolutionInput] = []
    var answer: (DetentResolutionInput) -> Double

    init(name: String = "test", answer: @escaping (DetentResolutionInput) -> Double) {
        self.name = name
        self.answer = answer
    }

    func resolve(_ input: DetentResolutionInput) throws(PolicyFault) -> Double {
        inputs.append(input)
        return answer(input)
    }
}

/// A presented sheet at rest on the resolver detent "r" (fit, r, and nothing else).
private func presented(_ resolver: RecordingResolver, content: Double = 260,
                       detents: [DetentSpec] = [.fit, .resolver(id: "r", name: "test")]) throws -> Sheet {
    var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: content, detents: detents, selectedDetent: "r"),
                      policies: SheetPolicies(detentResolvers: ["test": resolver]))
    try s.present(at: 0, animated: false)
    return s
}

private func height(_ s: borrowing Sheet, _ id: String) -> Double? {
    s.detents.first { $0.id == id }?.height
}

private let landscape = Container(width: 844, height: 390, safeArea: Insets(top: 0, bottom: 21, left: 47, right: 47))

@Suite struct DetentResolverTests {
    /// The resolver is told exactly the container, safe area, content, keyboard, maximum
    /// detent value, edge, layout and the detent's id; its answer is the detent's height.
    @Test func contextValuesArePassedExactly() throws {
        let r = RecordingResolver { _ in 400 }
        let s = try presented(r)
        #expect(r.inputs == [DetentResolutionInput(detentID: "r", container: phone, contentHeight: 260, keyboardHeight: 0,
                                                   maximumDetentValue: 797, edge: .bottom, layout: .fullWidth)])
        do { let ok = height(s, "r") == 400; #expect(ok) }
        do { let ok = s.frame().sheet.height == 400; #expect(ok) }
        do { let ok = s.frame().sheet.y == 444; #expect(ok) }
    }

    /// Frames and time never ask the resolver: only a change of what it is told does.
    @Test func framesDoNotAsk() throws {
        let r = RecordingResolver { $0.maximumDetentValue / 2 }
        var s = try presented(r)
        for t in stride(from: 0.0, through: 2000, by: 16) {
            s.advance(to: t)
            _ = s.frame()
        }
        try s.selectDetent("fit", at: 2100)
        s.advance(to: 3000)
        #expect(r.inputs.count == 1)
    }

    /// A container change asks again and the sheet animates to the new answer on the
    /// content-change curve (presented, not settling), like any detent change.
    @Test func containerChangeReResolvesWithAnimation() throws {
        let r = RecordingResolver { $0.maximumDetentValue / 2 }
        var s = try presented(r)
        do { let ok = height(s, "r") == 398.5; #expect(ok) }
        s.setContainer(landscape, at: 100)
        #expect(r.inputs.count == 2)
        #expect(r.inputs[1].container == landscape)
        #expect(r.inputs[1].maximumDetentValue == 390)
        do { let ok = height(s, "r") == 195; #expect(ok) }
        s.advance(to: 150)
        let mid = s.frame()
        #expect(mid.state == .presented)
        do { let ok = s.isActive; #expect(ok) }
        #expect(mid.sheet.height > 195 && mid.sheet.height < 398.5)
        s.advance(to: 2000)
        do { let ok = !s.isActive; #expect(ok) }
        do { let ok = s.frame().sheet.height == 195; #expect(ok) }
        do { let ok = s.frame().sheet.y == 195; #expect(ok) }
    }

    /// A keyboard change asks again with the keyboard's height (`lift` mode still raises the answer).
    @Test func keyboardChangeReResolves() throws {
        let r = RecordingResolver { 300 + $0.keyboardHeight / 2 }
        var s = try presented(r)
        s.setKeyboard(height: 200, timing: BezierTiming(duration: 250, curve: .easeInOut), at: 100)
        #expect(r.inputs.count == 2)
        #expect(r.inputs[1].keyboardHeight == 200)
        do { let ok = height(s, "r") == 600; #expect(ok) }  // 300 + 100, lifted by 200
        s.advance(to: 200)
        do { let ok = s.isActive; #expect(ok) }
        s.advance(to: 1000)
        do { let ok = s.frame().sheet.height == 600; #expect(ok) }
        s.setKeyboard(height: 0, timing: BezierTiming(duration: 250, curve: .easeInOut), at: 1100)
        #expect(r.inputs.count == 3)
        s.advance(to: 2000)
        do { let ok = s.frame().sheet.height == 300; #expect(ok) }
    }

    /// A content change asks again with the new content height.
    @Test func contentChangeReResolves() throws {
        let r = RecordingResolver { $0.contentHeight + 100 }
        var s = try presented(r)
        do { let ok = height(s, "r") == 360; #expect(ok) }
        try s.setContentHeight(400, at: 100)
        #expect(r.inputs.map(\.contentHeight) == [260, 400])
        do { let ok = height(s, "r") == 500; #expect(ok) }
        s.advance(to: 150)
        do { let ok = s.isActive; #expect(ok) }
        s.advance(to: 2000)
        do { let ok = s.frame().sheet.height == 500; #expect(ok) }
    }

    /// A push asks again with the new top entry's content (its height plus its bar).
    @Test func navigationReResolves() throws {
        let r = RecordingResolver { $0.contentHeight + $0.container.safeArea.bottom }
        var s = try Sheet(setup: SheetSetup(container: phone, detents: [.resolver(id: "r", name: "test")],
                                            navigation: [NavEntry(id: "root", preferredHeight: 200, navigationBar: false)]),
                          policies: SheetPolicies(detentResolvers: ["test": r]))
        try s.present(at: 0, animated: false)
        try s.push(NavEntry(id: "detail", preferredHeight: 400, navigationBar: false), at: 100)
        #expect(r.inputs.map(\.contentHeight) == [200, 400])
        s.advance(to: 2000)
        do { let ok = s.frame().sheet.height == 434; #expect(ok) }
        try s.pop(at: 2100)
        #expect(r.inputs.map(\.contentHeight) == [200, 400, 200])
        s.advance(to: 4000)
        do { let ok = s.frame().sheet.height == 234; #expect(ok) }
    }

    /// Every resolver detent is asked, each with its own id.
    @Test func eachDetentIsAskedWithItsID() throws {
        let r = RecordingResolver { $0.detentID == "low" ? 200 : 600 }
        let s = try presented(r, detents: [.resolver(id: "low", name: "test"), .resolver(id: "r", name: "test")])
        #expect(r.inputs.map(\.detentID) == ["low", "r"])
        do { let ok = s.detents.map(\.height) == [200, 600]; #expect(ok) }
    }

    /// A bad first answer (NaN, negative, above the maximum detent value) makes the detent the
    /// `fit` height, with exactly one diagnostic; the resolver is never asked again.
    @Test(arguments: [Double.nan, -1, 798, .infinity])
    func badAnswerFallsBackToFit(_ bad: Double) throws {
        let r = RecordingResolver { _ in bad }
        var s = try presented(r)
        let out = s.takeOutput()
        #expect(out.diagnostics.count == 1)
        #expect(out.diagnostics.first?.kind == .policyFallback(.detentResolver))
        #expect(out.diagnostics.first?.message.contains("\"test\"") == true)
        do { let ok = height(s, "r") == 294; #expect(ok) }  // fit: 260 + 34
        do { let ok = s.frame().sheet.height == 294; #expect(ok) }
        r.answer = { _ in 500 }  // later answers are ignored: it is not asked again
        s.setContainer(landscape, at: 100)
        try s.setContentHeight(200, at: 200)
        s.advance(to: 2000)
        #expect(r.inputs.count == 1)
        do { let ok = s.takeOutput().diagnostics.isEmpty; #expect(ok) }
        do { let ok = height(s, "r") == 221; #expect(ok) }  // fit in landscape: 200 + 21
    }

    /// A resolver that answers well first and badly after a change: fit from then on, one diagnostic.
    @Test(arguments: [Double.nan, -5, 1000])
    func laterBadAnswerFallsBackToFit(_ bad: Double) throws {
        let r = RecordingResolver { $0.maximumDetentValue / 2 }
        var s = try presented(r)
        do { let ok = s.takeOutput().diagnostics.isEmpty; #expect(ok) }
        r.answer = { _ in bad }
        s.setContainer(landscape, at: 100)
        do { let ok = s.takeOutput().diagnostics.map(\.kind) == [.policyFallback(.detentResolver)]; #expect(ok) }
        do { let ok = height(s, "r") == 281; #expect(ok) }  // fit in landscape: 260 + 21
        r.answer = { _ in 100 }
        s.setContainer(phone, at: 1000)
        s.advance(to: 3000)
        #expect(r.inputs.count == 2)
        do { let ok = s.takeOutput().diagnostics.isEmpty; #expect(ok) }
        do { let ok = s.frame().sheet.height == 294; #expect(ok) }
    }

    /// A session whose detent names a resolver it was not given: fit, one diagnostic.
    @Test func missingResolverIsFit() throws {
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: 260,
                                            detents: [.resolver(id: "r", name: "absent"), .large]))
        do { let ok = s.takeOutput().diagnostics.map(\.kind) == [.policyFallback(.detentResolver)]; #expect(ok) }
        do { let ok = height(s, "r") == 294; #expect(ok) }
    }

    /// New detents naming the resolver (sheet.configure) are asked for at once.
    @Test func configuredDetentsAreResolved() throws {
        let r = RecordingResolver { _ in 500 }
        var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: 260, detents: [.fit]),
                          policies: SheetPolicies(detentResolvers: ["test": r]))
        try s.present(at: 0, animated: false)
        #expect(r.inputs.isEmpty)
        try s.configure(detents: [.fit, .resolver(id: "g", name: "test")], selectedDetent: "g", at: 100)
        #expect(r.inputs.map(\.detentID) == ["g"])
        s.advance(to: 2000)
        do { let ok = s.frame().sheet.height == 500; #expect(ok) }
    }
}
