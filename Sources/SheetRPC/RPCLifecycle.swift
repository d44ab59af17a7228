/// The sheetd lifecycle of a connection as a state machine: uninitialized → initialized →
/// shutting down → exited (`exit` may come at any point).
///
/// Each event method says what the connection must do with a message (an action); the
/// state moves on `exit` at once, and on `initialize` and `shutdown` only once the
/// connection reports that they succeeded (`initialized()`, `shutDown()`).
struct RPCLifecycle {
    enum State: Equatable {
        case uninitialized
        case initialized
        case shuttingDown
        /// `exit` received: 0 after `shutdown`, else 1. Everything later is ignored.
        case exited(code: Int32)
    }

    private(set) var state = State.uninitialized
    /// `initialize` has succeeded (it stays true after `exit`).
    private(set) var isInitialized = false

    /// What to do with a request.
    enum RequestAction {
        /// Hand it to the service's `initialize`; call `initialized()` if it succeeds.
        case initialize
        /// Check it has no params, then call `shutDown()` and answer `null`.
        case shutdown
        /// Hand it to the service.
        case dispatch
        /// The connection has exited: answer `null`.
        case exited
        /// Answer this error.
        case refuse(RPCError)
    }

    /// What to do with a notification.
    enum NotificationAction {
        /// Hand it to the service.
        case dispatch
        /// Nothing (`exit`, or an unknown `$/` notification such as `$/cancelRequest`).
        case ignore
        /// Answer a `$/diagnostic` with this error.
        case refuse(RPCError)
    }

    /// A request for `method`; `served` says whether the service serves it.
    mutating func request(_ method: String, served: Bool) -> RequestAction {
        switch (method, state) {
        case ("exit", _):
            exit()
            return .exited
        case ("initialize", .shuttingDown): return .refuse(Self.shuttingDown)
        case ("initialize", .uninitialized): return .initialize
        case ("initialize", _):
            return .refuse(RPCError.invalidState("initialize was already received; it may be sent only once"))
        case (_, .uninitialized): return .refuse(RPCError.notInitialized(method))
        case (_, .shuttingDown): return .refuse(Self.shuttingDown)
        case ("shutdown", _): return .shutdown
        case _ where !served: return .refuse(RPCError.methodNotFound(method))
        default: return .dispatch
        }
    }

    /// A notification for `method`; `served` says whether the service serves it.
    mutating func notification(_ method: String, served: Bool) -> NotificationAction {
        switch (method, state) {
        case ("exit", _):
            exit()
            return .ignore
        case ("initialize", _), ("shutdown", _):
            return .refuse(RPCError.invalidRequest("\(method) must be sent as a request (with an id)"))
        case _ where method.hasPrefix("$/") && !served: return .ignore
        case (_, .uninitialized): return .refuse(RPCError.notInitialized(method))
        case (_, .shuttingDown): return .refuse(Self.shuttingDown)
        case _ where !served: return .refuse(RPCError.methodNotFound(method))
        default: return .dispatch
        }
    }

    /// `initialize` succeeded.
    mutating func initialized() {
        guard state == .uninitialized else { return }
        state = .initialized
        isInitialized = true
    }

    /// `shutdown` succeeded.
    mutating func shutDown() {
        if state == .initialized { state = .shuttingDown }
    }

    private mutating func exit() {
        if case .exited = state { return }
        state = .exited(code: state == .shuttingDown ? 0 : 1)
    }

    var exitCode: Int32? {
        if case .exited(let code) = state { return code }
        return nil
    }

    private static let shuttingDown = RPCError.invalidRequest("shutting down: only exit is accepted after shutdown")
}
