/// `container.sizeClass`: the container's horizontal size class.
public enum SizeClass: String, Sendable, CaseIterable {
    /// A phone in portrait, a narrow split view: full-width bottom sheets.
    case compact
    /// A tablet, a wide window: page sheets (`options.preferredWidth`, centered).
    case regular
}

extension Container {
    /// The horizontal size class: as the host set it, else `regular` when the container is at
    /// least 700 pt wide and 500 pt high.
    public var sizeClass: SizeClass {
        sizeClassSetting ?? (width >= 700 && height >= 500 ? .regular : .compact)
    }

    /// Compact height (a landscape phone): less than 500 pt high.
    public var isCompactHeight: Bool { height < 500 }
}

/// `options.detached`: margins (pt) that float the sheet above the container's bottom edge.
public struct DetachedMargins: Sendable, Equatable, Hashable {
    /// Between each side of the sheet and the container's side.
    public var horizontal: Double
    /// Between the sheet's bottom edge and the container's bottom edge.
    public var bottom: Double

    public init(horizontal: Double, bottom: Double) {
        self.horizontal = horizontal
        self.bottom = bottom
    }
}

/// `sheet.corners`: which corners of the sheet are rounded by `cornerRadius`.
public enum SheetCorners: String, Sendable {
    /// Attached to the bottom edge: the top corners.
    case top
    /// Floating (detached): all four.
    case all
}

/// Where a sheet sits across its container and how it meets the bottom edge, resolved from
/// the options and the container. The vertical mechanics (extent, detents, springs) do not
/// change; a detached sheet's extents include its bottom margin, so a drag down still
/// carries it off the bottom edge.
public struct SheetLayout: Sendable, Equatable {
    /// Which rule placed the sheet.
    public enum Kind: String, Sendable, CaseIterable {
        /// A full-width bottom sheet (the default on compact containers).
        case fullWidth
        /// Regular width: a page sheet of `preferredWidth`, centered, attached to the bottom.
        case page
        /// Compact height with `edgeAttachedInCompactHeight`: `preferredWidth`, centered, attached.
        case edgeAttached
        /// Full width capped by `maxWidth`, centered, attached.
        case capped
        /// `options.detached`: inset by its margins, all corners rounded.
        case detached
    }

    public var kind: Kind
    public var x: Double
    public var width: Double
    public var corners: SheetCorners
    /// Points between the sheet's bottom edge and the container's at rest (detached), else 0.
    public var bottomMargin: Double

    /// The layout `options` give in `container`. (Inlined: called with options read in their
    /// box, which a call would copy first.)
    @inline(__always)
    public static func resolve(_ o: borrowing SheetOptions, in c: Container) -> SheetLayout {
        guard o.edge == .bottom else {  // layouts are for bottom sheets; other edges span the container
            return SheetLayout(kind: .fullWidth, x: 0, width: c.width, corners: .top, bottomMargin: 0)
        }
        var kind = Kind.fullWidth
        var width = c.width
        if let d = o.detached {
            kind = .detached
            width = max(0, c.width - 2 * d.horizontal)
        }
        if c.sizeClass == .regular || (c.isCompactHeight && o.edgeAttachedInCompactHeight) {
            if kind == .fullWidth { kind = c.sizeClass == .regular ? .page : .edgeAttached }
            width = min(width, o.preferredWidth)
        }
        if let m = o.maxWidth, width > m {
            if kind == .fullWidth { kind = .capped }
            width = m
        }
        return SheetLayout(kind: kind, x: (c.width - width) / 2, width: width,
                           corners: kind == .detached ? .all : .top, bottomMargin: o.detached?.bottom ?? 0)
    }

    /// The container the detents resolve in: for a detached sheet the space above its bottom
    /// margin, whose bottom safe area is what the margin leaves of the container's. Detents
    /// measure the visible height there.
    public func detentContainer(_ c: Container) -> Container {
        guard bottomMargin > 0 else { return c }
        var d = c
        d.height = max(0, c.height - bottomMargin)
        d.safeArea.bottom = max(0, c.safeArea.bottom - bottomMargin)
        return d
    }
}

