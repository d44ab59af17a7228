/// Rubber-banding: the resistance a sheet (or any dragged surface) shows when pulled past
/// its limit, as in UIScrollView.
///
/// `offset(x, dimension: d)` maps a raw overshoot `x` (the finger's travel past the limit)
/// to the visible overshoot `(1 - 1 / (x * c / d + 1)) * d`: it starts with slope `c` and
/// approaches `d` but never reaches it. Negative overshoots are mirrored.
/// `translation(forOffset:)` is the exact inverse, used to resume a drag from a banded offset.
public enum RubberBand {
    /// UIScrollView's rubber-band coefficient.
    public static let defaultCoefficient = 0.55

    /// The visible overshoot (pt) for a raw overshoot `x` (pt) against a dimension `d` (pt),
    /// usually the container's extent along the drag axis.
    ///
    /// Degenerate parameters (`d` or `c` not finite and positive, or `x` NaN) give 0 (no
    /// visible overshoot); an infinite `x` gives `±d`.
    public static func offset(_ x: Double, dimension d: Double,
                              coefficient c: Double = defaultCoefficient) -> Double {
        guard d.isFinite, d > 0, c.isFinite, c > 0, !x.isNaN else { return 0 }
        if x.isInfinite { return x > 0 ? d : -d }
        let magnitude = abs(x)
        let banded = (1 - 1 / (magnitude * c / d + 1)) * d
        return x < 0 ? -banded : banded
    }

    /// The raw overshoot that `offset(_:dimension:coefficient:)` maps to `y`:
    /// `y * d / ((d - |y|) * c)`, mirrored for negative `y`.
    ///
    /// `|y| >= d` is unreachable and gives `±infinity`; degenerate parameters give 0.
    public static func translation(forOffset y: Double, dimension d: Double,
                                   coefficient c: Double = defaultCoefficient) -> Double {
        guard d.isFinite, d > 0, c.isFinite, c > 0, !y.isNaN else { return 0 }
        let magnitude = abs(y)
        if magnitude >= d { return y < 0 ? -Double.infinity : .infinity }
        let raw = magnitude * d / ((d - magnitude) * c)
        return y < 0 ? -raw : raw
    }
}
