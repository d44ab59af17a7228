import SheetCore
import SheetRPC
import SheetWire

/// Turns validated wire params into SheetCore values. Every failure names the exact place:
/// `params.container.width: expected a number in 1...100000, got -3`.
enum Wire {
    // The ranges SheetWire declares (`WireRange`), by their short names here.
    static let length = WireRange.length
    static let positiveLength = WireRange.positiveLength
    static let time = WireRange.time
    static let duration = WireRange.duration
    static let velocity = WireRange.velocity
    static let maxDetents = SetupMembers.maxDetents
    static let maxEntries = NavigationStack.maxEntries

    static func container(_ p: Params) throws(RPCError) -> Container {
        try p.requireObject()
        try p.rejectUnknownKeys(containerNames)
        let c = Container(width: try p.read(ContainerShape.width), height: try p.read(ContainerShape.height),
                          safeArea: try safeArea(p[ContainerShape.safeArea.name]),
                          sizeClass: try p.read(ContainerShape.sizeClass).map(SizeClass.init))
        return c
    }

    static let containerNames = ContainerShape.all.map { $0.name }

    static func safeArea(_ p: Params) throws(RPCError) -> Insets {
        guard p.exists else { return .zero }
        try p.requireObject()
        try p.rejectUnknownKeys(safeAreaNames)
        return Insets(top: try p.read(SafeAreaShape.top), bottom: try p.read(SafeAreaShape.bottom),
                      left: try p.read(SafeAreaShape.left), right: try p.read(SafeAreaShape.right))
    }

    static let safeAreaNames = SafeAreaShape.all.map { $0.name }


    static func detent(_ p: Params) throws(RPCError) -> DetentSpec {
        if case .string = p.value { return DetentSpec(try p.choice(WireValue.SystemDetent.self)) }
        guard case .object = p.value else {
            throw p.fail("expected \"fit\", \"medium\", \"large\", {\"id\", \"height\"}, {\"id\", \"fraction\"}, {\"id\", \"fromTop\"} or {\"id\", \"resolver\"}")
        }
        typealias D = DetentShape
        try p.rejectUnknownKeys(detentNames)
        let id = try p.read(D.id)
        guard !id.isEmpty, id.count <= 64 else { throw p[D.id.name].fail("expected 1 to 64 characters") }
        if WireValue.SystemDetent(rawValue: id) != nil {
            throw p[D.id.name].fail("\"\(id)\" is a system detent; give a custom detent another id")
        }
        switch (p[D.height.name].exists, p[D.fraction.name].exists, p[D.fromTop.name].exists, p[D.resolver.name].exists) {
        case (true, false, false, false): return .height(id: id, points: try p.read(D.height))
        case (false, true, false, false): return .fraction(id: id, value: try p.read(D.fraction))
        case (false, false, true, false): return .fromTop(id: id, points: try p.read(D.fromTop))
        case (false, false, false, true):
            let name = try p.read(D.resolver)
            guard !name.isEmpty, name.utf8.count <= 64 else { throw p[D.resolver.name].fail("expected 1 to 64 characters") }
            return .resolver(id: id, name: name)
        default: throw p.fail("expected exactly one of \"height\", \"fraction\", \"fromTop\" or \"resolver\"")
        }
    }

    static func curve(_ p: Params) throws(RPCError) -> CubicBezier {
        if case .string = p.value { return CubicBezier(try p.choice(WireValue.CurveName.self)) }
        let a = try p.array(maxCount: 4)
        guard a.count == 4 else { throw p.fail("expected a curve name or [x1, y1, x2, y2]") }
        let b = CubicBezier(try a[0].number(in: 0...1), try a[1].number(in: -10...10),
                            try a[2].number(in: 0...1), try a[3].number(in: -10...10))
        return b
    }

    static func spring(_ p: Params) throws(RPCError) -> Spring {
        try p.requireObject()
        try p.rejectUnknownKeys(springNames)
        return Spring(dampingRatio: try p.read(SpringShape.dampingRatio), response: try p.read(SpringShape.response))
    }

    static let springNames = SpringShape.all.map { $0.name }


    static let detentNames = DetentShape.all.map { $0.name }

    static func timing(_ p: Params) throws(RPCError) -> AnimationTiming {
        typealias T = TimingShape
        try p.requireObject()
        try p.rejectUnknownKeys(timingNames)
        let curve = p[T.curve.name]
        if p[T.spring.name].exists {
            if p[T.durationMs.name].exists || curve.exists {
                throw p.fail("expected either {durationMs, curve} or {spring}, not both")
            }
            return .spring(try spring(p[T.spring.name]))
        }
        return .bezier(BezierTiming(duration: try p.read(T.durationMs),
                                    curve: curve.exists ? try Wire.curve(curve) : .easeInOut))
    }

