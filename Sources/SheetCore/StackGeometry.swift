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
        let p = min(max(p.isNaN ? 0 : p, 0), 1)
        return .init(scale: Quantize.unit(width > 0 ? 1 - p * nestedDisplacement / width : 1),
                     translateY: Quantize.points(-p * nestedDisplacement))
    }

    /// No child shown.
    public static let identity = SheetFrame.Transform(scale: 1, translateY: 0)
}
