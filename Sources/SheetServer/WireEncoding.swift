import SheetCore
import SheetRPC

/// SheetCore values → wire JSON (`sheet.frame`, `sheet.event`).
enum WireEncoding {
    /// Room `sheet.frame`'s params may take: every member (key, number, punctuation) plus
    /// the strings, escaped at worst.
    /// (The session's id, `"s<handle>"`, takes a member's room.)
    static func frameBound(_ f: borrowing FrameValues, detent: borrowing String, navIDs: [String]?) -> Int {
        var bound = 57 * JSONWriter.memberBound + JSONWriter.bound(detent)
        if let navIDs {
            for id in navIDs { bound += 8 * JSONWriter.memberBound + JSONWriter.bound(id) }
        }
        return bound
    }

    /// `sheet.frame`'s params, written in place: the same bytes `JSONCodec` writes for them
    /// as a `JSONValue`.
    /// The names are the sheet's (`Sheet.withDetentID`, and `Sheet.navIDs` when `f` has
    /// navigation entries, else nil), lent rather than the sheet: a sheet its session holds
    /// would be copied for the call (584 bytes a frame). The session is given by its handle:
    /// its wire id is `"s<handle>"` (`SheetService.Session.id`), written as a run and a number
    /// rather than as a string to check and escape.
    /// `t` comes formatted: a tick writes the same one into every frame it sends.
    static func frame(_ f: borrowing FrameValues, detent: borrowing String, navIDs: [String]?, session handle: Int,
                      seq: Int, t: borrowing FormattedNumber, into w: inout JSONWriter) {
        w.beginObject()
        frameMembers(f, detent: detent, navIDs: navIDs, session: handle, seq: seq, t: t, into: &w)
        w.endObject()
    }

