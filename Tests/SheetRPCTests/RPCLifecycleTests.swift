import Testing
@testable import SheetRPC

/// The lifecycle state machine: what it answers each message with in each state, and that
/// it moves only on `exit` or once the connection reports success.
@Suite struct RPCLifecycleTests {
    static func code(_ action: RPCLifecycle.RequestAction) -> Int? {
        if case .refuse(let e) = action { return e.code }
        return nil
    }

    @Test func beforeInitializeOnlyInitializeAndExitAreTaken() {
        var l = RPCLifecycle()
        #expect(Self.code(l.request("echo", served: true)) == -32002)
        #expect(Self.code(l.request("shutdown", served: false)) == -32002)
        guard case .initialize = l.request("initialize", served: false) else { Issue.record("initialize"); return }
        #expect(l.state == .uninitialized)  // not until it succeeded
        guard case .refuse = l.notification("echo", served: true) else { Issue.record("notification"); return }
        guard case .ignore = l.notification("$/cancelRequest", served: false) else { Issue.record("$/"); return }
    }

    @Test func initializedDispatchesServedMethodsAndRefusesOthers() {
        var l = RPCLifecycle()
        l.initialized()
        #expect(l.state == .initialized && l.isInitialized)
        guard case .dispatch = l.request("echo", served: true) else { Issue.record("dispatch"); return }
        #expect(Self.code(l.request("nope", served: false)) == -32601)
        #expect(Self.code(l.request("initialize", served: false)) == -32010)
        guard case .shutdown = l.request("shutdown", served: false) else { Issue.record("shutdown"); return }
        #expect(l.state == .initialized)
        guard case .refuse(let e) = l.notification("shutdown", served: false) else { Issue.record("as notification"); return }
        #expect(e.code == -32600)
    }

    @Test func afterShutdownOnlyExitIsTakenAndExitsWithZero() {
        var l = RPCLifecycle()
        l.initialized()
        l.shutDown()
        #expect(l.state == .shuttingDown)
        #expect(Self.code(l.request("echo", served: true)) == -32600)
        #expect(Self.code(l.request("initialize", served: false)) == -32600)
        guard case .exited = l.request("exit", served: false) else { Issue.record("exit"); return }
        #expect(l.exitCode == 0 && l.isInitialized)
    }

    @Test func exitWithoutShutdownExitsWithOne() {
        var before = RPCLifecycle()
        guard case .ignore = before.notification("exit", served: false) else { Issue.record("exit"); return }
        #expect(before.exitCode == 1 && !before.isInitialized)
        var after = RPCLifecycle()
        after.initialized()
        _ = after.notification("exit", served: false)
        #expect(after.exitCode == 1)
    }
}
