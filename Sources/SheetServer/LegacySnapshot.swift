import SheetCore
import SheetRPC

/// Reads the snapshot formats before `sheetd.snapshot/3` by rewriting a sheet into `/3`'s
/// shape, which `SheetSnapshot.read` then reads and validates like any other:
///
/// - `sheetd.snapshot/2`: the engine's synthesized Codable shape (`selected`,
///   `snapHeight`, `keyboardSavedDetent`, `motion.segments` with `{"bezier": {"_0": ...}}`
///   curves, `nav`, `lateralMotion`, the velocity `estimator`), with `setup` and `policies`
///   already in `session.create`'s shape.
/// - `sheetd.snapshot/1` (0.1.0): `/2` with the setup and the policy names in the Codable
///   shape too.
///
/// Shapes are checked where they are rewritten (a `-32602` at the old member's path); the
/// values themselves are checked once, by the `/3` reader, at the `/3` member's path.
enum LegacySnapshot {
    static let format2 = "sheetd.snapshot/2"
    static let format1 = "sheetd.snapshot/1"

    /// A `/1` or `/2` sheet in `/3`'s shape.
    static func upgrade(_ p: Params, format: String) throws(RPCError) -> Params {
        guard case .object(let old) = p.value else { throw p.fail("expected an object") }
        var o = JSONObject()
        if format == format1 {
            o["setup"] = try setup1(p["setup"])
            o["policies"] = try policies1(p["policyNames"])
        } else {
            o["setup"] = old["setup"]
            o["policies"] = old["policies"]
        }
        for member in ["now", "lifecycle", "goal", "keyboardHeight", "settling", "pendingDismissCancelled", "takenFinger"] {
            o[member] = old[member]
        }
        o["selectedDetent"] = old["selected"]
        o["restHeight"] = old["snapHeight"]
        o["keyboardReturnDetent"] = old["keyboardSavedDetent"]
        // A held height and a detent to return to could both be pending before /3; the
        // keyboard's was the later (a snapTo while the keyboard held the sheet up).
        if p["snapHeight"].exists && p["keyboardSavedDetent"].exists { o["restHeight"] = nil }
        o["extent"] = try motion(p["motion"])
        o["navigation"] = try navigation(p["nav"])
        if case .object(var scroll)? = old["scroll"] {
            scroll["flingVelocity"] = scroll["pendingFlingVelocity"]
            scroll["pendingFlingVelocity"] = nil
            o["scroll"] = .object(scroll)
        } else {
            o["scroll"] = old["scroll"]
        }
        if p["drag"].exists { o["drag"] = try drag(p["drag"]) }
        if p["pendingDetents"].exists {
            let pd = p["pendingDetents"]
            try pd.requireObject()
            var pending = JSONObject()
            if pd["detents"].exists {
                pending["detents"] = .array(try pd["detents"].array(maxCount: Wire.maxDetents).map(detent1))
            }
            pending["selectedDetent"] = pd["selectedDetent"].exists ? pd["selectedDetent"].value : nil
            o["pendingDetents"] = .object(pending)
        }
        if p["lateralMotion"].exists {
            let l = p["lateralMotion"]
            try l.requireObject()
            o["lateral"] = ["x": try motion(l["x"]), "width": try motion(l["width"])]
        }
        return Params(.object(present(o)), path: p.path)
    }

    /// `{segments: [{start, duration, from, to, curve: {bezier: {_0: {x1, y1, x2, y2}}}
    /// | {spring: {_0: spring, velocity}}}]}` → `[{start, duration, from, to, curve | spring + velocity}]`.
    static func motion(_ p: Params) throws(RPCError) -> JSONValue {
        try p.requireObject()
        var out: [JSONValue] = []
        for sp in try p["segments"].array(maxCount: SheetSnapshot.maxSegments) {
            guard case .object(var seg) = sp.value else { throw sp.fail("expected an object") }
            let curve = sp["curve"]
            try curve.requireObject()
            if curve["spring"].exists {
                seg["spring"] = curve["spring"]["_0"].value
                seg["velocity"] = curve["spring"]["velocity"].value
                seg["curve"] = nil
            } else {
                seg["curve"] = try bezier(curve["bezier"]["_0"])
            }
            out.append(.object(present(seg)))
        }
        return .array(out)
    }

    /// A Codable `CubicBezier` `{x1, y1, x2, y2}` → `[x1, y1, x2, y2]`.
    static func bezier(_ p: Params) throws(RPCError) -> JSONValue {
        try p.requireObject()
        return .array(try ["x1", "y1", "x2", "y2"].map { (k: String) throws(RPCError) -> JSONValue in .number(try p[k].number()) })
    }

    static func navigation(_ p: Params) throws(RPCError) -> JSONValue {
        guard case .object(var nav) = p.value else {
            #if hasFeature(Embedded)
            // Embedded Swift cannot print an enum by reflection: the WebAssembly build names the type.
            throw p.fail("expected an object, got \(p.value.typeName)")
            #else
            throw p.fail("expected an object, got \(p.value)")
            #endif
        }
        if p["transition"].exists {
            guard case .object(var t) = p["transition"].value else { throw p["transition"].fail("expected an object") }
            t["curve"] = try bezier(p["transition"]["curve"])
            nav["transition"] = .object(t)
        }
        return .object(nav)
    }

