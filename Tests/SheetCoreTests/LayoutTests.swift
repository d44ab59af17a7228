import Testing
import SheetCore

/// An iPad-like regular container: 1024 × 1366, safe area 24 / 20.
private let pad = Container(width: 1024, height: 1366, safeArea: Insets(top: 24, bottom: 20))
/// A landscape phone: 844 × 390 (compact height).
private let landscape = Container(width: 844, height: 390, safeArea: Insets(bottom: 21, left: 47, right: 47))

private func sheet(in c: Container, content: Double = 300, detents: [DetentSpec] = [.fit], selected: String? = nil,
                   options: SheetOptions = SheetOptions(), animated: Bool = false) throws -> Sheet {
    var s = try Sheet(setup: SheetSetup(container: c, contentHeight: content, detents: detents,
                                        selectedDetent: selected, options: options))
    try s.present(at: 0, animated: animated)
    _ = s.takeOutput()
    return s
}

private func options(_ change: (inout SheetOptions) -> Void) -> SheetOptions {
    var o = SheetOptions()
    change(&o)
    return o
}

/// Footer, regular width and compact height, detached sheets, and the
/// receding background — each pinned at rest and mid-animation.
@Suite struct LayoutTests {
    // MARK: 4. Footer

    @Test func footerIsPinnedAboveTheBottomSafeAreaAndCarriedDownOnlyByTheSheetsTopEdge() throws {
        var s = try sheet(in: phone, options: options { $0.footerHeight = 50 })
        // At rest: 844 - 34 - 50 = 760, the sheet's top is at 510.
        #expect(s.frame().footer?.y == 760)
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 100)
        try s.pan(.changed, translation: Vector(x: 0, y: 100), at: 116)
        #expect(s.frame().sheet.y == 610 && s.frame().footer?.y == 760)
        try s.pan(.changed, translation: Vector(x: 0, y: 300), at: 132)
        #expect(s.frame().sheet.y == 810 && s.frame().footer?.y == 810)
        // Rubber-banded above the detent: the footer stays pinned.
        try s.pan(.changed, translation: Vector(x: 0, y: -100), at: 148)
        #expect(s.frame().sheet.y < 510 && s.frame().footer?.y == 760)
        try s.pan(.ended, translation: Vector(x: 0, y: -100), at: 164)
        s.advance(to: 2000)
        try s.dismiss(at: 2000)
        s.advance(to: 2150)  // half-way along the ease-in-out: y = 677
        #expect(s.frame().sheet.y == 677 && s.frame().footer?.y == 760)
        s.advance(to: 2280)
        #expect(s.frame().footer?.y == max(760, s.frame().sheet.y) && s.frame().sheet.y > 760)
        #expect(try sheet(in: phone).frame().footer == nil)
    }

    // MARK: 2. Regular width and compact height

    @Test func regularWidthIsACenteredPageSheetAttachedToTheBottom() throws {
        #expect(pad.sizeClass == .regular && phone.sizeClass == .compact && landscape.sizeClass == .compact)
        let s = try sheet(in: pad)
        let f = s.frame()
        #expect(f.sheet == Rect(x: 162, y: 1046, width: 700, height: 320))
        #expect(f.corners == .top && f.nav.items.isEmpty)
        let narrow = try sheet(in: pad, options: options { $0.preferredWidth = 540 })
        #expect(narrow.frame().sheet.x == 242 && narrow.frame().sheet.width == 540)
        // Never wider than the container; an explicit sizeClass wins over the automatic one.
        let forced = try sheet(in: Container(width: 600, height: 900, sizeClass: .regular))
        #expect(forced.frame().sheet.width == 600 && forced.frame().corners == .top)
        let compact = try sheet(in: Container(width: 1024, height: 1366, sizeClass: .compact))
        #expect(compact.frame().sheet.width == 1024 && compact.frame().corners == nil)
    }

    @Test func compactHeightIsFullWidthUnlessEdgeAttached() throws {
        #expect(try sheet(in: landscape).frame().sheet.width == 844)
        let attached = try sheet(in: landscape, options: options { $0.edgeAttachedInCompactHeight = true })
        #expect(attached.frame().sheet.x == 72 && attached.frame().sheet.width == 700 && attached.frame().corners == .top)
        #expect(attached.frame().sheet.y == 69)  // min(300 + 21, 390) = 321 shown
    }

    @Test func maxWidthCapsAndCentersOnAnyContainer() throws {
        let s = try sheet(in: landscape, options: options { $0.maxWidth = 640 })
        #expect(s.frame().sheet.x == 102 && s.frame().sheet.width == 640 && s.frame().corners == .top)
        let onPad = try sheet(in: pad, options: options { $0.maxWidth = 640 })
        #expect(onPad.frame().sheet.x == 192 && onPad.frame().sheet.width == 640)
        #expect(try sheet(in: phone, options: options { $0.maxWidth = 640 }).frame().corners == nil)
    }

    @Test func setContainerMovesBetweenLayoutsWithoutAJump() throws {
        // A split view widens from compact (390 × 1024) to regular (1024 × 1024).
        var s = try sheet(in: Container(width: 390, height: 1024, safeArea: Insets(top: 24, bottom: 20)))
        #expect(s.frame().sheet.x == 0 && s.frame().sheet.width == 390)
        s.setContainer(Container(width: 1024, height: 1024, safeArea: Insets(top: 24, bottom: 20)), at: 1000)
        #expect(s.frame().sheet.x == 0 && s.frame().sheet.width == 390 && s.frame().corners == .top)
        #expect(s.isActive == true)
        s.advance(to: 1125)  // half-way along contentTiming (250 ms ease-in-out)
        #expect(s.frame().sheet.x == 81 && s.frame().sheet.width == 545)
        s.advance(to: 1250)
        #expect(s.frame().sheet.x == 162 && s.frame().sheet.width == 700 && !s.isActive)
        // And back: the page sheet widens to full width, still animated.
        s.setContainer(Container(width: 390, height: 1024, safeArea: Insets(top: 24, bottom: 20)), at: 2000)
        s.advance(to: 2125)
        #expect(s.frame().sheet.x == 81 && s.frame().sheet.width == 545)
        s.advance(to: 2250)
        #expect(s.frame().sheet.x == 0 && s.frame().sheet.width == 390 && s.frame().corners == nil)
        // A full-width sheet that stays full width follows the container at once (as before).
        var p = try sheet(in: phone)
        p.setContainer(landscape, at: 100)
        #expect(p.frame().sheet.width == 844)
    }

    @Test func configureMidDragMovesBetweenLayoutsWithoutAJumpAsTheDragGoesOn() throws {
        // A page sheet (700 wide at x=162) under a finger; `preferredWidth` 540 arrives mid-drag.
        var s = try sheet(in: pad)
        #expect(s.frame().sheet == Rect(x: 162, y: 1046, width: 700, height: 320))
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 1000)
        try s.pan(.changed, translation: Vector(x: 0, y: 40), at: 1016)
        try s.configure(options: options { $0.preferredWidth = 540 }, at: 1016)
        #expect(s.frame().sheet == Rect(x: 162, y: 1086, width: 700, height: 320))  // no jump
        try s.pan(.changed, translation: Vector(x: 0, y: 60), at: 1141)  // half-way along contentTiming
        var f = s.frame()
        #expect(f.state == .dragging && f.sheet == Rect(x: 202, y: 1106, width: 620, height: 320))
        try s.pan(.changed, translation: Vector(x: 0, y: 80), at: 1266)
        f = s.frame()
        #expect(f.state == .dragging && f.sheet == Rect(x: 242, y: 1126, width: 540, height: 320))
        try s.pan(.ended, translation: Vector(x: 0, y: 80), velocity: Vector(x: 0, y: 0), at: 1282)
        settle(&s, from: 1282)
        #expect(s.frame().sheet == Rect(x: 242, y: 1046, width: 540, height: 320))
        // Full width to detached under a finger eases in too; `animated: false` jumps.
        var p = try sheet(in: phone)
        try p.pan(.began, translation: Vector(x: 0, y: 0), at: 100)
        let detached = options { $0.detached = DetachedMargins(horizontal: 16, bottom: 0) }
        try p.configure(options: detached, at: 100)
        p.advance(to: 225)
        #expect(p.frame().sheet.x == 8 && p.frame().sheet.width == 374 && p.frame().state == .dragging)
        try p.configure(options: SheetOptions(), animated: false, at: 230)
        #expect(p.frame().sheet.x == 0 && p.frame().sheet.width == 390)
    }

    // MARK: 3. Detached

    @Test func detachedSheetFloatsAboveItsMarginsWithAllCornersRounded() throws {
        let margins = options { $0.detached = DetachedMargins(horizontal: 16, bottom: 24) }
        var s = try sheet(in: phone, options: margins, animated: true)
        s.advance(to: 150)  // half-way: 167 of 334 pt of extent shown
        #expect(s.frame().sheet == Rect(x: 16, y: 677, width: 358, height: 310))
        #expect(s.frame().corners == .all && s.frame().state == .presenting)
        s.advance(to: 300)
        // fit = 300 content + what the 24 pt margin leaves of the 34 pt safe area = 310 visible,
        // bottom edge at 844 - 24 = 820.
        #expect(s.frame().sheet == Rect(x: 16, y: 510, width: 358, height: 310))
        #expect(s.frame().progress == 1)
        let large = try sheet(in: phone, detents: [.fit, .large], selected: "large", options: margins)
        #expect(large.frame().sheet.y == 57 && large.frame().sheet.height == 763)
        // A drag down still dismisses, off the bottom edge.
        try drag(&s, by: 200, velocity: 1000, at: 1000)
        s.advance(to: 2000)
        #expect(s.frame().state == .dismissed && s.frame().sheet.y == 844)
        #expect(eventTypes(&s) == ["presented", "dismissed"])
    }

    @Test func detachedMarginsMustLeaveASheet() {
        let wide = options { $0.detached = DetachedMargins(horizontal: 195, bottom: 0) }
        #expect(throws: SheetError.self) { try Sheet(setup: SheetSetup(container: phone, options: wide)) }
    }

    // MARK: 1. Receding background (a root sheet's page-sheet look)

    @Test func backgroundRecedesTowardTheLargestDetent() throws {
        var s = try sheet(in: phone, detents: [.medium, .large], selected: "large",
                          options: options { $0.recedeBackground = true })
        #expect(s.frame().background == .init(scale: 0.9333, translateY: 47, cornerRadius: 10))
        try s.snapTo(height: 604.5, animated: false, at: 100)  // half-way from medium to large
        #expect(s.frame().background == .init(scale: 0.9667, translateY: 23.5, cornerRadius: 5))
        try s.selectDetent("medium", at: 200, animated: false)
        #expect(s.frame().background == .init(scale: 1, translateY: 0, cornerRadius: 0))
        #expect(try sheet(in: phone).frame().background == nil)
    }

    @Test func parentTransformFollowsTheChildsProgress() {
        #expect(StackGeometry.parentTransform(childProgress: 0, sheetWidth: 390) == StackGeometry.identity)
        #expect(StackGeometry.parentTransform(childProgress: 1, sheetWidth: 390) == .init(scale: 0.959, translateY: -16))
        #expect(StackGeometry.parentTransform(childProgress: 0.5, sheetWidth: 390) == .init(scale: 0.9795, translateY: -8))
    }
}
