// TEMPORARY until the policies branch lands.
public struct DecelerationDismissal: DismissalPolicy {
    public var name: String { "deceleration" }
    public init(config: PolicyConfig = .empty) {}
    public func decide(_ r: ReleaseInput) throws(PolicyFault) -> ReleaseDecision {
        let p = r.position + r.velocity * abs(r.velocity) / 1600
        if r.dismissible && p <= r.extent * 0.5 { return .init(target: .dismiss) }
        var best = 0
        for (i, d) in r.detents.enumerated() where abs(d - p) < abs(r.detents[best] - p) { best = i }
        return .init(target: .detent(best))
    }
}
public struct EdgeScrollHandoff: ScrollHandoffPolicy {
    public var name: String { "edge" }
    public init(config: PolicyConfig = .empty) {}
    public func owner(_ i: ScrollHandoffInput) throws(PolicyFault) -> ScrollOwner { .list }
}
public struct SlideAnimator: NavigationAnimator {
    public var name: String { "slide" }
    public init(config: PolicyConfig = .empty) {}
    public func timing(for operation: NavigationOperation) throws(PolicyFault) -> BezierTiming { .init(duration: 350, curve: .init(0.2, 1, 0.42, 1)) }
    public func layout(_ i: NavigationInput) throws(PolicyFault) -> NavigationLayout {
        let p = i.progress
        switch i.operation {
        case .push: return .init(from: .init(x: -0.3 * i.width * p), to: .init(x: i.width * (1 - p)), height: i.fromHeight + (i.toHeight - i.fromHeight) * p)
        case .pop: return .init(from: .init(x: i.width * p), to: .init(x: -0.3 * i.width * (1 - p)), height: i.fromHeight + (i.toHeight - i.fromHeight) * p)
        }
    }
}
public struct VelocityEstimator: Sendable, Equatable, Codable {
    var samples: [[Double]] = []
    public init() {}
    public mutating func add(time: Double, value: Double) { samples.append([time, value]); if samples.count > 32 { samples.removeFirst() } }
    public func velocity() -> Double {
        guard let last = samples.last else { return 0 }
        let w = samples.filter { $0[0] >= last[0] - 100 }
        guard w.count >= 2, let f = w.first, last[0] > f[0] else { return 0 }
        return (last[1] - f[1]) / (last[0] - f[0]) * 1000
    }
    public mutating func reset() { samples = [] }
}
public enum RubberBand {
    public static func offset(_ x: Double, dimension d: Double, coefficient c: Double = 0.55) -> Double {
        x >= 0 ? (1 - 1 / (x * c / d + 1)) * d : -offset(-x, dimension: d, coefficient: c)
    }
}
public enum BuiltinPolicies {
    public static let dismissalNames: [String] = ["deceleration"]
    public static let scrollHandoffNames: [String] = ["edge"]
    public static let navigationNames: [String] = ["slide"]
    public static func dismissal(named n: String, config: PolicyConfig) -> (any DismissalPolicy)? { n == "deceleration" ? DecelerationDismissal(config: config) : nil }
    public static func scrollHandoff(named n: String, config: PolicyConfig) -> (any ScrollHandoffPolicy)? { n == "edge" ? EdgeScrollHandoff(config: config) : nil }
    public static func navigation(named n: String, config: PolicyConfig) -> (any NavigationAnimator)? { n == "slide" ? SlideAnimator(config: config) : nil }
}
