import SheetCore
import SheetRPC

/// The method table: one entry per wire method after `initialize`.
extension SheetService {
    typealias Handler = @Sendable (SheetService, Params) throws(RPCError) -> JSONValue

    static let handlers: [String: Handler] = [
        "clock.tick": { s, p throws(RPCError) in try s.clockTick(p) },
        "session.create": { s, p throws(RPCError) in try s.createSession(p) },
        "session.destroy": { s, p throws(RPCError) in try s.destroySession(p) },
        "session.list": { s, p throws(RPCError) in
            try p.requireNone()
            return s.listSessions()
        },
        "session.snapshot": { s, p throws(RPCError) in try s.snapshot(p) },
        "session.restore": { s, p throws(RPCError) in try s.restore(p) },
        "sheet.selectDetent": { s, p throws(RPCError) in
            let detent = try p["detent"].string()
            let animated = try p["animated"].optionalBool() ?? true
            return try s.command(p, ["detent", "animated"]) { sheet, t throws(SheetError) in
                try sheet.selectDetent(detent, at: t, animated: animated)
            }
        },
        "sheet.setContentHeight": { s, p throws(RPCError) in
            let height = try p["height"].number(in: Wire.length)
            let entry = try p["entry"].optionalString()
            return try s.command(p, ["height", "entry"]) { sheet, t throws(SheetError) in
                try sheet.setContentHeight(height, entry: entry, at: t)
            }
        },
        "input.pan": { s, p throws(RPCError) in
            let phase = PanPhase(rawValue: try p["phase"].oneOf(["began", "changed", "ended", "cancelled"]))!
            let translation = try Wire.vector(p["translation"])
            let velocity = try Wire.velocityVector(p["velocity"])
            let source = PanSource(rawValue: try p["source"].optionalOneOf(["sheet", "leftEdge", "bottomEdge", "grabber"]) ?? "sheet")!
            return try s.command(p, ["phase", "translation", "velocity", "source"],
                                 mayBeRefused: { $0.panMayBeRefused(phase, source: source) }) { sheet, t throws(SheetError) in
                try sheet.pan(phase, translation: translation, velocity: velocity, source: source, at: t)
            }
        },
        "input.tap": { s, p throws(RPCError) in
            let target = try p["target"].oneOf(["dimming", "grabber"])
            return try s.command(p, ["target"]) { sheet, t throws(SheetError) in
                if target == "grabber" { sheet.tapGrabber(at: t) } else { sheet.tapDimming(at: t) }
            }
        },
        "input.keyboard": { s, p throws(RPCError) in
            let height = try p["height"].number(in: Wire.length)
            let duration = try p["durationMs"].optionalNumber(in: Wire.duration) ?? 250
            let curve = p["curve"].exists ? try Wire.curve(p["curve"]) : .easeInOut
            return try s.command(p, ["height", "durationMs", "curve"]) { sheet, t throws(SheetError) in
                sheet.setKeyboard(height: height, timing: BezierTiming(duration: duration, curve: curve), at: t)
            }
        },
        "plugins.list": { s, p throws(RPCError) in
            try p.requireNone()
            return .array(s.plugins.plugins.map(SheetService.pluginJSON))
        },
        "plugins.load": { s, p throws(RPCError) in
            try p.requireObject()
            try p.rejectUnknownKeys(["path"])
            let path = try p["path"].string()
            do {
                return SheetService.pluginJSON(try s.plugins.load(path: path))
            } catch {
                throw RPCError.pluginError("params.path: \(error)")
            }
        },
    ]

    /// A session command or input: validate the common members, then `apply` it at its time.
    func command(_ p: Params, _ members: [String], mayBeRefused: (borrowing Sheet) -> Bool = { _ in true },
                 _ body: (inout Sheet, Double) throws(SheetError) -> Void) throws(RPCError) -> JSONValue {
        try p.requireObject()
        try p.rejectUnknownKeys(["session", "t"] + members)
        return try apply(p, mayBeRefused: mayBeRefused, body)
    }

    func clockTick(_ p: Params) throws(RPCError) -> JSONValue {
        guard clock == .host else {
            throw RPCError.invalidState("clock.tick drives the host clock; this server runs the realtime clock")
        }
        try p.requireObject()
        try p.rejectUnknownKeys(["t"])
        return try clockTick(at: try p["t"].number(in: Wire.time))
    }

    /// `clock.tick` at a validated `t` (the fast path calls it directly).
    func clockTick(at t: Double) throws(RPCError) -> JSONValue {
        guard clock == .host else {
            throw RPCError.invalidState("clock.tick drives the host clock; this server runs the realtime clock")
        }
        let t = max(t, hostNow)
        hostNow = t
        let count = tick(at: t)
        return ["t": .number(t), "frames": .int(Int64(count))]
    }

