/// Where a sheet heading to a detent comes to rest, and the detent its frames report: one
/// value, so a height held by `sheet.snapTo` and a detent the keyboard will give back can
/// never both be pending, and nothing has to be cleared in step with anything else.
package enum RestTarget: Sendable, Equatable {
    /// The selected detent.
    case detent(String)
    /// A height outside the detents (`sheet.snapTo`, or where a hiding keyboard left the sheet
    /// with `keyboardRestore: false`) until the next gesture or command; frames still report
    /// `detent` as selected.
    case height(Double, detent: String)
    /// `detent` (the largest, or one chosen by a gesture since) while the keyboard shows with
    /// `keyboard: largest`; the sheet returns to `returnTo` when the keyboard hides.
    case keyboardRaised(detent: String, returnTo: String)

    /// The selected detent: what frames report as `detent`.
    package var detent: String {
        switch self {
        case .detent(let id), .height(_, let id), .keyboardRaised(let id, _): return id
        }
    }

    /// Whether `id` is the selected detent, compared in place.
    package func selects(_ id: borrowing String) -> Bool {
        withDetent { $0 == id }
    }

    /// `body` with the selected detent, read in place.
    @inline(__always)
    package func withDetent<Result>(_ body: (borrowing String) -> Result) -> Result {
        switch self {
        case .detent(let id), .height(_, let id), .keyboardRaised(let id, _): return body(id)
        }
    }

    /// The held height, if the sheet rests off its detents.
    package var height: Double? {
        if case .height(let h, _) = self { return h }
        return nil
    }

    /// The detent the keyboard gives back when it hides, if it raised the sheet.
    package var keyboardReturn: String? {
        if case .keyboardRaised(_, let id) = self { return id }
        return nil
    }

    /// Select `id`: a held height ends, a detent the keyboard gives back is kept.
    package mutating func select(_ id: String) {
        if case .keyboardRaised(_, let back) = self { self = .keyboardRaised(detent: id, returnTo: back) } else { self = .detent(id) }
    }

    /// A gesture or a command other than `sheet.snapTo` ends a held height: back to the detent.
    package mutating func endHeld() {
        if case .height(_, let id) = self { self = .detent(id) }
    }
}