extension SheetOptions {
    /// The layout options' consistency with `container` (`session.create`, `sheet.configure`,
    /// `session.restore`): a detached sheet keeps some width and some height.
    public func validateLayout(in c: Container, path: String) throws(SheetError) {
        guard let d = detached else { return }
        if 2 * d.horizontal >= c.width {
            throw SheetError(.invalidParams, "\(path).detached.horizontal: expected 2 × horizontal < container width \(c.width), got \(d.horizontal)")
        }
        if d.bottom + c.safeArea.top >= c.height {
            throw SheetError(.invalidParams, "\(path).detached.bottom: expected bottom + safeArea.top < container height \(c.height), got \(d.bottom)")
        }
    }
}

/// The horizontal part of a layout change in flight (`sheet.setContainer`, `sheet.configure`
/// moving a sheet between layouts): x and width ease from where they were.
package struct LateralMotion: Sendable, Equatable {
    package var x: Motion
    package var width: Motion

    package init(x: Motion, width: Motion) {
        self.x = x
        self.width = width
    }

    func isAnimating(at t: Double) -> Bool { x.isAnimating(at: t) || width.isAnimating(at: t) }
}

extension SheetState {
    /// The layout the options give in the current container.
    @inline(__always)  // (see `SheetState.isActive`)
    var layout: SheetLayout {
        let c = container
        return setup.withOptions { SheetLayout.resolve($0, in: c) }
    }

    /// x and width as drawn now: the layout's, or a layout change's animation.
    func lateral(_ layout: SheetLayout) -> (x: Double, width: Double) {
        if let l = lateralMotion, l.isAnimating(at: now) { return (l.x.value(at: now), l.width.value(at: now)) }
        return (layout.x, layout.width)
    }

    /// `footer.y` for a sheet whose top edge is at `y`: pinned `footerHeight` above the bottom
    /// safe area (of the space above a detached sheet's margin), carried down by the sheet's
    /// top edge only when that goes lower.
    func footer(sheetY y: Double, layout: SheetLayout) -> SheetFrame.Footer? {
        guard let h = options.footerHeight, options.edge == .bottom else { return nil }
        let c = layout.detentContainer(container)
        return .init(y: Quantize.points(max(c.height - c.safeArea.bottom - h, y)))
    }

    /// `background` with `recedeBackground`: how far the sheet is from the next smaller
    /// detent (0 when there is one detent) toward its largest, `f` in 0...1, recedes the
    /// host's screen: scale `1 - f·26/container.width`, translateY `f·safeArea.top`,
    /// cornerRadius `f·cornerRadius`.
    func background(extent e: Double, detents: [ResolvedDetent]) -> SheetFrame.Background? {
        guard options.recedeBackground else { return nil }
        let largest = detents[detents.count - 1].height
        let below = detents.count > 1 ? detents[detents.count - 2].height : 0
        let f = largest > below ? min(max((e - below) / (largest - below), 0), 1) : (e >= largest ? 1 : 0)
        let w = setup.container.width
        return .init(scale: Quantize.unit(w > 0 ? 1 - f * StackGeometry.backgroundInset / w : 1),
                     translateY: Quantize.points(f * setup.container.safeArea.top),
                     cornerRadius: Quantize.points(f * options.cornerRadius))
    }
}

extension Sheet {
    /// After the container or the options changed: ease x and width from where the sheet was
    /// drawn (`shown`) to the new layout with `timing` (`nil` = at once). A full-width sheet
    /// that stays full width follows the container at once, as it always did.
    mutating func animateLayout(from before: SheetLayout, shown: (x: Double, width: Double),
                                timing: AnimationTiming?) {
        let after = state.layout
        // Nothing moved across: a layout animation in flight keeps going.
        if after.x == before.x && after.width == before.width { return }
        // Only a sheet on screen animates: heading to a detent, moving, or under a finger.
        guard let timing, state.goal == .detent || state.hasDrag || state.motion.isAnimating(at: state.now),
              before.kind != .fullWidth || after.kind != .fullWidth,
              shown.x != after.x || shown.width != after.width else {
            state.lateralMotion = nil
            return
        }
        let now = state.now
        state.lateralMotion = LateralMotion(x: .animate(from: shown.x, to: after.x, at: now, timing: timing),
                                            width: .animate(from: shown.width, to: after.width, at: now, timing: timing))
    }
}