    func createSession(_ p: Params) throws(RPCError) -> JSONValue {
        try p.requireObject()
        try p.rejectUnknownKeys(Wire.setupMembers + ["policies", "parent"])
        guard sessions.count < configuration.maxSessions else {
            throw RPCError.limitExceeded("too many sessions: at most \(configuration.maxSessions) at once")
        }
        let (setupParams, parent) = try stackParams(p)  // issue 13: a child takes its parent's container
        let setup = try Wire.setup(setupParams)
        let names = try policyNames(p["policies"])
        // Everything is checked before a policy (perhaps a plugin's) is instantiated.
        do { try setup.validate(path: "params") } catch { throw RPCError(error) }
        let policies = try makePolicies(names, path: p["policies"].path)
        var sheet: Sheet
        do {
            sheet = try Sheet(setup: setup, policies: policies, policyNames: names)
        } catch {
            throw RPCError(error)
        }
        if let parent { sheet.stackDepth = stack.depth(of: parent) + 1 }  // policies see it (plugin ABI 1.2)
        let s = addSession(sheet)
        if let parent { stack.link(s.id, to: parent) }
        // Along the sheet's axis (issue 13: the width for a left or right sheet).
        return Self.withMaxDetentHeight(["session": .string(s.id)], setup.options.edge.axisContainer(setup.container))
    }

    /// A new session with the next fresh id, marked for the next frame.
    func addSession(_ sheet: consuming Sheet, seq: Int = 0) -> Session {
        let s = Session(sheet: sheet, order: nextSessionNumber, seq: seq)
        nextSessionNumber += 1
        drain(s, id: s.id)
        sessions.insert(s)
        sessions.markMoving(s)
        return s
    }

    func destroySession(_ p: Params) throws(RPCError) -> JSONValue {
        try p.requireObject()
        try p.rejectUnknownKeys(["session"])
        let id = try p["session"].string()
        guard sessions[id] != nil else { throw RPCError.unknownSession(id) }
        try checkNotParent(id)
        stack.remove(id)
        sessions.removeValue(forKey: id)
        return .null
    }

    func listSessions() -> JSONValue {
        .array(sessions.sorted { $0.value.order < $1.value.order }.map {
            ["session": .string($0.key), "state": .string($0.value.sheet.phase.rawValue)]
        })
    }

    static func pluginJSON(_ info: PluginInfo) -> JSONValue {
        ["name": .string(info.name), "kind": .string(info.kind.rawValue), "version": .string(info.version),
         "path": .string(info.path)]
    }
}

import SheetPluginHost

/// Navigation and scroll methods.
extension SheetService {
    static let navigationHandlers: [String: Handler] = [
        "nav.push": { s, p throws(RPCError) in
            let entry = try Wire.entry(p["entry"])
            let animated = try p["animated"].optionalBool() ?? true
            return try s.command(p, ["entry", "animated"]) { sheet, t throws(SheetError) in
                try sheet.push(entry, animated: animated, at: t)
            }
        },
        "nav.pop": { s, p throws(RPCError) in
            let animated = try p["animated"].optionalBool() ?? true
            return try s.command(p, ["animated"]) { sheet, t throws(SheetError) in
                try sheet.pop(animated: animated, at: t)
            }
        },
        "nav.popToRoot": { s, p throws(RPCError) in
            let animated = try p["animated"].optionalBool() ?? true
            return try s.command(p, ["animated"]) { sheet, t throws(SheetError) in
                try sheet.popToRoot(animated: animated, at: t)
            }
        },
        "nav.setStack": { s, p throws(RPCError) in
            let entries = try Wire.entries(p["entries"])
            let animated = try p["animated"].optionalBool() ?? true
            return try s.command(p, ["entries", "animated"]) { sheet, t throws(SheetError) in
                try sheet.setStack(entries, animated: animated, at: t)
            }
        },
        "input.scroll": { s, p throws(RPCError) in
            let sample = ScrollSample(
                phase: ScrollHandoffInput.Phase(rawValue: try p["phase"].oneOf(["dragBegan", "scrolled", "dragEnded"]))!,
                offsetY: try p["offsetY"].number(in: -1e7...1e7),
                insetTop: try p["insetTop"].number(in: -1e5...1e5),
                contentHeight: try p["contentHeight"].number(in: 0...1e8),
                viewportHeight: try p["viewportHeight"].number(in: 0...1e6),
                isTracking: try p["isTracking"].bool(),
                translationY: try p["translationY"].number(in: -1e6...1e6),
                velocityY: try p["velocityY"].optionalNumber(in: Wire.velocity),
                entry: try p["entry"].optionalString())
            return try s.command(p, ["phase", "offsetY", "insetTop", "contentHeight", "viewportHeight", "isTracking",
                                     "translationY", "velocityY", "entry"]) { sheet, t throws(SheetError) in
                try sheet.scroll(sample, at: t)
            }
        },
    ]
}
