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
