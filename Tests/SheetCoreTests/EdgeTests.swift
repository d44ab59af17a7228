import Testing
import SheetCore

private func edgeSheet(_ edge: SheetEdge, detents: [DetentSpec] = [.fit], animated: Bool = false) throws -> Sheet {
    var o = SheetOptions()
    o.edge = edge
    var s = try Sheet(setup: SheetSetup(container: phone, contentHeight: 300, detents: detents, options: o))
    try s.present(at: 0, animated: animated)
    _ = s.takeOutput()
    return s
}

/// Sheets on every edge — one engine axis, the rect in container coordinates.
@Suite struct EdgeTests {
    @Test func leftSheetRestsAtXZeroAndSlidesInFromTheLeft() throws {
        var s = try edgeSheet(.left, animated: true)
        s.advance(to: 150)  // half-way: 150 of 300 pt shown
        #expect(s.frame().sheet == Rect(x: -150, y: 0, width: 300, height: 844))
        #expect(s.frame().progress == 0.5 && s.frame().grabber.visible == false)
        s.advance(to: 300)
        #expect(s.frame().sheet == Rect(x: 0, y: 0, width: 300, height: 844))
        #expect(s.frame().position.fraction == 0.7692)  // 300 / 390: the axis is the width
    }

    @Test func rightAndTopSheetsRestAgainstTheirEdges() throws {
        var right = try edgeSheet(.right, animated: true)
        right.advance(to: 150)
        #expect(right.frame().sheet == Rect(x: 240, y: 0, width: 300, height: 844))
        right.advance(to: 300)
        #expect(right.frame().sheet.x + right.frame().sheet.width == 390)
        var top = try edgeSheet(.top, animated: true)
        top.advance(to: 150)  // fit = 300 + the top safe area (47) = 347
        #expect(top.frame().sheet == Rect(x: 0, y: -173.5, width: 390, height: 347))
        top.advance(to: 300)
        #expect(top.frame().sheet == Rect(x: 0, y: 0, width: 390, height: 347))
        let large = try edgeSheet(.left, detents: [.large])
        #expect(large.frame().sheet.width == 380)  // 390 − 10 (largeTopGap): the width is the axis
    }

    @Test func dragsFollowTheAxisRubberBandAndDismissTowardTheEdge() throws {
        var s = try edgeSheet(.left)
        try s.pan(.began, translation: Vector(x: 0, y: 0), at: 100)
        try s.pan(.changed, translation: Vector(x: -100, y: 40), at: 116)  // toward the left edge
        #expect(s.frame().sheet == Rect(x: -100, y: 0, width: 300, height: 844) && s.frame().state == .dragging)
        try s.pan(.changed, translation: Vector(x: 100, y: 0), at: 132)  // away from it: rubber-banded
        let banded = s.frame().sheet
        #expect(banded.x == 0 && banded.width > 300 && banded.width < 390)
        try s.pan(.ended, translation: Vector(x: -150, y: 0), velocity: Vector(x: -2000, y: 0), at: 148)
        s.advance(to: 1000)
        #expect(s.frame().state == .dismissed && s.frame().sheet.x == -300)
        #expect(s.takeOutput().events.filter { !$0.isWillSettle }.map(\.kind.type) == ["dismissed"])
        var top = try edgeSheet(.top)
        try drag(&top, by: -200, velocity: -1500, at: 100)  // up dismisses a top sheet
        top.advance(to: 1000)
        #expect(top.frame().state == .dismissed && top.frame().sheet.y == -347)
        var right = try edgeSheet(.right)
        try drag(&right, by: 30, velocity: 0, at: 100)  // a small vertical drag does not move it
        #expect(right.frame().state == .presented && right.frame().sheet.x == 90)
    }

    @Test func navigationIsBottomOnly() {
        var o = SheetOptions()
        o.edge = .right
        #expect(throws: SheetError.self) {
            try Sheet(setup: SheetSetup(container: phone, options: o, navigation: [NavEntry(id: "a", preferredHeight: 100)]))
        }
    }
}

/// One scenario on each edge — present half-way, rest, fling toward the edge — gives the same
/// motion, with the rect rotated onto that edge.
@Suite struct EveryEdgeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var edge: SheetEdge
        /// Half-way through the present, at rest, and dismissed.
        var halfway: Rect, rest: Rect, gone: Rect
        /// The unit vector pointing out of the screen through the edge.
        var outward: Vector
        var testDescription: String { "\(edge)" }
    }

    static let cases: [Case] = [
        Case(edge: .bottom, halfway: Rect(x: 0, y: 677, width: 390, height: 334),
             rest: Rect(x: 0, y: 510, width: 390, height: 334), gone: Rect(x: 0, y: 844, width: 390, height: 334),
             outward: Vector(x: 0, y: 1)),
        Case(edge: .top, halfway: Rect(x: 0, y: -173.5, width: 390, height: 347),
             rest: Rect(x: 0, y: 0, width: 390, height: 347), gone: Rect(x: 0, y: -347, width: 390, height: 347),
             outward: Vector(x: 0, y: -1)),
        Case(edge: .left, halfway: Rect(x: -150, y: 0, width: 300, height: 844),
             rest: Rect(x: 0, y: 0, width: 300, height: 844), gone: Rect(x: -300, y: 0, width: 300, height: 844),
             outward: Vector(x: -1, y: 0)),
        Case(edge: .right, halfway: Rect(x: 240, y: 0, width: 300, height: 844),
             rest: Rect(x: 90, y: 0, width: 300, height: 844), gone: Rect(x: 390, y: 0, width: 300, height: 844),
             outward: Vector(x: 1, y: 0)),
    ]

    @Test(arguments: cases)
    func presentRestAndFlingAway(_ c: Case) throws {
        var s = try edgeSheet(c.edge, animated: true)
        s.advance(to: 150)
        #expect(s.frame().sheet == c.halfway)
        #expect(s.frame().progress == 0.5)
        s.advance(to: 300)
        #expect(s.frame().sheet == c.rest)
        _ = s.takeOutput()
        func along(_ d: Double) -> Vector { Vector(x: c.outward.x * d, y: c.outward.y * d) }
        try s.pan(.began, translation: along(0), at: 400)
        try s.pan(.changed, translation: along(60), at: 416)
        try s.pan(.ended, translation: along(120), velocity: along(2000), at: 432)
        s.advance(to: 2000)
        #expect(s.frame().state == .dismissed)
        #expect(s.frame().sheet == c.gone)
        #expect(s.takeOutput().events.map { $0.kind.type } == ["willSettle", "dismissed"])
    }
}
