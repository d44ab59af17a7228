import SheetCore
import SheetRPC

/// A session's setup and policies → the JSON `session.create` takes, so a snapshot carries
/// them in that very shape and `session.restore` reads them back through `Wire.setup` and
/// `makePolicies`: one validation for both. `Wire.setup(SetupWireEncoding.setup(s)) == s`.
enum SetupWireEncoding {
    /// `{container, content?, detents, selectedDetent?, options, navigation?}`.
    static func setup(_ s: SheetSetup) -> JSONValue {
        var o: JSONObject = ["container": container(s.container),
                             "detents": .array(s.detents.map(detent)),
                             "options": options(s.options)]
        if let h = s.contentHeight { o["content"] = ["preferredHeight": .number(h)] }
        if let d = s.selectedDetent { o["selectedDetent"] = .string(d) }
        if !s.navigation.isEmpty { o["navigation"] = ["entries": .array(s.navigation.map(entry))] }
        return .object(o)
    }

    /// `{dismissal, scrollHandoff, navigation, config?}` with each config as the host sent it.
    static func policies(_ n: SheetState.PolicyNames) -> JSONValue {
        var o: JSONObject = ["dismissal": .string(n.dismissal), "scrollHandoff": .string(n.scrollHandoff),
                             "navigation": .string(n.navigation)]
        if !n.config.isEmpty {
            var config = JSONObject()
            for (name, c) in n.config.sorted(by: { $0.key < $1.key }) {
                config[name] = (try? JSONCodec.decode(Array(c.jsonText.utf8)[...])) ?? .object(JSONObject())
            }
            o["config"] = .object(config)
        }
        return .object(o)
    }

    static func container(_ c: Container) -> JSONValue {
        var o: JSONObject = ["width": .number(c.width), "height": .number(c.height),
                             "safeArea": ["top": .number(c.safeArea.top), "bottom": .number(c.safeArea.bottom),
                                          "left": .number(c.safeArea.left), "right": .number(c.safeArea.right)]]
        if let s = c.sizeClassSetting { o["sizeClass"] = .string(s.rawValue) }
        return .object(o)
    }

    static func detent(_ d: DetentSpec) -> JSONValue {
        switch d {
        case .fit, .medium, .large: return .string(d.id)
        case .height(let id, let points): return ["id": .string(id), "height": .number(points)]
        case .fraction(let id, let value): return ["id": .string(id), "fraction": .number(value)]
        case .fromTop(let id, let points): return ["id": .string(id), "fromTop": .number(points)]
        case .resolver(let id, let name): return ["id": .string(id), "resolver": .string(name)]
        }
    }

    static func entry(_ e: NavEntry) -> JSONValue {
        ["id": .string(e.id), "preferredHeight": .number(e.preferredHeight),
         "navigationBar": .bool(e.navigationBar), "hidesBackButton": .bool(e.hidesBackButton)]
    }

    static func curve(_ c: CubicBezier) -> JSONValue {
        [.number(c.x1), .number(c.y1), .number(c.x2), .number(c.y2)]
    }

    static func spring(_ s: Spring) -> JSONValue {
        ["dampingRatio": .number(s.dampingRatio), "response": .number(s.response)]
    }

    static func timing(_ t: AnimationTiming) -> JSONValue {
        switch t {
        case .bezier(let b): return ["durationMs": .number(b.duration), "curve": curve(b.curve)]
        case .spring(let s): return ["spring": spring(s)]
        }
    }

    static func options(_ o: SheetOptions) -> JSONValue {
        var j: JSONObject = [
            "cornerRadius": .number(o.cornerRadius), "grabber": .bool(o.grabber), "dimAlpha": .number(o.dimAlpha),
            "dismissible": .bool(o.dismissible), "scrollExpandsAtEdge": .bool(o.scrollExpandsAtEdge),
            "pullBarHeight": .number(o.pullBarHeight), "displayScale": .number(o.displayScale),
            "largeTopGap": .number(o.largeTopGap), "navigationBarHeight": .number(o.navigationBarHeight),
            "presentTiming": timing(o.presentTiming), "settleSpring": spring(o.settleSpring),
            "contentTiming": timing(o.contentTiming)]
        if let u = o.largestUndimmedDetent { j["largestUndimmedDetent"] = .string(u) }
        // Control options: only those the host set, so `nil` (automatic) survives.
        if let v = o.tapDimmingSetting { j["tapDimming"] = .string(v.rawValue) }
        if let v = o.keyboardSetting { j["keyboard"] = .string(v.rawValue) }
        if let v = o.keyboardRestoreSetting { j["keyboardRestore"] = .bool(v) }
        if let v = o.dragRegionSetting { j["dragRegion"] = .string(v.rawValue) }
        // Layout options: only those the host set.
        if let v = o.footerHeight { j["footerHeight"] = .number(v) }
        if let v = o.preferredWidthSetting { j["preferredWidth"] = .number(v) }
        if let v = o.maxWidth { j["maxWidth"] = .number(v) }
        if let v = o.edgeAttachedInCompactHeightSetting { j["edgeAttachedInCompactHeight"] = .bool(v) }
        if let d = o.detached { j["detached"] = ["horizontal": .number(d.horizontal), "bottom": .number(d.bottom)] }
        if let v = o.recedeBackgroundSetting { j["recedeBackground"] = .bool(v) }
        if let v = o.edgeSetting { j["edge"] = .string(v.rawValue) }
        // Gesture options: only those the host set.
        if let g = o.gestureSetting {
            j["gesture"] = ["slop": .number(g.slop), "directionLock": .bool(g.directionLock),
                            "failOffsetX": g.failOffsetX.map { .number($0) } ?? .null]
        }
        if o.reduceMotion { j["reduceMotion"] = true }  // absent in a snapshot: off
        if let r = o.rubberBandSetting {
            j["rubberBand"] = ["beyondLargest": .bool(r.beyondLargest), "belowSmallest": .bool(r.belowSmallest),
                               "coefficient": .number(r.coefficient)]
        }
        return .object(j)
    }
}
