import SheetCore
import SheetRPC

// What the replay tools read from a live service (package access: not public API).

extension SheetService {
    /// Ids of the live sessions, in creation order.
    package var liveSessionIDs: [String] {
        sessions.sorted { $0.value.order < $1.value.order }.map { $0.key }
    }

    /// The state a frame of the session would report now (`presenting`, `dragging`, ...) and
    /// whether anything moves (an animation or a finger); `nil` for an unknown session.
    package func activity(session id: String) -> (state: String, moving: Bool)? {
        guard let s = sessions[id] else { return nil }
        return (s.sheet.phase.rawValue, s.sheet.isActive)
    }

    /// What frames do not carry about a live session, as JSON: its container, its resting
    /// detents (resolved for the current content, container and keyboard, ascending) and the
    /// keyboard height the engine holds —
    /// `{container: {width, height, safeArea: {top, bottom, left, right}}, detents: [{id, height}],
    /// keyboardHeight, pullBarHeight}`. Read-only; `nil` for an unknown session. For the
    /// replay's plot and player inside this package only; never sent on the wire.
    package func layoutJSON(session id: String) -> JSONValue? {
        guard let s = sessions[id] else { return nil }
        let state = s.sheet.state
        let c = state.setup.container
        return [
            "container": ["width": .number(c.width), "height": .number(c.height),
                          "safeArea": ["top": .number(c.safeArea.top), "bottom": .number(c.safeArea.bottom),
                                       "left": .number(c.safeArea.left), "right": .number(c.safeArea.right)]],
            "detents": .array(s.sheet.detents.map { ["id": .string($0.id), "height": .number($0.height)] }),
            "keyboardHeight": .number(state.keyboardHeight),
            "pullBarHeight": .number(state.setup.options.pullBarHeight),
        ]
    }
}
