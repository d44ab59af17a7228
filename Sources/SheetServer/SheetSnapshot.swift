import SheetCore
import SheetRPC

/// One sheet's part of a snapshot, `sheetd.snapshot/3`: the engine state written and read by
/// hand, member by member, under names that say what they hold (protocol/README.md §7 has
/// the table). Nothing here follows the engine's field names or Swift's synthesized shapes,
/// so the engine can change its insides without changing the wire.
///
/// Reading trusts nothing: every number is read in its range, every reference (selected
/// detent, drag origin, navigation entries) must resolve, and the first bad place is a
/// `-32602` naming its path (`params.state.sheet.extent[0].to: ...`). `/2` snapshots (the
/// engine's Codable shape) are read by `LegacySnapshot` into the same state.
enum SheetSnapshot {
    /// What `session.snapshot` writes.
    static let format = "sheetd.snapshot/3"
    /// Every format `session.restore` reads, newest first.
    static let readableFormats = [format, LegacySnapshot.format2, LegacySnapshot.format1]

    /// Members of a sheet in `/3`.
    static let members = ["setup", "policies", "now", "lifecycle", "goal", "selectedDetent", "restHeight",
                          "keyboardReturnDetent", "extent", "keyboardHeight", "settling", "pendingDismissCancelled",
                          "navigation", "scroll", "drag", "pendingDetents", "lateral", "takenFinger",
                          "presentReference", "pan", "back", "resolverFallbacks", "fade"]

    /// Positions, translations and velocities the engine may hold (pt, pt/s): far beyond any
    /// screen, far below where the spring and bezier arithmetic loses finiteness.
    static let magnitude: ClosedRange<Double> = -1e15...1e15
    /// Additive segments a motion may hold (each retarget inside a running animation adds one).
    static let maxSegments = 4096
    /// Navigation progress: 0...1 along the curve, beyond it by a bezier's overshoot.
    static let progress: ClosedRange<Double> = -20...20

    // MARK: - Writing

    /// The running state (everything but `setup` and `policies`, which the caller adds in
    /// `session.create`'s shape).
    static func running(_ s: SheetState) -> JSONObject {
        var o: JSONObject = ["now": .number(s.now), "lifecycle": .string(s.lifecycle.rawValue),
                             "goal": .string(s.goal.rawValue), "selectedDetent": .string(s.selected)]
        if let h = s.rest.height { o["restHeight"] = .number(h) }
        if let back = s.rest.keyboardReturn { o["keyboardReturnDetent"] = .string(back) }
        o["extent"] = motion(s.motion)
        o["keyboardHeight"] = .number(s.keyboardHeight)
        o["settling"] = .bool(s.settling)
        o["pendingDismissCancelled"] = .bool(s.pendingDismissCancelled)
        o["navigation"] = navigation(s.nav)
        o["scroll"] = scroll(s.scroll)
        if let d = s.drag { o["drag"] = drag(d) }
        if let p = s.pendingDetents {
            var pending = JSONObject()
            if let d = p.detents { pending["detents"] = .array(d.map(SetupWireEncoding.detent)) }
            if let id = p.selectedDetent { pending["selectedDetent"] = .string(id) }
            o["pendingDetents"] = .object(pending)
        }
        if let l = s.lateralMotion { o["lateral"] = ["x": motion(l.x), "width": motion(l.width)] }
        if let f = s.takenFinger { o["takenFinger"] = .string(f.rawValue) }
        if let r = s.presentReference { o["presentReference"] = motion(r) }
        if let f = s.fade { o["fade"] = motion(f) }  // reduced motion: a running fade
        switch s.pan {
        case .pending(let origin)?: o["pan"] = ["gesture": "pending", "origin": ["x": .number(origin.x), "y": .number(origin.y)]]
        case .declined?: o["pan"] = ["gesture": "declined"]
        case nil: break
        }
        if let b = s.back { o["back"] = backGesture(b) }
        if !s.resolverFallbacks.isEmpty { o["resolverFallbacks"] = .array(s.resolverFallbacks.sorted().map { .string($0) }) }
        return o
    }

    /// A back gesture (`input.back`): `{progress, phase: "tracking" | "holding"}` or
    /// `{progress, phase: "returning", start, durationMs}`.
    static func backGesture(_ b: BackGesture) -> JSONValue {
        var o: JSONObject = ["progress": .number(b.progress)]
        switch b.phase {
        case .tracking: o["phase"] = "tracking"
        case .holding: o["phase"] = "holding"
        case .returning(let start, let duration):
            o["phase"] = "returning"
            o["start"] = .number(start)
            o["durationMs"] = .number(duration)
        }
        return .object(o)
    }