    static func drag(_ p: Params) throws(RPCError) -> JSONValue {
        guard case .object(var d) = p.value else { throw p.fail("expected an object") }
        let e = p["estimator"]
        try e.requireObject()
        var samples: [JSONValue] = []
        for s in try e["samples"].array(maxCount: 1024) {
            try s.requireObject()
            samples.append([.number(try s["time"].number(in: -1e300...1e300)), .number(try s["value"].number(in: -1e300...1e300))])
        }
        d["velocity"] = ["windowMs": e["window"].value, "capacity": e["capacity"].value, "samples": .array(samples)]
        d["estimator"] = nil
        return .object(d)
    }

    // MARK: - sheetd.snapshot/1: Codable setup and policy names

    /// A Codable `SheetSetup` → `session.create`'s shape.
    static func setup1(_ p: Params) throws(RPCError) -> JSONValue {
        try p.requireObject()
        var o = JSONObject()
        let c = p["container"]
        try c.requireObject()
        var container: JSONObject = ["width": c["width"].value, "height": c["height"].value, "safeArea": c["safeArea"].value]
        if c["sizeClassSetting"].exists { container["sizeClass"] = c["sizeClassSetting"].value }
        o["container"] = .object(container)
        if p["contentHeight"].exists { o["content"] = ["preferredHeight": p["contentHeight"].value] }
        o["detents"] = .array(try p["detents"].array(maxCount: Wire.maxDetents).map(detent1))
        if p["selectedDetent"].exists { o["selectedDetent"] = p["selectedDetent"].value }
        o["options"] = try options1(p["options"])
        if p["navigation"].exists, !(p["navigation"].value.arrayValue ?? []).isEmpty {
            o["navigation"] = ["entries": p["navigation"].value]
        }
        return .object(o)
    }

    /// A Codable `DetentSpec` (`{"medium": {}}`, `{"height": {"id", "points"}}`, ...) → the wire's.
    static func detent1(_ p: Params) throws(RPCError) -> JSONValue {
        guard case .object(let o) = p.value, o.count == 1, let kind = o.ordered.first?.key else {
            throw p.fail("expected a detent")
        }
        let b = p[kind]
        switch kind {
        case "fit", "medium", "large": return .string(kind)
        case "height": return ["id": b["id"].value, "height": b["points"].value]
        case "fraction": return ["id": b["id"].value, "fraction": b["value"].value]
        case "fromTop": return ["id": b["id"].value, "fromTop": b["points"].value]
        default: throw p.fail("expected a detent, got \"\(kind.prefix(32))\"")
        }
    }

    /// Codable `SheetOptions` → the wire's `options`.
    static func options1(_ p: Params) throws(RPCError) -> JSONValue {
        guard case .object(let old) = p.value else { throw p.fail("expected an object") }
        var o = JSONObject()
        for k in ["cornerRadius", "grabber", "dimAlpha", "dismissible", "largestUndimmedDetent", "scrollExpandsAtEdge",
                  "pullBarHeight", "displayScale", "largeTopGap", "navigationBarHeight", "settleSpring",
                  "footerHeight", "maxWidth", "detached"] {
            o[k] = old[k]
        }
        for (stored, wire) in [("tapDimmingSetting", "tapDimming"), ("keyboardSetting", "keyboard"),
                               ("keyboardRestoreSetting", "keyboardRestore"), ("dragRegionSetting", "dragRegion"),
                               ("preferredWidthSetting", "preferredWidth"),
                               ("edgeAttachedInCompactHeightSetting", "edgeAttachedInCompactHeight"),
                               ("recedeBackgroundSetting", "recedeBackground"), ("edgeSetting", "edge")] {
            o[wire] = old[stored]
        }
        for k in ["presentTiming", "contentTiming"] where p[k].exists {
            let t = p[k]
            if t["spring"].exists {
                o[k] = ["spring": t["spring"]["_0"].value]
            } else {
                let b = t["bezier"]["_0"]
                o[k] = ["durationMs": b["duration"].value, "curve": try bezier(b["curve"])]
            }
        }
        return .object(present(o))
    }

    /// Codable `PolicyNames` (`{dismissal, scrollHandoff, navigation, config: {name: {jsonText, values}}}`)
    /// → `session.create`'s `policies`.
    static func policies1(_ p: Params) throws(RPCError) -> JSONValue {
        try p.requireObject()
        var o: JSONObject = ["dismissal": p["dismissal"].value, "scrollHandoff": p["scrollHandoff"].value,
                             "navigation": p["navigation"].value]
        if case .object(let config) = p["config"].value, config.count > 0 {
            var out = JSONObject()
            for name in config.keys {
                let text = try p["config"][name]["jsonText"].string()
                guard let value = try? JSONCodec.decode(Array(text.utf8)[...]) else {
                    throw p["config"][name]["jsonText"].fail("expected JSON text")
                }
                out[name] = value
            }
            o["config"] = .object(out)
        }
        return .object(o)
    }

    /// `o` without its `null` members (what an absent old member left).
    static func present(_ o: JSONObject) -> JSONObject {
        var out = JSONObject()
        for m in o.ordered where m.value != .null { out[m.key] = m.value }
        return out
    }
}
