import SheetCore

/// The last frame sent to a session, packed for the one question a tick asks of it: does the
/// frame just computed differ? (A change of `accessibility` alone does not count: it emits no
/// frame, and the list is current in every frame sent.)
///
/// Packed rather than kept as a `FrameValues`, which is 337 bytes over six cache lines, read
/// and written on every frame of every moving session (at 10,000 sessions each line is a
/// cache miss): a header word (the phase, the flags, which optional members are present) and
/// then the numbers of the members present, so a plain sheet's frame is 13 words on two lines.
/// Two frames pack to the same words exactly when they are the same frame by `==` on every
/// member but `accessibility`: -0 is packed as 0, and a NaN marks the pack as the same as
/// nothing (`NaN == NaN` is false).
struct SentFrame {
    /// Room for the largest frame: the header, the 12 numbers every frame has, and 20 optional ones.
    typealias Words = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                       UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                       UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// `words.0` is the header; 0 until a frame is sent (a packed header is never 0).
    private var words: Words = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// Whether `values` is another frame than the last one recorded (always, before any).
    /// Compared as it is read, number by number, so a frame that moved is told apart at its
    /// first number that did. It changes nothing: `mutating` so that the words are read where
    /// they are (read through a copy, all 264 bytes would be copied first).
    mutating func differs(from values: FrameValues) -> Bool {
        withUnsafeMutableBytes(of: &words) { raw in
            let old = raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt64.self)
            // A header with `nanBit` (or none: 0) is never that of `values` as read here.
            guard old[0] == Self.header(values) else { return true }
            var i = 0
            return !Self.forEachNumber(values) { x in
                i += 1
                return old[i] == Self.bits(x)  // a NaN's bits are no recorded number's
            }
        }
    }

    /// Keeps `values` as the last frame sent.
    mutating func record(_ values: FrameValues) {
        withUnsafeMutableBytes(of: &words) { raw in
            let p = raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt64.self)
            var n = 0
            var nan = false
            _ = Self.forEachNumber(values) { x in
                n += 1
                p[n] = Self.bits(x)
                nan = nan || x.isNaN
                return true
            }
            p[0] = Self.header(values) | (nan ? Self.nanBit : 0)
        }
    }

    // MARK: - Packing

    /// Always set in a header (a recorded frame's header is never 0).
    private static let headerBit: UInt64 = 1 << 63
    /// Some number is NaN: the frame is the same as no other.
    private static let nanBit: UInt64 = 1 << 62

    /// The bits a number is packed as: -0 + 0 is +0, so -0 packs as 0 (as -0 == 0).
    @inline(__always)
    private static func bits(_ x: Double) -> UInt64 { (x + 0).bitPattern }

    /// The phase, the flags, the corners, how many navigation entries, and which optional
    /// numbers follow.
    @inline(__always)
    private static func header(_ v: FrameValues) -> UInt64 {
        var header = headerBit | UInt64(phaseCode(v.state))
        switch v.corners {
        case nil: break
        case .top: header |= 1 << 3
        case .all: header |= 2 << 3
        }
        if v.dimming.passthrough { header |= 1 << 5 }
        if v.grabber.visible { header |= 1 << 6 }
        header |= UInt64(v.nav.count) << 7
        if v.scroll.pinOffsetY != nil { header |= 1 << 9 }
        if v.scroll.flingVelocityY != nil { header |= 1 << 10 }
        if v.nav.separatorX != nil { header |= 1 << 11 }
        if v.footer != nil { header |= 1 << 12 }
        if v.opacity != nil { header |= 1 << 13 }
        if v.background != nil { header |= 1 << 14 }
        if v.transform != nil { header |= 1 << 15 }
        if v.back != nil { header |= 1 << 16 }
        return header
    }

    /// Hands `body` the numbers of `v` in packing order, the members' the header says are
    /// present, while it answers true; whether it always did. The numbers that change as a
    /// sheet is dragged come first.
    @inline(__always)
    private static func forEachNumber(_ v: FrameValues, _ body: (Double) -> Bool) -> Bool {
        guard body(v.sheet.y), body(v.progress), body(v.position.index), body(v.position.fraction),
              body(v.dimming.alpha), body(v.grabber.y), body(v.sheet.height), body(v.sheet.x), body(v.sheet.width),
              body(v.cornerRadius), body(v.keyboard.height), body(v.keyboard.overlap) else { return false }
        if let x = v.scroll.pinOffsetY, !body(x) { return false }
        if let x = v.scroll.flingVelocityY, !body(x) { return false }
        if let x = v.nav.separatorX, !body(x) { return false }
        for i in 0..<Int(v.nav.count) {
            let e = v.nav[i]
            guard body(e.x), body(e.width), body(e.height), body(e.alpha) else { return false }
        }
        if let f = v.footer, !body(f.y) { return false }
        if let x = v.opacity, !body(x) { return false }
        if let b = v.background, !(body(b.scale) && body(b.translateY) && body(b.cornerRadius)) { return false }
        if let t = v.transform, !(body(t.scale) && body(t.translateY)) { return false }
        if let b = v.back, !(body(b.scaleX) && body(b.scaleY)) { return false }
        return true
    }

    @inline(__always)
    private static func phaseCode(_ phase: SheetPhase) -> Int {
        switch phase {
        case .dismissed: return 0
        case .presenting: return 1
        case .presented: return 2
        case .dragging: return 3
        case .settling: return 4
        case .dismissing: return 5
        }
    }
}