    /// `sheet.frame`'s params members, in wire order (add new members here), written as runs
    /// of fixed text between the values (`JSONWriter.run`): a frame is written on every tick
    /// of every moving sheet, and this is most of what writing it costs.
    private static func frameMembers(_ f: borrowing FrameValues, detent: borrowing String, navIDs: [String]?,
                                     session handle: Int, seq: Int, t: borrowing FormattedNumber,
                                     into w: inout JSONWriter) {
        w.run(#""session":"s"#, handle)
        w.run(#"","seq":"#, seq)
        w.run(#","t":"#, t)
        w.run(stateRun(f.state))
        w.value(f.sheet.x)
        w.run(#","y":"#, f.sheet.y)
        w.run(#","width":"#, f.sheet.width)
        w.run(#","height":"#, f.sheet.height)
        w.run(#","cornerRadius":"#, f.cornerRadius)
        if let c = f.corners {
            w.run(#","corners":"#, c.rawValue)
        }
        w.run(#"},"dimming":{"alpha":"#, f.dimming.alpha)
        w.run(f.dimming.passthrough ? #","passthrough":true}"# : #","passthrough":false}"#)
        if let o = f.opacity {  // reduced motion only
            w.run(#","opacity":"#, o)
        }
        w.run(f.grabber.visible ? #","grabber":{"visible":true,"y":"# : #","grabber":{"visible":false,"y":"#)
        w.value(f.grabber.y)
        w.run(#"},"detent":"#, detent)
        w.run(#","progress":"#, f.progress)
        w.run(#","scroll":{"pinOffsetY":"#, f.scroll.pinOffsetY)
        w.run(#","flingVelocityY":"#, f.scroll.flingVelocityY)
        w.run(#"},"nav":{"items":["#)
        if f.nav.count > 0, let navIDs {
            for i in 0..<Int(f.nav.count) {
                let item = f.nav[i]
                w.run(i == 0 ? #"{"id":"# : #",{"id":"#)
                w.value(navIDs[i])
                w.run(#","x":"#, item.x)
                w.run(#","width":"#, item.width)
                w.run(#","height":"#, item.height)
                w.run(#","alpha":"#, item.alpha)
                w.run("}")
            }
        }
        w.run(#"],"separatorX":"#, f.nav.separatorX)
        // Continuous position and keyboard.
        w.run(#"},"position":{"index":"#, f.position.index)
        w.run(#","fraction":"#, f.position.fraction)
        w.run(#"},"keyboard":{"height":"#, f.keyboard.height)
        w.run(#","overlap":"#, f.keyboard.overlap)
        // What assistive technologies may do now.
        w.run(#"},"accessibility":{"actions":"#)
        w.run(accessibilityActions[Int(f.accessibility.actions.rawValue & 7)])
        w.run("}")
        // Layouts, footer and stacks, only when they apply.
        if let v = f.footer {
            w.run(#","footer":{"y":"#, v.y)
            w.run("}")
        }
        if let v = f.background {
            w.run(#","background":{"scale":"#, v.scale)
            w.run(#","translateY":"#, v.translateY)
            w.run(#","cornerRadius":"#, v.cornerRadius)
            w.run("}")
        }
        if let v = f.transform {
            w.run(#","transform":{"scale":"#, v.scale)
            w.run(#","translateY":"#, v.translateY)
            w.run("}")
        }
        if let v = f.back {
            w.run(#","back":{"scaleX":"#, v.scaleX)
            w.run(#","scaleY":"#, v.scaleY)
            w.run("}")
        }
    }

    /// The run from `state` to the sheet's first member, for each state: `state` is one of six
    /// names, written as one copy with what follows it (the wire names are `SheetPhase`'s raw
    /// values; every state's frames are in the conformance goldens, which hold each run to them).
    static func stateRun(_ state: SheetPhase) -> StaticString {
        switch state {
        case .dismissed: #","state":"dismissed","sheet":{"x":"#
        case .presenting: #","state":"presenting","sheet":{"x":"#
        case .presented: #","state":"presented","sheet":{"x":"#
        case .dragging: #","state":"dragging","sheet":{"x":"#
        case .settling: #","state":"settling","sheet":{"x":"#
        case .dismissing: #","state":"dismissing","sheet":{"x":"#
        }
    }

    /// `accessibility.actions` for each set of actions (by `rawValue`), encoded once.
    static let accessibilityActions: [[UInt8]] = (0..<8).map { raw in
        var text: [UInt8] = []
        JSONCodec.encode(.array(AccessibilityActions(rawValue: UInt8(raw)).names.map { .string($0) }), into: &text)
        return text
    }

    /// Room `sheet.event`'s params may take (see `frameBound`).
    static func eventBound(_ e: SheetEvent, session: String) -> Int {
        var bound = 24 * JSONWriter.memberBound + JSONWriter.bound(session)
        switch e.kind {
        case .detentChanged(let id), .navigationDidShow(let id), .popped(let id): bound += JSONWriter.bound(id)
        case .willSettle(let intent): bound += JSONWriter.bound(intent.detent ?? "")
        default: break
        }
        return bound
    }

    /// `sheet.event`'s params, written in place as runs of fixed text between the values (see
    /// `frameMembers`): every present and dismiss writes a `willSettle`, and its arrival a
    /// `presented` or `dismissed`. The same bytes as member by member (`key`, `string`, ...):
    /// `WireEncodingTests` holds them to a `JSONValue` of the event.
    static func event(_ e: SheetEvent, session: String, into w: inout JSONWriter) {
        w.beginObject()
        w.run(#""session":"#, session)
        w.run(#","t":"#, e.t)
        switch e.kind {
        case .willSettle(let intent):
            w.run(#","type":"willSettle","#)
            settleIntent(intent, into: &w)
            w.run(triggerRun(intent.trigger))
        case .detentChanged(let d):
            w.run(#","type":"detentChanged","detent":"#, d)
        case .navigationDidShow(let id):
            w.run(#","type":"navigationDidShow","id":"#, id)
        case .popped(let id):
            w.run(#","type":"popped","id":"#, id)
        case .dismissAttempted(let cause):
            w.run(#","type":"dismissAttempted","cause":"#, cause.rawValue)
        case .panDeclined(let reason):
            w.run(#","type":"panDeclined","reason":"#, reason.rawValue)
        default:
            w.run(#","type":"#, e.kind.type)
        }
        w.endObject()
    }

    /// `willSettle`'s `trigger` member, for each trigger (the wire names are `SettleTrigger`'s
    /// raw values; `EventEncodingTests` holds each run to them).
    static func triggerRun(_ trigger: SettleTrigger) -> StaticString {
        switch trigger {
        case .release: #","trigger":"release""#
        case .present: #","trigger":"present""#
        case .dismiss: #","trigger":"dismiss""#
        case .command: #","trigger":"command""#
        case .layout: #","trigger":"layout""#
        case .navigation: #","trigger":"navigation""#
        }
    }

    /// `"detent":…,"dismisses":…,"rest":{…},"durationMs":…` (no comma before or after):
    /// `willSettle`'s members and, in an object of their own, `sheet.previewRelease`'s answer.
    static func settleIntent(_ intent: SettleIntent, into w: inout JSONWriter) {
        if let d = intent.detent { w.run(#""detent":"#, d) } else { w.run(#""detent":null"#) }
        w.run(intent.dismisses ? #","dismisses":true,"rest":{"x":"# : #","dismisses":false,"rest":{"x":"#)
        w.value(intent.rest.x)
        w.run(#","y":"#, intent.rest.y)
        w.run(#","width":"#, intent.rest.width)
        w.run(#","height":"#, intent.rest.height)
        w.run(#","cornerRadius":"#, intent.cornerRadius)
        if let c = intent.corners { w.run(#","corners":"#, c.rawValue) }
        w.run(#"},"durationMs":"#, intent.durationMs)
    }

    /// Room `settleIntent(_:into:)` may take inside an object of its own.
    static func settleIntentBound(_ intent: SettleIntent) -> Int {
        12 * JSONWriter.memberBound + JSONWriter.bound(intent.detent ?? "")
    }

    /// An answer written by `write` (the writer of the notification that carries the same
    /// members: `session.frame` answers a frame, `sheet.previewRelease` a `willSettle`), as a
    /// `JSONValue`: one declaration of the members, the same bytes.
    static func answer(bound: Int, _ method: String, _ write: (inout JSONWriter) -> Void) throws(RPCError) -> JSONValue {
        let buffer = MessageBuffer()
        _ = buffer.write(bound: bound, write)
        do {
            return try JSONCodec.decode(Array(buffer.bytes)[...])
        } catch {
            throw RPCError.internalError("\(method): \(error)")
        }
    }

    static func optional(_ d: Double?) -> JSONValue { d.map { .number($0) } ?? .null }
}