    static let timingNames = TimingShape.all.map { $0.name }

    /// `options` over `base` (the defaults for `session.create`; the session's current options
    /// for `sheet.configure`, which merges member by member): absent members keep `base`'s
    /// value, `largestUndimmedDetent: null` clears it.
    static func options(_ p: Params, base: SheetOptions = SheetOptions()) throws(RPCError) -> SheetOptions {
        typealias O = OptionsMembers
        var o = base
        guard p.exists else { return o }
        try p.requireObject()
        try p.rejectUnknownKeys(optionNames)
        o.cornerRadius = try p.read(O.cornerRadius) ?? o.cornerRadius
        o.grabber = try p.read(O.grabber) ?? o.grabber
        o.dimAlpha = try p.read(O.dimAlpha) ?? o.dimAlpha
        o.dismissible = try p.read(O.dismissible) ?? o.dismissible
        if p[O.largestUndimmedDetent.name].isPresent { o.largestUndimmedDetent = try p.read(O.largestUndimmedDetent) }
        o.scrollExpandsAtEdge = try p.read(O.scrollExpandsAtEdge) ?? o.scrollExpandsAtEdge
        o.pullBarHeight = try p.read(O.pullBarHeight) ?? o.pullBarHeight
        o.displayScale = try p.read(O.displayScale) ?? o.displayScale
        o.largeTopGap = try p.read(O.largeTopGap) ?? o.largeTopGap
        o.navigationBarHeight = try p.read(O.navigationBarHeight) ?? o.navigationBarHeight
        if p[O.presentTiming.name].exists { o.presentTiming = try timing(p[O.presentTiming.name]) }
        if p[O.settleSpring.name].exists { o.settleSpring = try spring(p[O.settleSpring.name]) }
        if p[O.contentTiming.name].exists { o.contentTiming = try timing(p[O.contentTiming.name]) }
        // Control options.
        if let v = try p.read(O.tapDimming) { o.tapDimming = TapDimming(v) }
        if let v = try p.read(O.keyboard) { o.keyboardSetting = KeyboardMode(v) }
        if let v = try p.read(O.keyboardRestore) { o.keyboardRestore = v }
        if let v = try p.read(O.dragRegion) { o.dragRegion = DragRegion(v) }
        // Layout options (`footerHeight`, `maxWidth` and `detached` are cleared by `null`).
        if p[O.footerHeight.name].isPresent { o.footerHeight = try p.read(O.footerHeight) }
        if let v = try p.read(O.preferredWidth) { o.preferredWidth = v }
        if p[O.maxWidth.name].isPresent { o.maxWidth = try p.read(O.maxWidth) }
        if let v = try p.read(O.edgeAttachedInCompactHeight) { o.edgeAttachedInCompactHeight = v }
        let d = p[O.detached.name]
        if d.isPresent {
            if d.exists {
                try d.requireObject()
                try d.rejectUnknownKeys(DetachedShape.all.map { $0.name })
                o.detached = DetachedMargins(horizontal: try d.read(DetachedShape.horizontal),
                                             bottom: try d.read(DetachedShape.bottom))
            } else {
                o.detached = nil
            }
        }
        if let v = try p.read(O.recedeBackground) { o.recedeBackground = v }
        if let v = try p.read(O.edge) { o.edge = SheetEdge(v) }
        // Gesture options: an object replaces the whole setting, `null` restores the defaults.
        let g = p[O.gesture.name]
        if g.isPresent { o.gestureSetting = g.exists ? try gesture(g) : nil }
        let r = p[O.rubberBand.name]
        if r.isPresent { o.rubberBandSetting = r.exists ? try rubberBand(r) : nil }
        if let v = try p.read(O.reduceMotion) { o.reduceMotion = v }
        return o
    }

    /// `options.gesture` (absent members take their defaults).
    static func gesture(_ p: Params) throws(RPCError) -> PanArbitration {
        typealias G = GestureShape
        try p.requireObject()
        try p.rejectUnknownKeys(G.all.map { $0.name })
        let failOffsetX = try p.read(G.failOffsetX)
        if failOffsetX == 0 { throw p[G.failOffsetX.name].fail("expected a number > 0 or null, got 0") }
        return PanArbitration(slop: try p.read(G.slop), directionLock: try p.read(G.directionLock), failOffsetX: failOffsetX)
    }

    /// `options.rubberBand` (absent members take their defaults).
    static func rubberBand(_ p: Params) throws(RPCError) -> RubberBandLimits {
        typealias R = RubberBandShape
        try p.requireObject()
        try p.rejectUnknownKeys(R.all.map { $0.name })
        let coefficient = try p.read(R.coefficient)
        if coefficient == 0 { throw p[R.coefficient.name].fail("expected a number in (0, 2], got 0") }
        return RubberBandLimits(beyondLargest: try p.read(R.beyondLargest), belowSmallest: try p.read(R.belowSmallest),
                                coefficient: coefficient)
    }

