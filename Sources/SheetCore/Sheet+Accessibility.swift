/// Accessibility actions (`input.accessibilityAction`, a frame's `accessibility.actions`):
/// Material's expand / collapse / dismiss actions, UIKit's grabber increment / decrement and
/// `accessibilityPerformEscape`.
public enum AccessibilityAction: String, Sendable, CaseIterable {
    /// Select the next larger detent.
    case expand
    /// Select the next smaller detent.
    case collapse
    /// Dismiss (a dismissible sheet).
    case dismiss
    /// Pop a navigation stack deeper than its root, else dismiss, else report the attempt.
    case escape
}

/// The actions a frame lists (`accessibility.actions`), written in this order: `expand`,
/// `collapse`, `dismiss`.
public struct AccessibilityActions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let expand = AccessibilityActions(rawValue: 1)
    public static let collapse = AccessibilityActions(rawValue: 2)
    public static let dismiss = AccessibilityActions(rawValue: 4)

    /// The wire names, in wire order.
    public var names: [String] {
        var out: [String] = []
        if contains(.expand) { out.append("expand") }
        if contains(.collapse) { out.append("collapse") }
        if contains(.dismiss) { out.append("dismiss") }
        return out
    }
}

/// What an accessibility action does to the sheet now.
public enum AccessibilityResolution: Sendable, Equatable {
    /// Select this detent (`sheet.selectDetent`, animated).
    case select(String)
    /// Dismiss (`sheet.dismiss`, animated).
    case dismiss
    /// Pop the top navigation entry (`nav.pop`, animated).
    case pop
    /// Report `dismissAttempted` (cause `escape`) and stay.
    case attempt
}

extension Sheet {
    /// The actions a frame would list now.
    public var accessibilityActions: AccessibilityActions {
        state.accessibilityActions(detents: state.detents, phase: state.phase)
    }

    /// What `action` does at the sheet's current time; refused (`invalidState`, naming the
    /// available actions) when it is not available now.
    public func resolveAccessibilityAction(_ action: AccessibilityAction) throws(SheetError) -> AccessibilityResolution {
        let detents = state.detents
        let available = state.accessibilityActions(detents: detents, phase: state.phase)
        let i = detents.firstIndex { $0.id == state.selected } ?? 0
        switch action {
        case .expand where available.contains(.expand): return .select(detents[i + 1].id)
        case .collapse where available.contains(.collapse): return .select(detents[i - 1].id)
        case .dismiss where available.contains(.dismiss): return .dismiss
        case .escape where state.isShown:
            if state.nav.entries.count >= 2 { return .pop }
            return state.options.dismissible ? .dismiss : .attempt
        default:
            let names = available.names + (state.isShown ? ["escape"] : [])
            let list = names.isEmpty ? "none" : names.joined(separator: ", ")
            throw SheetError(.invalidState, "action \"\(action.rawValue)\" is not available now (available: \(list))")
        }
    }

    /// `input.accessibilityAction`: the same motion, events and `willSettle` as the
    /// equivalent command (`sheet.selectDetent`, `sheet.dismiss`, `nav.pop`). Like those
    /// commands it is refused while a finger holds the sheet.
    public mutating func accessibilityAction(_ action: AccessibilityAction, at t: Double) throws(SheetError) {
        begin(t)
        switch try resolveAccessibilityAction(action) {
        case .select(let id): try selectDetent(id, at: t, animated: true)
        case .dismiss: try dismiss(at: t, animated: true)
        case .pop: try pop(animated: true, at: t)
        case .attempt: emit(.dismissAttempted(.escape))
        }
    }
}

extension SheetState {
    /// `expand` when a larger detent than the selected one exists, `collapse` when a smaller
    /// one does, `dismiss` when the sheet is dismissible; none while dismissed or dismissing.
    func accessibilityActions(detents: [ResolvedDetent], phase: SheetPhase) -> AccessibilityActions {
        guard phase != .dismissed && phase != .dismissing else { return [] }
        var a: AccessibilityActions = []
        let i = detents.firstIndex { $0.id == selected } ?? 0
        if i + 1 < detents.count { a.insert(.expand) }
        if i > 0 { a.insert(.collapse) }
        if options.dismissible { a.insert(.dismiss) }
        return a
    }
}
