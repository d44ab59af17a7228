import Testing
import SheetCore

private let animated = BezierTiming(duration: 250, curve: .easeInOut)
private let instant = BezierTiming(duration: 0, curve: .linear)

private func keyboardOptions(_ mode: KeyboardMode?, restore: Bool = true) -> SheetOptions {
    var o = SheetOptions()
    o.keyboardSetting = mode
    o.keyboardRestore = restore
    return o
}

/// `options.keyboard`, `keyboardRestore`, the frame's `keyboard`.
@Suite struct KeyboardModeTests {
    @Test func largestPicksTheLargestDetentWhateverItsId() throws {
        var s = try presented(detents: [.fit, .height(id: "tall", points: 700)], options: keyboardOptions(.largest))
        s.setKeyboard(height: 300, timing: animated, at: 0)
        s.advance(to: 250)
        #expect(s.frame().detent == "tall" && s.frame().sheet.y == 144)
        s.setKeyboard(height: 0, timing: animated, at: 300)
        s.advance(to: 550)
        #expect(s.frame().detent == "fit" && s.frame().sheet.y == 510)
    }

    @Test func withoutRestoreTheSheetStaysWhereItIs() throws {
        var s = try presented(detents: [.fit, .large], options: keyboardOptions(.largest, restore: false))
        s.setKeyboard(height: 300, timing: animated, at: 0)
        s.setKeyboard(height: 0, timing: animated, at: 300)
        s.advance(to: 600)
        #expect(s.frame().detent == "large" && s.frame().sheet.y == 57)
        var lift = try presented(options: keyboardOptions(.lift, restore: false))
        lift.setKeyboard(height: 300, timing: animated, at: 0)
        lift.setKeyboard(height: 0, timing: animated, at: 300)
        lift.advance(to: 600)
        #expect(lift.frame().sheet.y == 210)
    }

    @Test func fillFillsTheContainerAboveTheKeyboard() throws {
        var s = try presented(options: keyboardOptions(.fill))
        s.setKeyboard(height: 336, timing: animated, at: 0)
        s.advance(to: 250)
        #expect(s.frame().sheet.y == 47)
        #expect(s.frame().keyboard.height == 336 && s.frame().keyboard.overlap == 336)
        s.setKeyboard(height: 0, timing: animated, at: 300)
        s.advance(to: 550)
        #expect(s.frame().sheet.y == 510 && s.frame().keyboard.overlap == 0)
    }

    @Test func noneLeavesTheSheetAndReportsTheOverlap() throws {
        var s = try presented(detents: [.fit, .large], options: keyboardOptions(KeyboardMode.none))
        s.setKeyboard(height: 336, timing: animated, at: 0)
        s.advance(to: 250)
        #expect(s.frame().sheet.y == 510 && s.frame().detent == "fit")
        #expect(s.frame().keyboard.height == 336 && s.frame().keyboard.overlap == 334)
    }

    @Test func zeroDurationHeightsTrackOneToOne() throws {
        var s = try presented()
        for (t, h) in [(0.0, 336.0), (16, 300), (32, 100.25), (48, 0)] {
            s.setKeyboard(height: h, timing: instant, at: t)
            #expect(s.frame().sheet.y == 844 - 334 - h)
            #expect(s.frame().keyboard.overlap == h)
        }
    }
}
