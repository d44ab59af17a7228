import SheetRPC
import SheetWire

/// A connection to sheetd: spawns the daemon (or talks over file descriptors you give it) and
/// offers its methods under their wire names with typed arguments, on Swift concurrency.
///
/// ```swift
/// let client = try SheetClient()                       // path, else $SHEETD, else PATH
/// try await client.initialize(clock: .host)
/// let session = try await client.createSession(container: Container(width: 390, height: 844),
///                                              preferredHeight: 300)
/// try await session.present(t: 0)
/// let frames = try await client.tick(150)              // the frames this tick produced
/// print(try await client.shutdown() ?? -1)             // sheetd's exit status: 0
/// ```
///
/// Every call is a request; an error answer throws `SheetClientError.rpc` with its JSON-RPC
/// code. Frames and events also arrive on each session's `frames` / `events` streams.
public final class SheetClient: Sendable {
    private let connection: Connection

    /// Spawns sheetd: `executable`, else `$SHEETD`, else `sheetd` on `PATH`, with `arguments`
    /// (e.g. `["--plugin-dir", dir]`). Its stderr is this process's stderr.
    public init(executable: String? = nil, arguments: [String] = []) throws(SheetClientError) {
        let path = try DaemonLocator.find(executable)
        let process = try DaemonProcess.spawn(path, ["--framing", "ndjson"] + arguments)
        connection = Connection(input: process.input, output: process.output, process: process)
    }

    /// Talks to a daemon that is already running: NDJSON is written to `input` (its stdin) and
    /// read from `output` (its stdout). The client owns both descriptors from now on.
    public init(output: Int32, input: Int32) {
        connection = Connection(input: input, output: output, process: nil)
    }

    deinit {
        connection.closeInput()
    }

    /// Every `$/diagnostic` received so far (failed notifications, engine warnings).
    public var diagnostics: [Diagnostic] { connection.diagnostics }

    // MARK: Generic calls

    /// Any request by wire name; returns its `result`.
    @discardableResult
    public func request(_ method: String, _ params: JSONObject? = nil) async throws(SheetClientError) -> JSONValue {
        try await connection.call(method, params).0
    }

    /// Any notification by wire name (a failure comes back as a `$/diagnostic`).
    public func notify(_ method: String, _ params: JSONObject? = nil) throws(SheetClientError) {
        try connection.notify(method, params)
    }

    // MARK: The wire's client-level methods

    /// `initialize {clientInfo?, clock?, fps?, reduceMotion?}`; must be the first request.
    /// `reduceMotion`: the sessions' default (`options.reduceMotion` overrides it per session).
    @discardableResult
    public func initialize(clock: SheetClock = .host, fps: Double? = nil, clientName: String? = nil,
                           clientVersion: String? = nil, reduceMotion: Bool? = nil)
        async throws(SheetClientError) -> InitializeResult
    {
        var p = ParamsBuilder()
        if clientName != nil || clientVersion != nil {
            var info = ParamsBuilder()
            info.set("name", clientName)
            info.set("version", clientVersion)
            p.set(Initialize.clientInfo.name, .object(info.object))
        }
        p.set(Initialize.clock.name, clock.rawValue)
        p.set(Initialize.fps.name, fps)
        p.set(Initialize.reduceMotion.name, reduceMotion)
        return InitializeResult(try await request(Initialize.name, p.object))
    }

    /// `clock.tick {t}` (host clock): the frames the tick produced, in session order.
    @discardableResult
    public func tick(_ t: Double) async throws(SheetClientError) -> [Frame] {
        try await connection.call(ClockTick.name, [ClockTick.t.name: .number(t)]).1
    }

    /// `clock.runUntilRest {fps?, maxMs?}` (host clock): ticks at `t0 + k × 1000/fps` until
    /// every session rests or the next tick would pass `t0 + maxMs` (nil: the server's defaults,
    /// 60 and 10,000); the frames those ticks produced come with the answer.
    @discardableResult
    public func runUntilRest(fps: Double? = nil, maxMs: Double? = nil) async throws(SheetClientError) -> RestRun {
        var p: JSONObject = [:]
        if let fps { p[ClockRunUntilRest.fps.name] = .number(fps) }
        if let maxMs { p[ClockRunUntilRest.maxMs.name] = .number(maxMs) }
        let (r, frames) = try await connection.call(ClockRunUntilRest.name, p)
        return RestRun(t: r.number("t"), ticks: Int(r.number("ticks")), rested: r.bool("rested"), frames: frames)
    }

    /// `session.create`: a new session (dismissed) and its handle.
    public func createSession(container: Container, preferredHeight: Double? = nil, detents: [Detent]? = nil,
                              selectedDetent: String? = nil, navigation: [NavEntry]? = nil,
                              options: JSONObject? = nil, policies: JSONObject? = nil)
        async throws(SheetClientError) -> SheetSession
    {
        try await create((SetupMembers.container.name, .object(container.members)), preferredHeight, detents, selectedDetent,
                         navigation, options, policies)
    }