    /// A motion: its additive segments, `[{start, duration, from, to, curve | spring + velocity}]`.
    static func motion(_ m: Motion) -> JSONValue {
        .array(m.segments.map { seg in
            var o: JSONObject = ["start": .number(seg.start), "duration": .number(seg.duration),
                                 "from": .number(seg.from), "to": .number(seg.to)]
            switch seg.curve {
            case .bezier(let c):
                o["curve"] = SetupWireEncoding.curve(c)
            case .spring(let s, let v):
                o["spring"] = SetupWireEncoding.spring(s)
                o["velocity"] = .number(v)
            }
            return .object(o)
        })
    }

    static func navigation(_ nav: NavigationStack) -> JSONValue {
        var o: JSONObject = ["entries": .array(nav.entries.map(SetupWireEncoding.entry))]
        if let t = nav.transition {
            o["transition"] = [
                "operation": .string(t.operation.rawValue), "from": SetupWireEncoding.entry(t.from),
                "to": SetupWireEncoding.entry(t.to), "removed": .array(t.removed.map(SetupWireEncoding.entry)),
                "fromHeight": .number(t.fromHeight), "toHeight": .number(t.toHeight),
                "start": .number(t.start), "duration": .number(t.duration), "curve": SetupWireEncoding.curve(t.curve),
                "startProgress": .number(t.startProgress), "endProgress": .number(t.endProgress),
                "interactive": .bool(t.interactive), "committed": .bool(t.committed),
            ]
        }
        return .object(o)
    }

    static func scroll(_ s: ScrollTracking) -> JSONValue {
        var o: JSONObject = ["lastTranslationY": .number(s.lastTranslationY), "lastAtTop": .bool(s.lastAtTop),
                             "insetTop": .number(s.insetTop), "pinOffsetY": .number(s.pinOffsetY),
                             "contentFits": .bool(s.contentFits)]
        if let v = s.pendingFlingVelocity { o["flingVelocity"] = .number(v) }
        return .object(o)
    }

    static func drag(_ d: Drag) -> JSONValue {
        var o: JSONObject = ["source": .string(d.source.rawValue), "startExtent": .number(d.startExtent),
                             "startTranslation": .number(d.startTranslation), "extent": .number(d.extent)]
        if let r = d.rawExtent { o["rawExtent"] = .number(r) }
        if let i = d.originIndex { o["originIndex"] = .int(Int64(i)) }
        if let id = d.originDetent { o["originDetent"] = .string(id) }
        if let h = d.originHeight { o["originHeight"] = .number(h) }
        o["goalBefore"] = .string(d.goalBefore.rawValue)
        o["wentBelowSmallest"] = .bool(d.wentBelowSmallest)
        o["velocity"] = ["windowMs": .number(d.estimator.window), "capacity": .int(Int64(d.estimator.capacity)),
                         "samples": .array(d.estimator.samples.map { [.number($0.time), .number($0.value)] })]
        return .object(o)
    }

    // MARK: - Reading

    /// The running state of a `/3` sheet over `setup` and `names`, already validated.
    static func read(_ p: Params, setup: SheetSetup, names: SheetState.PolicyNames) throws(RPCError) -> SheetState {
        try p.rejectUnknownKeys(members)
        var s = SheetState(setup: setup)
        s.policyNames = names
        s.now = try p["now"].number(in: Wire.time)
        s.lifecycle = try enumeration(p["lifecycle"], SheetState.Lifecycle.self, ["hidden", "presenting", "shown"])
        s.goal = try enumeration(p["goal"], SheetState.Goal.self, ["hidden", "detent"])
        let ids = setup.detents.map { $0.id }
        let selected = try detent(p["selectedDetent"], in: ids)
        let held = try p["restHeight"].optionalNumber(in: magnitude)
        let back = p["keyboardReturnDetent"].exists ? try detent(p["keyboardReturnDetent"], in: ids) : nil
        if held != nil && back != nil {
            throw p["keyboardReturnDetent"].fail("a sheet held at restHeight has no detent to return to")
        }
        s.rest = held.map { .height($0, detent: selected) }
            ?? back.map { .keyboardRaised(detent: selected, returnTo: $0) } ?? .detent(selected)
        s.motion = try motion(p["extent"])
        s.keyboardHeight = try p["keyboardHeight"].number(in: Wire.length)
        s.settling = try p["settling"].bool()
        s.pendingDismissCancelled = try p["pendingDismissCancelled"].bool()
        s.scroll = try scroll(p["scroll"])
        if p["drag"].exists { s.drag = try drag(p["drag"], detentCount: ids.count) }
        s.nav = try navigation(p["navigation"])
        if p["pendingDetents"].exists {
            let pd = p["pendingDetents"]
            try pd.requireObject()
            try pd.rejectUnknownKeys(["detents", "selectedDetent"])
            let detents = try Wire.optionalDetents(pd["detents"])
            let id = try pd["selectedDetent"].optionalString()
            s.pendingDetents = PendingDetents(detents: detents, selectedDetent: id)
        }
        if p["lateral"].exists {
            let l = p["lateral"]
            try l.requireObject()
            try l.rejectUnknownKeys(["x", "width"])
            s.lateralMotion = LateralMotion(x: try motion(l["x"]), width: try motion(l["width"]))
        }
        if p["takenFinger"].exists {
            s.takenFinger = try enumeration(p["takenFinger"], Drag.Source.self, ["sheet", "bottomEdge", "leftEdge", "scroll"])
        }
        if p["presentReference"].exists { s.presentReference = try motion(p["presentReference"]) }
        if p["pan"].exists { s.pan = try pan(p["pan"]) }
        if p["back"].exists { s.back = try backGesture(p["back"]) }
        if p["resolverFallbacks"].exists {
            // Resolvers that failed in the snapshotted session: names its detents use.
            let named = Set(((s.pendingDetents?.detents ?? []) + setup.detents).compactMap { spec -> String? in
                if case .resolver(_, let name) = spec { return name } else { return nil }
            })
            for item in try p["resolverFallbacks"].array(maxCount: 64) {
                let name = try item.string()
                guard named.contains(name) else { throw item.fail("no detent names the resolver \"\(name.prefix(64))\"") }
                s.resolverFallbacks.insert(name)
            }
        }
        if p["fade"].exists { s.fade = try motion(p["fade"]) }
        try SnapshotValidation.check(s, p)
        return s
    }