    static let optionNames = OptionsMembers.all.map { $0.name }

    static func entry(_ p: Params) throws(RPCError) -> NavEntry {
        try p.requireObject()
        try p.rejectUnknownKeys(navEntryNames)
        let id = try p.read(NavEntryShape.id)
        guard !id.isEmpty, id.count <= 128 else { throw p[NavEntryShape.id.name].fail("expected 1 to 128 characters") }
        return NavEntry(id: id, preferredHeight: try p.read(NavEntryShape.preferredHeight),
                        navigationBar: try p.read(NavEntryShape.navigationBar),
                        hidesBackButton: try p.read(NavEntryShape.hidesBackButton))
    }

    static let navEntryNames = NavEntryShape.all.map { $0.name }


    /// A list within a limit: too many elements is `-32012`.
    static func limited(_ p: Params, max: Int, what: String) throws(RPCError) -> [Params] {
        if let a = p.value.arrayValue, a.count > max {
            throw RPCError.limitExceeded("\(p.path): at most \(max) \(what), got \(a.count)")
        }
        return try p.array(maxCount: max)
    }

    static func entries(_ p: Params) throws(RPCError) -> [NavEntry] {
        var out: [NavEntry] = []
        for e in try limited(p, max: maxEntries, what: "navigation entries") { out.append(try entry(e)) }
        return out
    }

    /// `{x, y}` (`VectorShape`), each within `range`.
    static func vector(_ p: Params, in range: ClosedRange<Double>) throws(RPCError) -> Vector {
        try p.requireObject()
        try p.rejectUnknownKeys(vectorMembers)
        return Vector(x: try p[VectorShape.x.name].optionalNumber(in: range) ?? 0,
                      y: try p[VectorShape.y.name].optionalNumber(in: range) ?? 0)
    }

    static let vectorMembers = VectorShape.all.map { $0.name }

    static func velocityVector(_ p: Params) throws(RPCError) -> Vector? {
        p.exists ? try vector(p, in: InputPan.velocityRange) : nil
    }

    /// The members of a setup (`session.create` params besides `policies`; a snapshot's `setup`).
    static let setupMembers = SetupMembers.all.map { $0.name }

    /// `session.create` params (or a snapshot's `setup`) → setup. The one place setup
    /// numbers are range-checked; consistency is `SheetSetup.validate()`.
    static func setup(_ p: Params) throws(RPCError) -> SheetSetup {
        let container = try container(p[SetupMembers.container.name])
        // The setup's safe-area rule, as soon as the container is read (before its siblings).
        do { try container.validateSafeArea() } catch { throw RPCError(error, at: p.path) }
        var contentHeight: Double?
        let content = p[SetupMembers.content.name]
        if content.exists {
            try content.requireObject()
            try content.rejectUnknownKeys(ContentShape.all.map { $0.name })
            contentHeight = try content.read(ContentShape.preferredHeight)
        }
        let detents = try optionalDetents(p[SetupMembers.detents.name]) ?? [.fit]
        var navigation: [NavEntry] = []
        let nav = p[SetupMembers.navigation.name]
        if nav.exists {
            try nav.requireObject()
            try nav.rejectUnknownKeys(NavigationShape.all.map { $0.name })
            navigation = try entries(nav[NavigationShape.entries.name])
        }
        let options = p[SetupMembers.options.name]
        return SheetSetup(container: container, contentHeight: contentHeight, detents: detents,
                          selectedDetent: try p.read(SetupMembers.selectedDetent),
                          options: options.exists ? try Wire.options(options) : nil, navigation: navigation)
    }

    static func policyConfig(_ p: Params) -> PolicyConfig {
        guard case .object(let o) = p.value else { return .empty }
        var values: [String: PolicyConfig.Value] = [:]
        for (k, v) in o.members {
            switch v {
            case .int(let i): values[k] = .number(Double(i))
            case .double(let d): values[k] = .number(d)
            case .bool(let b): values[k] = .bool(b)
            case .string(let s): values[k] = .string(s)
            default: break
            }
        }
        return PolicyConfig(values: values, jsonText: JSONCodec.encodeToString(p.value))
    }

    /// `sheet.configure`'s `detents` (absent = keep): the same shapes as `session.create`'s.
    static func optionalDetents(_ p: Params) throws(RPCError) -> [DetentSpec]? {
        guard p.exists else { return nil }
        let list = try limited(p, max: maxDetents, what: "detents")
        guard !list.isEmpty else { throw p.fail("expected at least one detent") }
        var detents: [DetentSpec] = []
        for d in list { detents.append(try detent(d)) }
        return detents
    }
}

