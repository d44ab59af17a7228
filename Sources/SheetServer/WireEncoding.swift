import SheetCore
import SheetRPC

/// SheetCore values → wire JSON (`sheet.frame`, `sheet.event`).
enum WireEncoding {
    /// Room `sheet.frame`'s params may take: every member (key, number, punctuation) plus
    /// the strings, escaped at worst.
    static func frameBound(_ f: SheetFrame, session: String) -> Int {
        var bound = 56 * JSONWriter.memberBound + JSONWriter.bound(session) + JSONWriter.bound(f.detent)
        for item in f.nav.items { bound += 8 * JSONWriter.memberBound + JSONWriter.bound(item.id) }
        return bound
    }

    /// `sheet.frame`'s params, written in place: the same bytes `JSONCodec` writes for them
    /// as a `JSONValue`.
    static func frame(_ f: SheetFrame, session: String, seq: Int, t: Double, into w: inout JSONWriter) {
        w.beginObject()
        frameMembers(f, session: session, seq: seq, t: t, into: &w)
        w.endObject()
    }

    /// `sheet.frame`'s params members, in wire order (add new members here).
    private static func frameMembers(_ f: SheetFrame, session: String, seq: Int, t: Double, into w: inout JSONWriter) {
        w.string("session", session)
        w.int("seq", seq)
        w.number("t", t)
        w.string("state", f.state.rawValue)
        w.beginObject("sheet")
        w.number("x", f.sheet.x)
        w.number("y", f.sheet.y)
        w.number("width", f.sheet.width)
        w.number("height", f.sheet.height)
        w.number("cornerRadius", f.cornerRadius)
        if let c = f.corners { w.string("corners", c.rawValue) }
        w.endObject()
        w.beginObject("dimming")
        w.number("alpha", f.dimming.alpha)
        w.bool("passthrough", f.dimming.passthrough)
        w.endObject()
        if let o = f.opacity { w.number("opacity", o) }  // reduced motion only
        w.beginObject("grabber")
        w.bool("visible", f.grabber.visible)
        w.number("y", f.grabber.y)
        w.endObject()
        w.string("detent", f.detent)
        w.number("progress", f.progress)
        w.beginObject("scroll")
        w.number("pinOffsetY", f.scroll.pinOffsetY)
        w.number("flingVelocityY", f.scroll.flingVelocityY)
        w.endObject()
        w.beginObject("nav")
        w.beginArray("items")
        for item in f.nav.items {
            w.beginObject()
            w.string("id", item.id)
            w.number("x", item.x)
            w.number("width", item.width)
            w.number("height", item.height)
            w.number("alpha", item.alpha)
            w.endObject()
        }
        w.endArray()
        w.number("separatorX", f.nav.separatorX)
        w.endObject()
        // Continuous position and keyboard.
        w.beginObject("position")
        w.number("index", f.position.index)
        w.number("fraction", f.position.fraction)
        w.endObject()
        w.beginObject("keyboard")
        w.number("height", f.keyboard.height)
        w.number("overlap", f.keyboard.overlap)
        w.endObject()
        // What assistive technologies may do now.
        w.beginObject("accessibility")
        w.key("actions")
        w.json(accessibilityActions[Int(f.accessibility.actions.rawValue & 7)])
        w.endObject()
        // Layouts, footer and stacks, only when they apply.
        if let v = f.footer {
            w.beginObject("footer")
            w.number("y", v.y)
            w.endObject()
        }
        if let v = f.background {
            w.beginObject("background")
            w.number("scale", v.scale)
            w.number("translateY", v.translateY)
            w.number("cornerRadius", v.cornerRadius)
            w.endObject()
        }
        if let v = f.transform {
            w.beginObject("transform")
            w.number("scale", v.scale)
            w.number("translateY", v.translateY)
            w.endObject()
        }
        if let v = f.back {
            w.beginObject("back")
            w.number("scaleX", v.scaleX)
            w.number("scaleY", v.scaleY)
            w.endObject()
        }
    }

    /// `accessibility.actions` for each set of actions (by `rawValue`), encoded once.
    static let accessibilityActions: [[UInt8]] = (0..<8).map { raw in
        var text: [UInt8] = []
        JSONCodec.encode(.array(AccessibilityActions(rawValue: UInt8(raw)).names.map { .string($0) }), into: &text)
        return text
    }

    static func event(_ e: SheetEvent, session: String) -> JSONValue {
        var o: JSONObject = ["session": .string(session), "t": .number(e.t), "type": .string(e.kind.type)]
        switch e.kind {
        case .detentChanged(let d): o["detent"] = .string(d)
        case .navigationDidShow(let id), .popped(let id): o["id"] = .string(id)
        case .dismissAttempted(let cause): o["cause"] = .string(cause.rawValue)
        case .panDeclined(let reason): o["reason"] = .string(reason.rawValue)
        case .willSettle(let intent):
            for m in settleIntent(intent).ordered { o[m.key] = m.value }
            o["trigger"] = .string(intent.trigger.rawValue)
        default: break
        }
        return .object(o)
    }

    /// `{detent, dismisses, rest, durationMs}`: `willSettle`'s members and
    /// `sheet.previewRelease`'s answer.
    static func settleIntent(_ intent: SettleIntent) -> JSONObject {
        let r = intent.rest
        var rest: JSONObject = ["x": .number(r.x), "y": .number(r.y), "width": .number(r.width), "height": .number(r.height),
                                "cornerRadius": .number(intent.cornerRadius)]
        if let c = intent.corners { rest["corners"] = .string(c.rawValue) }
        return ["detent": intent.detent.map { .string($0) } ?? .null, "dismisses": .bool(intent.dismisses),
                "rest": .object(rest), "durationMs": .int(Int64(intent.durationMs))]
    }

    static func optional(_ d: Double?) -> JSONValue { d.map { .number($0) } ?? .null }
}