    /// A pan being arbitrated: `{gesture: "pending", origin: {x, y}}` or `{gesture: "declined"}`.
    static func pan(_ p: Params) throws(RPCError) -> PanArbitrationState {
        try p.requireObject()
        guard try p["gesture"].oneOf(["pending", "declined"]) == "pending" else {
            try p.rejectUnknownKeys(["gesture"])
            return .declined
        }
        try p.rejectUnknownKeys(["gesture", "origin"])
        let origin = p["origin"]
        try origin.requireObject()
        try origin.rejectUnknownKeys(["x", "y"])
        return .pending(origin: Vector(x: try origin["x"].number(in: magnitude), y: try origin["y"].number(in: magnitude)))
    }

    static func backGesture(_ p: Params) throws(RPCError) -> BackGesture {
        try p.requireObject()
        let phase = try p["phase"].oneOf(["tracking", "returning", "holding"])
        try p.rejectUnknownKeys(phase == "returning" ? ["progress", "phase", "start", "durationMs"] : ["progress", "phase"])
        var b = BackGesture(progress: try p["progress"].number(in: 0...1))
        switch phase {
        case "returning":
            b.phase = .returning(start: try p["start"].number(in: Wire.time), duration: try p["durationMs"].number(in: Wire.duration))
        case "holding": b.phase = .holding
        default: break
        }
        return b
    }

    /// A string naming one case of `E`.
    static func enumeration<E: RawRepresentable>(_ p: Params, _ type: E.Type, _ names: [String]) throws(RPCError) -> E
    where E.RawValue == String {
        guard let e = E(rawValue: try p.oneOf(names)) else { throw p.fail("expected one of \(ListText.of(names))") }
        return e
    }

    /// A detent id of the setup.
    static func detent(_ p: Params, in ids: [String]) throws(RPCError) -> String {
        let id = try p.string()
        guard ids.contains(id) else { throw p.fail("no detent with id \"\(id.prefix(64))\" (have \(ListText.of(ids)))") }
        return id
    }

    static func motion(_ p: Params) throws(RPCError) -> Motion {
        let items = try p.array(maxCount: maxSegments)
        guard !items.isEmpty else { throw p.fail("expected at least one segment") }
        var segments: [Motion.Segment] = []
        for sp in items {
            try sp.requireObject()
            try sp.rejectUnknownKeys(["start", "duration", "from", "to", "curve", "spring", "velocity"])
            let curve: Motion.Segment.Curve
            if sp["spring"].exists {
                curve = .spring(try Wire.spring(sp["spring"]), velocity: try sp["velocity"].number(in: magnitude))
            } else {
                curve = .bezier(try Wire.curve(sp["curve"]))
            }
            segments.append(Motion.Segment(start: try sp["start"].number(in: Wire.time),
                                           duration: try sp["duration"].number(in: 0...1e15),
                                           from: try sp["from"].number(in: magnitude), to: try sp["to"].number(in: magnitude),
                                           curve: curve))
        }
        return Motion(segments: segments)
    }

