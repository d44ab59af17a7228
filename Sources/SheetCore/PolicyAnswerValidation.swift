/// Checks applied to every policy answer, built-in or plugin.
enum Validate {
    static func navigationTiming(_ t: BezierTiming, policy: String) throws(PolicyFault) {
        guard t.duration.isFinite, (0...10_000).contains(t.duration), t.curve.isValid else {
            throw PolicyFault(policy: policy, message: "invalid timing \(t.duration) ms, curve \(t.curve)")
        }
    }

    static func navigation(_ l: NavigationLayout, _ input: NavigationInput, policy: String) throws(PolicyFault) {
        let w = max(input.width, 1)
        for (name, x) in [("from.x", l.from.x), ("to.x", l.to.x)] where !x.isFinite || abs(x) > 4 * w {
            throw PolicyFault(policy: policy, message: "returned \(x) for layout.\(name)")
        }
        for (name, a) in [("from.alpha", l.from.alpha), ("to.alpha", l.to.alpha)] where !(0...1).contains(a) {
            throw PolicyFault(policy: policy, message: "returned \(a) for layout.\(name)")
        }
        if !l.height.isFinite || l.height < 0 {
            throw PolicyFault(policy: policy, message: "returned \(l.height) for layout.height")
        }
        if let s = l.separatorX, !s.isFinite || abs(s) > 4 * w {
            throw PolicyFault(policy: policy, message: "returned \(s) for layout.separatorX")
        }
    }

    static func release(_ d: ReleaseDecision, _ input: ReleaseInput, policy: String) throws(PolicyFault) {
        if case .detent(let i) = d.target, !input.detents.indices.contains(i) {
            throw PolicyFault(policy: policy, message: "detent index \(i) out of range 0..<\(input.detents.count)")
        }
        if d.target == .dismiss && !input.dismissible {
            throw PolicyFault(policy: policy, message: "chose dismiss for a sheet that is not dismissible")
        }
        if let s = d.settle, !s.isValid {
            throw PolicyFault(policy: policy, message: "invalid settle spring \(s.dampingRatio)/\(s.response)")
        }
    }
}
