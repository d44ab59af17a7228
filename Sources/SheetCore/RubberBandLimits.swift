/// `options.rubberBand`: how a drag past the detents resists (react-native-bottom-sheet's
/// `enableOverDrag` / `overDragResistanceFactor`, FloatingPanel's `allowsRubberBanding`).
public struct RubberBandLimits: Sendable, Equatable {
    /// Rubber-band past the largest detent; false stops the sheet hard there.
    public var beyondLargest: Bool
    /// Rubber-band below the smallest detent of a sheet that may not be dismissed; false stops
    /// the sheet hard there.
    public var belowSmallest: Bool
    /// The rubber-band coefficient `c` (0 < c ≤ 2).
    public var coefficient: Double

    public init(beyondLargest: Bool = true, belowSmallest: Bool = true,
                coefficient: Double = RubberBand.defaultCoefficient) {
        self.beyondLargest = beyondLargest
        self.belowSmallest = belowSmallest
        self.coefficient = coefficient
    }
}
