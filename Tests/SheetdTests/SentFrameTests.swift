import Testing
@testable import SheetCore
@testable import SheetServer

/// `SentFrame` (the last frame sent, packed) says a frame differs exactly when `==` on every
/// member but `accessibility` says so: the tick sends a frame on that answer alone.
@Suite struct SentFrameTests {
    /// xorshift64*: deterministic, so every run checks the same pairs.
    struct Numbers {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 0x2545_F491_4F6C_DD1D
        }
        mutating func pick<T>(_ xs: [T]) -> T { xs[Int(next() % UInt64(xs.count))] }
        mutating func chance(_ n: UInt64) -> Bool { next() % n == 0 }
    }

    /// Few distinct numbers, so that equal ones are common; -0 and infinities included, and
    /// now and then a NaN (a frame holding one is the same as no other).
    static let numbers: [Double] = [0, -0.0, 1, 0.5, 390, 844.001, -12.25, .infinity, -.infinity, 1e-300]

    static func number(_ r: inout Numbers) -> Double { r.chance(400) ? .nan : r.pick(numbers) }
    static func optional(_ r: inout Numbers) -> Double? { r.chance(3) ? nil : number(&r) }
    static func placement(_ r: inout Numbers) -> SheetFrame.NavPlacement {
        .init(x: number(&r), width: number(&r), height: number(&r), alpha: number(&r))
    }
    static func nav(_ r: inout Numbers) -> SheetFrame.NavPlacements {
        switch r.next() % 3 {
        case 0: return .init(separatorX: optional(&r))
        case 1: return .init(placement(&r), separatorX: optional(&r))
        default: return .init(placement(&r), placement(&r), separatorX: optional(&r))
        }
    }

    /// A frame with every member drawn at random.
    static func frame(_ r: inout Numbers) -> FrameValues {
        var v = FrameValues(
            state: r.pick([.dismissed, .presenting, .presented, .dragging, .settling, .dismissing]),
            sheet: Rect(x: number(&r), y: number(&r), width: number(&r), height: number(&r)),
            cornerRadius: number(&r),
            dimming: .init(alpha: number(&r), passthrough: r.chance(2)),
            grabber: .init(visible: r.chance(2), y: number(&r)),
            progress: number(&r),
            scroll: .init(pinOffsetY: optional(&r), flingVelocityY: optional(&r)),
            nav: nav(&r),
            position: .init(index: number(&r), fraction: number(&r)),
            keyboard: .init(height: number(&r), overlap: number(&r)),
            accessibility: .init(actions: r.pick([[], .expand, .collapse, [.expand, .collapse]])))
        v.corners = r.pick([nil, .top, .all])
        v.footer = r.chance(2) ? nil : .init(y: number(&r))
        v.opacity = optional(&r)
        v.background = r.chance(2) ? nil : .init(scale: number(&r), translateY: number(&r), cornerRadius: number(&r))
        v.transform = r.chance(2) ? nil : .init(scale: number(&r), translateY: number(&r))
        v.back = r.chance(2) ? nil : .init(scaleX: number(&r), scaleY: number(&r))
        return v
    }

    /// `v` with one member drawn again.
    static func changingOne(_ v: FrameValues, _ r: inout Numbers) -> FrameValues {
        var v = v
        let other = frame(&r)
        switch r.next() % 20 {
        case 0: v.state = other.state
        case 1: v.accessibility = other.accessibility
        case 2: v.corners = other.corners
        case 3: v.sheet.y = other.sheet.y
        case 4: v.sheet.height = other.sheet.height
        case 5: v.cornerRadius = other.cornerRadius
        case 6: v.progress = other.progress
        case 7: v.position.fraction = other.position.fraction
        case 8: v.keyboard.overlap = other.keyboard.overlap
        case 9: v.dimming.alpha = other.dimming.alpha
        case 10: v.dimming.passthrough = other.dimming.passthrough
        case 11: v.grabber = other.grabber
        case 12: v.scroll.pinOffsetY = other.scroll.pinOffsetY
        case 13: v.scroll.flingVelocityY = other.scroll.flingVelocityY
        case 14: v.nav = other.nav
        case 15: v.footer = other.footer
        case 16: v.opacity = other.opacity
        case 17: v.background = other.background
        case 18: v.transform = other.transform
        default: v.back = other.back
        }
        return v
    }

    /// The rule the packing must keep: equal by `==` once `accessibility` is set aside.
    static func same(_ a: FrameValues, _ b: FrameValues) -> Bool {
        var b = b
        b.accessibility = a.accessibility
        return a == b
    }

    @Test func nothingRecordedDiffersFromEveryFrame() {
        var r = Numbers(state: 7)
        var zero = Self.frame(&r)
        zero.state = .dismissed
        zero.sheet = Rect(x: 0, y: 0, width: 0, height: 0)
        zero.corners = nil
        var none = SentFrame()
        let differs = none.differs(from: zero)
        #expect(differs)
        for _ in 0..<100 {
            let differs = none.differs(from: Self.frame(&r))
            #expect(differs)
        }
    }

    @Test(arguments: 1...8)
    func differsExactlyWhenAMemberOtherThanAccessibilityDiffers(seed: Int) {
        var r = Numbers(state: 0x9E37_79B9_7F4A_7C15 &* UInt64(seed))
        var sameCount = 0, differentCount = 0
        for _ in 0..<5_000 {
            let a = Self.frame(&r)
            var b = a
            for _ in 0..<Int(r.next() % 3) { b = Self.changingOne(b, &r) }
            var sent = SentFrame()
            sent.record(a)
            let expected = !Self.same(a, b)
            let differs = sent.differs(from: b)
            #expect(differs == expected, "\(a)\n\(b)")
            if expected { differentCount += 1 } else { sameCount += 1 }
        }
        // Both answers are exercised.
        #expect(sameCount > 500 && differentCount > 500)
    }

    @Test func aRecordReplacesTheOneBefore() {
        var r = Numbers(state: 99)
        var sent = SentFrame()
        var previous = Self.frame(&r)
        sent.record(previous)
        for _ in 0..<2_000 {
            let next = r.chance(2) ? previous : Self.frame(&r)
            let differs = sent.differs(from: next)
            #expect(differs == !Self.same(previous, next))
            sent.record(next)
            previous = next
        }
    }

    /// The members `SentFrame` packs: a new member of `FrameValues`, or of one of its
    /// members, must be packed too.
    @Test func everyMemberIsPacked() {
        var r = Numbers(state: 3)
        let labels = Mirror(reflecting: Self.frame(&r)).children.compactMap(\.label)
        #expect(labels == ["state", "accessibility", "corners", "sheet", "cornerRadius", "progress", "position", "keyboard",
                           "dimming", "grabber", "scroll", "nav", "footer", "opacity", "background", "transform", "back"])
        // And the members of the members.
        func members(_ v: Any) -> [String] { Mirror(reflecting: v).children.compactMap(\.label) }
        #expect(members(Rect(x: 0, y: 0, width: 0, height: 0)) == ["x", "y", "width", "height"])
        #expect(members(SheetFrame.Position(index: 0, fraction: 0)) == ["index", "fraction"])
        #expect(members(SheetFrame.Keyboard(height: 0, overlap: 0)) == ["height", "overlap"])
        #expect(members(SheetFrame.Dimming(alpha: 0, passthrough: false)) == ["alpha", "passthrough"])
        #expect(members(SheetFrame.Grabber(visible: false, y: 0)) == ["visible", "y"])
        #expect(members(SheetFrame.Scroll(pinOffsetY: nil, flingVelocityY: nil)) == ["pinOffsetY", "flingVelocityY"])
        #expect(members(SheetFrame.NavPlacement(x: 0, width: 0, height: 0, alpha: 0)) == ["x", "width", "height", "alpha"])
        #expect(members(SheetFrame.NavPlacements()) == ["separatorX", "count", "first", "second"])
        #expect(members(SheetFrame.Footer(y: 0)) == ["y"])
        #expect(members(SheetFrame.Background(scale: 0, translateY: 0, cornerRadius: 0)) == ["scale", "translateY", "cornerRadius"])
        #expect(members(SheetFrame.Transform(scale: 0, translateY: 0)) == ["scale", "translateY"])
        #expect(members(SheetFrame.BackScale(scaleX: 0, scaleY: 0)) == ["scaleX", "scaleY"])
    }
}
