/// `options.edge`: the container edge a sheet is attached to and dismisses toward (vaul's
/// `direction`).
///
/// The engine works on one axis: it always sees a bottom sheet in an *axis container* whose
/// bottom is the sheet's edge (for `left`/`right` the container's width is the axis). Inputs
/// are mapped onto that axis on the way in and the sheet's rect back into container
/// coordinates on the way out; nothing else knows about edges.
public enum SheetEdge: String, Sendable, CaseIterable {
    case bottom, top, left, right

    /// The container as the engine sees it: the sheet's edge at the bottom, its safe-area
    /// insets turned with it.
    public func axisContainer(_ c: Container) -> Container {
        let s = c.safeArea
        switch self {
        case .bottom:
            return c
        case .top:
            return Container(width: c.width, height: c.height,
                             safeArea: Insets(top: s.bottom, bottom: s.top, left: s.left, right: s.right))
        case .left:
            return Container(width: c.height, height: c.width,
                             safeArea: Insets(top: s.right, bottom: s.left, left: s.top, right: s.bottom))
        case .right:
            return Container(width: c.height, height: c.width,
                             safeArea: Insets(top: s.left, bottom: s.right, left: s.top, right: s.bottom))
        }
    }

    /// A host translation or velocity on the engine's axis: `y` grows toward the sheet's edge
    /// (the way it dismisses), `x` runs across.
    public func axisVector(_ v: Vector) -> Vector {
        switch self {
        case .bottom: return v
        case .top: return Vector(x: v.x, y: -v.y)
        case .left: return Vector(x: v.y, y: -v.x)
        case .right: return Vector(x: v.y, y: v.x)
        }
    }

    /// A rect of the axis container in container coordinates.
    public func containerRect(_ r: Rect, in c: Container) -> Rect {
        let out: Rect
        switch self {
        case .bottom: return r
        case .top: out = Rect(x: r.x, y: c.height - r.y - r.height, width: r.width, height: r.height)
        case .left: out = Rect(x: c.width - r.y - r.height, y: r.x, width: r.height, height: r.width)
        case .right: out = Rect(x: r.y, y: r.x, width: r.height, height: r.width)
        }
        return Rect(x: Quantize.points(out.x), y: Quantize.points(out.y),
                    width: Quantize.points(out.width), height: Quantize.points(out.height))
    }
}

extension SheetOptions {
    /// `edge` (`edgeSetting`, `nil` = bottom).
    public var edge: SheetEdge {
        get { edgeSetting ?? .bottom }
        set { edgeSetting = newValue }
    }
}
