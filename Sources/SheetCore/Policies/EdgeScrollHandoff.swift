/// The scroll handoff of seeds 000 and 002 (MECHANICS §5): the sheet takes a drag that starts
/// inside its scroll view only at the list's top edge (or while it already owns the drag),
/// and, with `expandsAtEdge`, grows to its largest detent before the list scrolls.
///
/// Rules, first match wins:
/// 1. finger up (`!isTracking`, momentum) → list: momentum never moves the sheet;
/// 2. `phase == .dragEnded` → list (the release rule takes over);
/// 3. content fits the viewport → sheet;
/// 4. finger moving down (`deltaY > 0`): list at its top, or sheet already owns → sheet;
///    else list;
/// 5. finger moving up (`deltaY < 0`): `expandsAtEdge` and below the largest detent → sheet
///    (grow first); else sheet owns and below its resting position → sheet (bring it back
///    first); else list;
/// 6. no movement → keep the current owner.
///
/// Config: `tolerance` (pt, default 0.5, clamped to 0...10): how far below a detent the sheet
/// must be to count as "below" it.
public final class EdgeScrollHandoff: ScrollHandoffPolicy {
    public var name: String { "edge" }
    /// Positions within this distance of a detent count as at the detent (pt).
    public let tolerance: Double

    public init(config: PolicyConfig = .empty) {
        tolerance = min(max(config.number("tolerance", default: 0.5), 0), 10)
    }

    public func owner(_ input: ScrollHandoffInput) throws(PolicyFault) -> ScrollOwner {
        if !input.isTracking { return .list }
        if input.phase == .dragEnded { return .list }
        if input.contentFits { return .sheet }
        if input.deltaY > 0 {
            return input.isAtTop || input.sheetOwns ? .sheet : .list
        }
        if input.deltaY < 0 {
            if input.expandsAtEdge && input.position < input.largestDetent - tolerance {
                return .sheet
            }
            if input.sheetOwns && input.position < input.restingPosition - tolerance {
                return .sheet
            }
            return .list
        }
        return input.sheetOwns ? .sheet : .list
    }
}
