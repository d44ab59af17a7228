// The daemon's side of one plugin file's helper process: starting it, restarting it after a
// fault, timing every call on the monotonic clock and counting faults.
import CPluginProcess
import CSheetdPlugin
import SheetCore

#if canImport(Glibc)
import Glibc
#endif

/// One plugin file run by a helper process (`executable --plugin-host 3 4`).
///
/// A fault — the helper crashed, exited, or did not answer a call within the timeout — stops
/// the helper (SIGKILL when it still runs) and throws the call's `PolicyFault`; the next call
/// of any instance starts a new helper and creates that instance again (with its config).
/// After `failureLimit` faults within `failureWindow` ms the plugin is `failed`: it is not
/// restarted and every call of it faults.
///
/// Not thread-safe: used from the daemon's loop thread only.
final class PluginHelperProcess: @unchecked Sendable {
    static let failureLimit = 3
    static let failureWindow = 60_000.0
    /// How long starting a helper and opening the plugin in it may take.
    static let loadMilliseconds = 5_000.0

    let path: String
    let resolved: PluginPath
    /// The checked file's descriptor, handed to every helper; owned (closed in deinit).
    let file: TrustedPluginFile
    let executable: String
    let timeout: Double
    let log: @Sendable (PluginLogLevel, String) -> Void
    private(set) var info: PluginInfo
    private var pid: pid_t = 0
    private var channel: PluginChannel?
    /// Counts starts: an instance created in an earlier helper must be created again.
    private(set) var generation = 0
    private var faultTimes: [Double] = []
    private var nextInstance: UInt32 = 1

    /// Starts a helper and opens the plugin in it; throws the helper's refusal. Takes
    /// ownership of `file`'s descriptor (closed with this object, also when init throws).
    init(file: TrustedPluginFile, path: String, resolved: PluginPath, executable: String, timeout: Double,
         log: @escaping @Sendable (PluginLogLevel, String) -> Void) throws(PluginLoadError) {
        self.file = file
        self.path = path
        self.resolved = resolved
        self.executable = executable
        self.timeout = timeout
        self.log = log
        self.info = PluginInfo(name: "", kind: .dismissal, version: "", path: resolved.text)
        info = try start()
    }

    deinit {
        stop()
        close(file.descriptor)
    }

    var isFailed: Bool { info.status == .failed }

    func newInstanceID() -> UInt32 {
        defer { nextInstance &+= 1 }
        return nextInstance
    }

    // MARK: Starting and stopping

