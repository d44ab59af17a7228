/// Checks applied to every policy answer, built-in or plugin: the same ranges the wire
/// accepts for the same quantities.
enum Validate {
    static func navigationTiming(_ t: BezierTiming, policy: String) throws(PolicyFault) {
        guard t.isValid else {
            let c = t.curve
            throw PolicyFault(policy: policy, message: "invalid timing \(t.duration) ms, cubic-bezier(\(c.x1), \(c.y1), \(c.x2), \(c.y2)) (expected 0...10000 ms, x in 0...1, y in -10...10)")
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

    static func detentHeight(_ h: Double, _ input: DetentResolutionInput, policy: String) throws(PolicyFault) {
        guard h.isFinite, h >= 0, h <= input.maximumDetentValue else {
            throw PolicyFault(policy: policy, message: "returned \(h) for detent \"\(input.detentID)\" (expected 0...\(input.maximumDetentValue), the maximum detent value)")
        }
    }
}
