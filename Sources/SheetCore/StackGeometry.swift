/// The geometry of stacked sheets (a child sheet presented over its parent) and of the host's
/// screen receding behind a root sheet (`recedeBackground`). Transforms apply about the
/// top centre of what they move.
public enum StackGeometry {
    /// How far a parent moves up and in at a child's full presentation (pt; vaul's nested
    /// displacement).
    public static let nestedDisplacement = 16.0
    /// How much narrower the receded background is at the largest detent (pt, both sides).
    public static let backgroundInset = 26.0
    /// Deepest stack: a root and seven children.
    public static let maxDepth = 8

    /// The parent's transform for a child at presentation progress `p` (0 = the child is
    /// off screen, 1 = presented): scale `1 - p·16/width`, translateY `-p·16`. Identity at 0,
    /// so a parent whose child is dismissed, or being dragged away, grows back continuously.
    public static func parentTransform(childProgress p: Double, sheetWidth width: Double) -> SheetFrame.Transform {
        parentTransform(levelsBack: min(max(p.isNaN ? 0 : p, 0), 1), sheetWidth: width)
    }

    /// The transform of a sheet `levels` levels behind the front of its stack (1 = a child
    /// is fully presented over it, 2 = a grandchild too, fractions in between): scale
    /// `1 - levels·16/width` (never below 0), translateY `-levels·16`. Each level further
    /// back is scaled down and moved up by one more displacement.
    public static func parentTransform(levelsBack levels: Double, sheetWidth width: Double) -> SheetFrame.Transform {
        let l = min(max(levels.isNaN ? 0 : levels, 0), Double(maxDepth - 1))
        return .init(scale: Quantize.unit(width > 0 ? max(0, 1 - l * nestedDisplacement / width) : 1),
                     translateY: Quantize.points(-l * nestedDisplacement))
    }

    /// How many levels a sheet is pushed back by its children: each shown child at
    /// presentation progress `p` whose own children push it back `l` levels pushes it back
    /// `p·(1 + l)` — one level for the child itself, plus the levels behind the child, all
    /// interpolated by the child's progress; the largest over the children counts. A
    /// dismissed child counts 0. With only children (no grandchildren) this is the largest
    /// child progress.
    public static func levelsBack(children: [(progress: Double, levelsBack: Double)]) -> Double {
        children.map { min(max($0.progress.isNaN ? 0 : $0.progress, 0), 1) * (1 + $0.levelsBack) }.max() ?? 0
    }

    /// No child shown.
    public static let identity = SheetFrame.Transform(scale: 1, translateY: 0)
}