    /// Spawns a helper and loads the plugin in it.
    private func start() throws(PluginLoadError) -> PluginInfo {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw .helperFailed(path: path, reason: "could not be started (socketpair: \(errnoText()))")
        }
        let child = Self.spawn(executable, channel: pair[1], plugin: file.descriptor)
        close(pair[1])
        guard let child else {
            close(pair[0])
            throw .helperFailed(path: path, reason: "could not be started (\(executable): \(errnoText()))")
        }
        pid = child
        channel = PluginChannel(fd: pair[0], nonBlocking: true)
        generation += 1
        var w = MessageWriter(.load)
        w.string(path)
        w.string(resolved.text)
        var r: MessageReader
        do throws(PolicyFault) {
            r = try exchange(w.finished(), what: "loading", timeout: Self.loadMilliseconds, countsAsFault: false)
        } catch {
            throw .helperFailed(path: path, reason: error.message)
        }
        guard r.type == .loaded else {
            let error = r.type == .loadFailed ? LoadErrorCoding.read(&r, path: path)
                : .helperFailed(path: path, reason: "answered nonsense")
            stop()
            throw error
        }
        var loaded = info
        loaded.name = r.string()
        loaded.kind = PolicyKind(rawValue: r.string()) ?? .dismissal
        loaded.version = r.string()
        return loaded
    }

    /// posix_spawn of `executable --plugin-host 3 4`: fd 3 the channel, fd 4 the plugin file,
    /// stdin /dev/null, stdout onto stderr (a plugin's stray printf lands in the log), in its
    /// own process group (a terminal's ^C reaches the daemon, which ends its helpers). The
    /// helper's `PR_SET_PDEATHSIG` fires when the spawning *thread* ends: the daemon spawns
    /// from its loop thread, which lives as long as the process.
    static func spawn(_ executable: String, channel: Int32, plugin: Int32) -> pid_t? {
        // Above 4, so the dup2s below never overwrite each other's source.
        let c = fcntl(channel, F_DUPFD_CLOEXEC, 10)
        let p = fcntl(plugin, F_DUPFD_CLOEXEC, 10)
        defer { close(c); close(p) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        posix_spawn_file_actions_adddup2(&actions, c, PluginHelperMain.channelFD)
        posix_spawn_file_actions_adddup2(&actions, p, PluginHelperMain.pluginFD)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        let argv = [executable, PluginHelperMain.flag, "\(PluginHelperMain.channelFD)", "\(PluginHelperMain.pluginFD)"]
        var cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for a in cargs { free(a) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attributes, &cargs, environ)
        if rc != 0 {
            errno = rc
            return nil
        }
        return child
    }

    /// Ends the helper (SIGKILL) and reaps it.
    func stop() {
        channel = nil
        guard pid > 0 else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
    }

    /// After the channel closed: how the helper ended (it is reaped), e.g. "crashed (SIGSEGV)".
    private func ending() -> String {
        channel = nil
        guard pid > 0 else { return "ended" }
        var status: Int32 = 0
        // The channel closes as the process exits: it is reaped at once, unless it closed
        // the socket and lives on (then it is stopped).
        var reaped = waitpid(pid, &status, WNOHANG)
        if reaped == 0 {
            let fd = sheetd_pidfd_open(pid)
            if fd >= 0 {
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&pfd, 1, Int32(min(timeout, 1000)))
                close(fd)
            }
            reaped = waitpid(pid, &status, WNOHANG)
            if reaped == 0 {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                pid = 0
                return "closed its channel (stopped)"
            }
        }
        pid = 0
        let signalNumber = status & 0x7f
        if signalNumber == 0 { return "exited (status \((status >> 8) & 0xff))" }
        return "crashed (\(Self.signalName(signalNumber)))"
    }

    static func signalName(_ s: Int32) -> String {
        switch s {
        case SIGSEGV: return "SIGSEGV"
        case SIGABRT: return "SIGABRT"
        case SIGBUS: return "SIGBUS"
        case SIGFPE: return "SIGFPE"
        case SIGILL: return "SIGILL"
        case SIGKILL: return "SIGKILL"
        case SIGTERM: return "SIGTERM"
        case SIGTRAP: return "SIGTRAP"
        default: return "signal \(s)"
        }
    }

    // MARK: Calls

    /// A running helper: restarts one after a fault (unless failed). Returns its generation.
    @discardableResult
    func ensureRunning() throws(PolicyFault) -> Int {
        if isFailed {
            throw PolicyFault(policy: info.name, message: "the plugin is failed (\(Self.failureLimit) faults within a minute) and is not restarted")
        }
        if channel != nil { return generation }
        do {
            let restarted = try start()
            guard restarted.name == info.name, restarted.kind == info.kind else {
                stop()
                throw PolicyFault(policy: info.name, message: "its plugin file now declares \(restarted.kind.rawValue) \"\(restarted.name)\"")
            }
        } catch let error as PluginLoadError {
            throw recordFault("restarting its plugin host", error.description)
        } catch let fault as PolicyFault {
            throw recordFault("restarting its plugin host", fault.message)
        } catch {
            throw PolicyFault(policy: info.name, message: "\(error)")
        }
        return generation
    }

    /// Sends one request and returns its reply, forwarding the plugin's log lines. A helper
    /// that closes the channel or does not answer by the deadline is a fault (`countsAsFault`).
    func exchange(_ message: [UInt8], what: String, timeout: Double? = nil, countsAsFault: Bool = true)
        throws(PolicyFault) -> MessageReader
    {
        guard let channel else { throw PolicyFault(policy: info.name, message: "\(what): no plugin host") }
        let limit = timeout ?? self.timeout
        let deadline = monotonicNow() + limit
        var sent = false
        while true {
            let reply: ArraySlice<UInt8>
            do {
                if !sent {
                    try channel.send(message, until: deadline)
                    sent = true
                }
                reply = try channel.receive(until: deadline)
            } catch .closed {
                throw fault(what, ending(), counts: countsAsFault)
            } catch {
                stop()
                throw fault(what, "did not answer within \(Self.milliseconds(limit)) ms (stopped)", counts: countsAsFault)
            }
            var r = MessageReader(reply)
            if r.type == .log {
                let level = PluginLogLevel(abiLevel: r.int())
                log(level, r.string())
                continue
            }
            return r
        }
    }

    /// Milliseconds as a person writes them (`50`, `7.5`).
    static func milliseconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A counted fault, or (opening a file) just the reason.
    private func fault(_ what: String, _ reason: String, counts: Bool) -> PolicyFault {
        counts ? recordFault(what, reason) : PolicyFault(policy: info.name, message: reason)
    }

    /// Counts a fault (the helper is already stopped) and marks the plugin failed after
    /// `failureLimit` within the window.
    private func recordFault(_ what: String, _ reason: String) -> PolicyFault {
        stop()
        let now = monotonicNow()
        faultTimes = faultTimes.filter { now - $0 < Self.failureWindow } + [now]
        info.failures += 1
        var message = "\(what): its plugin host process \(reason)"
        if faultTimes.count >= Self.failureLimit {
            info.status = .failed
            message += "; the plugin is now failed (\(Self.failureLimit) faults within a minute)"
        }
        log(.warning, "plugin \(info.name): \(message)")
        return PolicyFault(policy: info.name, message: message)
    }

    // MARK: Instances

    /// Creates instance `id` with `config` in the running helper.
    func create(_ id: UInt32, config: PolicyConfig) throws(PolicyFault) {
        var w = MessageWriter(.create)
        w.uint(id)
        w.string(config.jsonText)
        var r = try exchange(w.finished(), what: "create")
        let code = r.int()
        _ = r.raw(Int32.self)
        let error = r.string()
        guard code == SHEETD_OK else { throw PolicyFault(policy: info.name, message: error) }
    }

    /// Destroys instance `id` if it lives in the current helper (`generation`).
    func destroy(_ id: UInt32, generation: Int) {
        guard channel != nil, generation == self.generation else { return }
        var w = MessageWriter(.destroy)
        w.uint(id)
        _ = try? exchange(w.finished(), what: "destroy")
    }
}
