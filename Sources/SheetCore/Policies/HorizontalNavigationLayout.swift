/// The layout shared by the horizontal navigation animators (`slide`, `cover`): the top entry
/// travels the full width, the entry below it `lowerTravel` of the width.
enum HorizontalNavigationLayout {
    static func layout(_ input: NavigationInput, lowerTravel: Double, separator: Bool,
                       policy: String) throws(PolicyFault) -> NavigationLayout {
        let p = input.progress, w = input.width
        guard p.isFinite, w.isFinite else {
            throw PolicyFault(policy: policy, message: "non-finite navigation input")
        }
        // Push: the incoming entry is on top; pop: the outgoing one.
        let top = input.operation == .push ? w * (1 - p) : w * p
        let lower = input.operation == .push ? -lowerTravel * w * p : -lowerTravel * w * (1 - p)
        let (from, to) = input.operation == .push ? (lower, top) : (top, lower)
        return NavigationLayout(from: NavigationItemLayout(x: from), to: NavigationItemLayout(x: to),
                                separatorX: separator ? top : nil)
    }
}
