import SheetRPC
import SheetServer

/// What a replay showed, kept for the plot (`--svg`) and the player (`--html`).
///
/// Per session: the `sheet.frame` and `sheet.event` params exactly as sent, the host messages
/// naming the session (with the `{state}` or error a request answered), the states reported in
/// order (frames and answers), and the session's layout — container, resting detents, keyboard —
/// read from the engine whenever it changed, since frames carry only the selected detent's id.
/// Everything is JSON (`json`), so the renderers read members by name and ignore the rest:
/// `SVGPlot.render(recording.json)`, `HTMLPlayer.render(recording.json)`.
public struct ReplayRecording {
    /// One session's record, in the order things were sent.
    struct Session {
        var id: String
        /// `sheet.frame` params.
        var frames: [JSONValue] = []
        /// `sheet.event` params.
        var events: [JSONValue] = []
        /// Host messages naming the session: `{t, method, params, state?, error?}`.
        var inputs: [JSONObject] = []
        /// `{t, state, moving}`: the engine's state after each host message, when it changed
        /// (frames come only on ticks, and a notification gets no `{state}` answer).
        var states: [JSONValue] = []
        /// `{t, container, detents, keyboardHeight, pullBarHeight}` each time it changed.
        var layouts: [JSONValue] = []
        /// The params of the `session.create` (or `session.restore`) that made the session.
        var create: JSONValue = .null
    }

    /// The replayed file's name (no directory), shown in titles.
    var source: String
    var sessions: [Session] = []
    /// Every `clock.tick` time: a session with no frame at a tick did not move then.
    var ticks: [Double] = []
    /// The latest `t` seen on any message (the time of messages that carry none).
    private var now: Double = 0
    /// Requests waiting for their answer: id → (session index, input index).
    private var pending: [(id: JSONValue, session: Int, input: Int)] = []
    /// The notification naming a session in the message being observed (for its diagnostic).
    private var lastNotification: (session: Int, input: Int)?
    /// `session.create`/`session.restore` requests waiting for their answer: id → params.
    private var creating: [(id: JSONValue, params: JSONValue)] = []

    /// `source`: the replayed file's path (only its last component is kept).
    public init(source: String) {
        self.source = String(source.split(separator: "/").last ?? Substring(source))
    }

    /// Records one input event and the message bodies the connection answered to it, then
    /// reads the layout of every live session from `service`.
    public mutating func observe(_ event: FrameDecoder.Event, answers: [[UInt8]], service: any RPCService) {
        lastNotification = nil
        if case .message(let bytes) = event, let message = try? JSONCodec.decode(bytes) {
            for m in message.arrayValue ?? [message] { recordInput(m, service: service) }
        }
        for body in answers {
            guard let answer = try? JSONCodec.decode(body) else { continue }
            for a in answer.arrayValue ?? [answer] { recordOutput(a) }
        }
        guard let service = service as? SheetService else { return }
        for id in service.liveSessionIDs {
            if let (state, moving) = service.activity(session: id) {
                let i = sessionIndex(id)
                let last = sessions[i].states.last
                if last?["state"]?.stringValue != state || last?["moving"] != .bool(moving) {
                    sessions[i].states.append(["t": .number(now), "state": .string(state), "moving": .bool(moving)])
                }
            }
            guard var layout = service.layoutJSON(session: id)?.objectValue else { continue }
            let i = sessionIndex(id)
            if let last = sessions[i].layouts.last?.objectValue {
                var previous = last
                previous["t"] = nil
                if previous == layout { continue }
            }
            let stamped: JSONObject = ["t": .number(now)]
            layout = stamped.merging(layout)
            sessions[i].layouts.append(.object(layout))
        }
    }

    private mutating func recordInput(_ m: JSONValue, service: any RPCService) {
        guard let method = m["method"]?.stringValue else { return }
        let params = m["params"] ?? .null
        if let t = params["t"]?.doubleValue, t.isFinite { now = max(now, t) }
        if method == "clock.tick", let t = params["t"]?.doubleValue, t.isFinite { ticks.append(t) }
        if method == "session.create" || method == "session.restore", let id = m["id"] { creating.append((id, params)) }
        guard let id = params["session"]?.stringValue else { return }
        let live = (service as? SheetService)?.liveSessionIDs.contains(id) == true
        guard sessions.contains(where: { $0.id == id }) || live else { return }
        let i = sessionIndex(id)
        sessions[i].inputs.append(["t": .number(now), "method": .string(method), "params": params])
        if let requestID = m["id"] {
            pending.append((requestID, i, sessions[i].inputs.count - 1))
        } else {
            lastNotification = (i, sessions[i].inputs.count - 1)
        }
    }

    private mutating func recordOutput(_ a: JSONValue) {
        let params = a["params"] ?? .null
        switch a["method"]?.stringValue {
        case "sheet.frame":
            guard let id = params["session"]?.stringValue else { return }
            let i = sessionIndex(id)
            sessions[i].frames.append(params)
        case "sheet.event":
            guard let id = params["session"]?.stringValue else { return }
            sessions[sessionIndex(id)].events.append(params)
        case "$/diagnostic":
            // A failed notification of this message: mark it like an error answer.
            guard params["severity"] == nil, let n = lastNotification,
                  sessions[n.session].inputs[n.input]["method"] == params["method"] else { return }
            sessions[n.session].inputs[n.input]["error"] = params["message"]
        case nil:
            if let id = a["id"], let c = creating.firstIndex(where: { $0.id == id }) {
                let params = creating.remove(at: c).params
                if let session = a["result"]?["session"]?.stringValue { sessions[sessionIndex(session)].create = params }
                return
            }
            guard let id = a["id"], let p = pending.firstIndex(where: { $0.id == id }) else { return }
            let (_, i, k) = pending.remove(at: p)
            if let state = a["result"]?["state"] {
                sessions[i].inputs[k]["state"] = state
            } else if let message = a["error"]?["message"] {
                sessions[i].inputs[k]["error"] = message
            }
        default:
            break
        }
    }

    private mutating func sessionIndex(_ id: String) -> Int {
        if let i = sessions.firstIndex(where: { $0.id == id }) { return i }
        sessions.append(Session(id: id))
        return sessions.count - 1
    }

    /// The whole record: `{source, ticks, sessions: [{id, create, layouts, states, frames, events, inputs}]}`.
    public var json: JSONValue {
        ["source": .string(source),
         "ticks": .array(ticks.map { .number($0) }),
         "sessions": .array(sessions.map { s in
             ["id": .string(s.id), "create": s.create, "layouts": .array(s.layouts), "states": .array(s.states),
              "frames": .array(s.frames), "events": .array(s.events),
              "inputs": .array(s.inputs.map { .object($0) })]
         })]
    }
}

extension JSONObject {
    /// This object's members followed by `other`'s (which win on equal keys).
    func merging(_ other: JSONObject) -> JSONObject {
        var o = self
        for (k, v) in other.members { o[k] = v }
        return o
    }
}
