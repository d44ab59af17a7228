import SheetCore
import SheetRPC

/// SheetCore values → wire JSON (`sheet.frame`, `sheet.event`).
enum WireEncoding {
    static func frame(_ f: SheetFrame, session: String, seq: Int, t: Double) -> JSONValue {
        let items: [JSONValue] = f.nav.items.map {
            ["id": .string($0.id), "x": .number($0.x), "width": .number($0.width),
             "height": .number($0.height), "alpha": .number($0.alpha)]
        }
        var sheet: JSONObject = ["x": .number(f.sheet.x), "y": .number(f.sheet.y), "width": .number(f.sheet.width),
                                 "height": .number(f.sheet.height), "cornerRadius": .number(f.cornerRadius)]
        if let c = f.corners { sheet["corners"] = .string(c.rawValue) }  // issue 13
        var o: JSONObject = [
            "session": .string(session), "seq": .int(Int64(seq)), "t": .number(t),
            "state": .string(f.state.rawValue),
            "sheet": .object(sheet),
            "dimming": ["alpha": .number(f.dimming.alpha), "passthrough": .bool(f.dimming.passthrough)],
            "grabber": ["visible": .bool(f.grabber.visible), "y": .number(f.grabber.y)],
            "detent": .string(f.detent),
            "progress": .number(f.progress),
            "scroll": ["pinOffsetY": optional(f.scroll.pinOffsetY), "flingVelocityY": optional(f.scroll.flingVelocityY)],
            "nav": ["items": .array(items), "separatorX": optional(f.nav.separatorX)],
            // MARK: issue 11 frame members (continuous position, keyboard)
            "position": ["index": .number(f.position.index), "fraction": .number(f.position.fraction)],
            "keyboard": ["height": .number(f.keyboard.height), "overlap": .number(f.keyboard.overlap)],
            // MARK: end issue 11 frame members
        ]
        // MARK: issue 13 frame members (layouts, footer, stacks), only when they apply
        if let v = f.footer { o["footer"] = ["y": .number(v.y)] }
        if let v = f.background {
            o["background"] = ["scale": .number(v.scale), "translateY": .number(v.translateY),
                               "cornerRadius": .number(v.cornerRadius)]
        }
        if let v = f.transform { o["transform"] = ["scale": .number(v.scale), "translateY": .number(v.translateY)] }
        return .object(o)
    }

    static func event(_ e: SheetEvent, session: String) -> JSONValue {
        var o: JSONObject = ["session": .string(session), "t": .number(e.t), "type": .string(e.kind.type)]
        switch e.kind {
        case .detentChanged(let d): o["detent"] = .string(d)
        case .navigationDidShow(let id), .popped(let id): o["id"] = .string(id)
        case .dismissAttempted(let cause): o["cause"] = .string(cause.rawValue)
        default: break
        }
        return .object(o)
    }

    static func optional(_ d: Double?) -> JSONValue { d.map { .number($0) } ?? .null }
}