    /// `session.create {parent}`: a child sheet stacked over `parent` (dismissed), and its handle.
    /// A child takes its parent's container (so there is none to give); `present` it with a
    /// `StackBehavior`. While it is shown the parent's frames carry `transform`.
    public func createSession(parent: SheetSession, preferredHeight: Double? = nil, detents: [Detent]? = nil,
                              selectedDetent: String? = nil, navigation: [NavEntry]? = nil,
                              options: JSONObject? = nil, policies: JSONObject? = nil)
        async throws(SheetClientError) -> SheetSession
    {
        try await create((SessionCreate.parent.name, .string(parent.id)), preferredHeight, detents, selectedDetent,
                         navigation, options, policies)
    }

    /// `session.restore {state}`: a session continuing a snapshot, under a new id. The snapshot
    /// of a stack's root restores the whole stack: the returned root's `children` are the
    /// restored sheets below it (new ids, in the snapshot's order), each with its own streams.
    public func restoreSession(_ state: JSONValue) async throws(SheetClientError) -> SheetSession {
        let result = try await request(SessionRestore.name, [SessionRestore.state.name: state])
        let children = (result["children"]?.arrayValue ?? []).map(\.stringValue)
        guard !children.contains(nil) else {
            throw .unexpectedAnswer(method: SessionRestore.name, JSONCodec.encodeToString(result))
        }
        return try adopt(result, SessionRestore.name, children: children.compactMap { $0 })
    }

    private func create(_ placement: (String, JSONValue), _ preferredHeight: Double?, _ detents: [Detent]?,
                        _ selectedDetent: String?, _ navigation: [NavEntry]?, _ options: JSONObject?,
                        _ policies: JSONObject?) async throws(SheetClientError) -> SheetSession
    {
        var p = ParamsBuilder()
        p.set(placement.0, placement.1)
        if let preferredHeight { p.set(SetupMembers.content.name, ["preferredHeight": .number(preferredHeight)]) }
        p.set(SetupMembers.detents.name, detents.map { .array($0.map { $0.json }) })
        p.set(SetupMembers.selectedDetent.name, selectedDetent)
        p.set(SetupMembers.navigation.name, navigation.map { ["entries": .array($0.map { $0.json })] })
        p.set(SetupMembers.options.name, options.map { .object($0) })
        p.set(SessionCreate.policies.name, policies.map { .object($0) })
        return try await adopt(request(SessionCreate.name, p.object), SessionCreate.name)
    }

    /// `session.list`: the live sessions and their states, in creation order.
    public func listSessions() async throws(SheetClientError) -> [(session: String, state: SheetState)] {
        (try await request(SessionList.name).arrayValue ?? []).map {
            ($0.string("session"), SheetState(rawValue: $0.string("state")))
        }
    }

    /// `plugins.list`: `[{name, kind, version, path}]`.
    public func listPlugins() async throws(SheetClientError) -> JSONValue {
        try await request(PluginsList.name)
    }

    /// `plugins.load {path}`: the loaded plugin's `{name, kind, version, path}`.
    public func loadPlugin(path: String) async throws(SheetClientError) -> JSONValue {
        try await request(PluginsLoad.name, [PluginsLoad.path.name: .string(path)])
    }

    /// `shutdown`, then `exit`; waits for the daemon to end. Returns its exit status (0), or
    /// `nil` for a connection over given descriptors.
    @discardableResult
    public func shutdown() async throws(SheetClientError) -> Int32? {
        try await request(Shutdown.name)
        try notify(Exit.name)
        return await close()
    }

    /// Closes the daemon's input and waits until its output ends (the daemon exits on end of
    /// input). Returns the exit status of a spawned daemon.
    @discardableResult
    public func close() async -> Int32? {
        connection.closeInput()
        return await connection.waitForEnd()
    }

    /// A handle for the answer's `session` (and one for each id in `children`), registered so
    /// their frames and events reach their streams.
    private func adopt(_ result: JSONValue, _ method: String, children: [String] = [])
        throws(SheetClientError) -> SheetSession
    {
        guard let id = result["session"]?.stringValue else {
            throw .unexpectedAnswer(method: method, JSONCodec.encodeToString(result))
        }
        let handles = children.map { SheetSession(id: $0, client: self, connection: connection) }
        return SheetSession(id: id, client: self, connection: connection, children: handles)
    }
}

/// The answer to `initialize`.
public struct InitializeResult: Sendable {
    public var serverName: String
    public var serverVersion: String
    public var protocolVersion: String
    public var clock: String
    public var fps: Double
    /// The sessions' default reduced motion.
    public var reduceMotion: Bool
    /// The whole result (`policies` included).
    public var json: JSONValue

    init(_ r: JSONValue) {
        json = r
        serverName = r.member("serverInfo").string("name")
        serverVersion = r.member("serverInfo").string("version")
        protocolVersion = r.string("protocolVersion")
        clock = r.string("clock")
        fps = r.number("fps")
        reduceMotion = r.bool("reduceMotion")
    }
}

/// What `clock.runUntilRest` did: the server's time after it, how many ticks ran, whether
/// every session rests (false: `maxMs` cut it) and the frames sent (the answer's `frames` is
/// their count).
public struct RestRun: Sendable, Equatable {
    public var t: Double
    public var ticks: Int
    public var rested: Bool
    public var frames: [Frame]
}