    static func scroll(_ p: Params) throws(RPCError) -> ScrollTracking {
        try p.requireObject()
        try p.rejectUnknownKeys(["lastTranslationY", "lastAtTop", "insetTop", "pinOffsetY", "contentFits", "flingVelocity"])
        var s = ScrollTracking()
        s.lastTranslationY = try p["lastTranslationY"].number(in: magnitude)
        s.lastAtTop = try p["lastAtTop"].bool()
        s.insetTop = try p["insetTop"].number(in: magnitude)
        s.pinOffsetY = try p["pinOffsetY"].number(in: magnitude)
        s.contentFits = try p["contentFits"].bool()
        s.pendingFlingVelocity = try p["flingVelocity"].optionalNumber(in: magnitude)
        return s
    }

    static func drag(_ p: Params, detentCount: Int) throws(RPCError) -> Drag {
        try p.requireObject()
        try p.rejectUnknownKeys(["source", "startExtent", "startTranslation", "extent", "rawExtent", "originIndex",
                                 "originDetent", "originHeight", "goalBefore", "wentBelowSmallest", "velocity"])
        var d = Drag(source: try enumeration(p["source"], Drag.Source.self, ["sheet", "bottomEdge", "leftEdge", "scroll"]),
                     startExtent: try p["startExtent"].number(in: magnitude),
                     startTranslation: try p["startTranslation"].number(in: magnitude),
                     extent: try p["extent"].number(in: magnitude),
                     originIndex: try originIndex(p["originIndex"], count: detentCount),
                     goalBefore: try enumeration(p["goalBefore"], SheetState.Goal.self, ["hidden", "detent"]))
        d.rawExtent = try p["rawExtent"].optionalNumber(in: magnitude)
        d.originDetent = try p["originDetent"].optionalString()
        d.originHeight = try p["originHeight"].optionalNumber(in: magnitude)
        d.wentBelowSmallest = try p["wentBelowSmallest"].bool()
        let v = p["velocity"]
        try v.requireObject()
        try v.rejectUnknownKeys(["windowMs", "capacity", "samples"])
        let window = try v["windowMs"].number(in: 1...10_000)
        let capacity = try whole(v["capacity"], in: 2...1024)
        var samples: [VelocityEstimator.Sample] = []
        for sample in try v["samples"].array(maxCount: capacity) {
            let pair = try sample.array(maxCount: 2)
            guard pair.count == 2 else { throw sample.fail("expected [time, position]") }
            let time = try pair[0].number(in: Wire.time)
            if let last = samples.last, time <= last.time {
                throw pair[0].fail("expected samples in ascending time, got \(time) after \(last.time)")
            }
            samples.append(.init(time: time, value: try pair[1].number(in: magnitude)))
        }
        d.estimator = VelocityEstimator(window: window, capacity: capacity, replaying: samples)
        return d
    }

    /// A drag's origin detent index, if any, in `0..<count`.
    static func originIndex(_ p: Params, count: Int) throws(RPCError) -> Int? {
        guard p.exists else { return nil }
        let n = try p.number(in: -1e15...1e15)
        guard n == n.rounded(), n >= 0, n < Double(count) else {
            throw p.fail("expected a detent index in 0..<\(count), got \(n)")
        }
        return Int(n)
    }

    /// A whole number in `range`.
    static func whole(_ p: Params, in range: ClosedRange<Double>) throws(RPCError) -> Int {
        let n = try p.number(in: range)
        guard n == n.rounded() else { throw p.fail("expected a whole number, got \(n)") }
        return Int(n)
    }

    static func navigation(_ p: Params) throws(RPCError) -> NavigationStack {
        try p.requireObject()
        try p.rejectUnknownKeys(["entries", "transition"])
        var nav = NavigationStack(entries: try Wire.entries(p["entries"]))
        guard p["transition"].exists else { return nav }
        let t = p["transition"]
        try t.requireObject()
        try t.rejectUnknownKeys(["operation", "from", "to", "removed", "fromHeight", "toHeight", "start", "duration",
                                 "curve", "startProgress", "endProgress", "interactive", "committed"])
        nav.transition = NavTransition(
            operation: try enumeration(t["operation"], NavigationOperation.self, ["push", "pop"]),
            from: try Wire.entry(t["from"]), to: try Wire.entry(t["to"]), removed: try Wire.entries(t["removed"]),
            fromHeight: try t["fromHeight"].number(in: Wire.length), toHeight: try t["toHeight"].number(in: Wire.length),
            start: try t["start"].number(in: Wire.time), duration: try t["duration"].number(in: Wire.duration),
            curve: try Wire.curve(t["curve"]),
            startProgress: try t["startProgress"].number(in: progress), endProgress: try t["endProgress"].number(in: progress),
            interactive: try t["interactive"].bool(), committed: try t["committed"].bool())
        return nav
    }
}
