// The plugin helper process: sheetd re-executed as `sheetd --plugin-host 3 4` runs one plugin
// file's code for the daemon, answering its requests over the socket on fd 3.
import CPluginProcess
import CSheetdPlugin
import SheetCore

#if canImport(Glibc)
import Glibc
#endif

/// The hidden `--plugin-host CHANNEL_FD PLUGIN_FD` mode of the sheetd executable: opens the
/// plugin file the daemon checked and passed as `PLUGIN_FD` (through `/proc/self/fd`), then
/// runs the daemon's requests (create, destroy and the policy calls) one at a time until the
/// daemon closes the channel. The helper dies with the daemon (`PR_SET_PDEATHSIG`).
public enum PluginHelperMain {
    /// The first argument that selects this mode.
    public static let flag = "--plugin-host"
    /// Where the daemon puts the channel and the plugin file in the helper.
    static let channelFD: Int32 = 3
    static let pluginFD: Int32 = 4

    /// Runs the helper; returns its exit status (0 when the daemon closed the channel).
    public static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2, let channelFD = Int32(arguments[0]), let pluginFD = Int32(arguments[1]) else {
            let text = "sheetd: --plugin-host is started by sheetd itself (CHANNEL_FD PLUGIN_FD)\n"
            _ = text.withCString { write(2, $0, strlen($0)) }
            return 2
        }
        _ = sheetd_die_with_parent(SIGKILL)
        signal(SIGPIPE, SIG_IGN)
        // A plugin's crash ends the helper at once, as the signal the daemon reports: no
        // crash handler (the Swift runtime's backtracer) runs first.
        for s in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] { signal(s, SIG_DFL) }
        let helper = PluginHelperLoop(channel: PluginChannel(fd: channelFD), pluginFD: pluginFD)
        helper.serve()
        return 0
    }
}

/// The helper's request loop.
private final class PluginHelperLoop: @unchecked Sendable {
    let channel: PluginChannel
    let pluginFD: Int32
    var plugin: LoadedPlugin?
    var instances: [UInt32: PluginInstance] = [:]

    init(channel: PluginChannel, pluginFD: Int32) {
        self.channel = channel
        self.pluginFD = pluginFD
    }

    func serve() {
        while let message = try? channel.receive(until: nil) {
            var r = MessageReader(message)
            switch r.type {
            case .load?: load(&r)
            case .create?: create(&r)
            case .destroy?:
                instances[r.uint()] = nil
                reply(SHEETD_OK, Int32(0), error: nil)
            case .decide?:
                call(&r, sheetd_release_input.self, sheetd_release_decision.self) { i, input, output, detents in
                    input.detents = detents
                    return i.decide(&input, &output)
                }
            case .owner?:
                call(&r, sheetd_scroll_input.self, sheetd_scroll_output.self) { i, input, output, detents in
                    input.detents = detents
                    return i.owner(&input, &output)
                }
            case .timing?:
                call(&r, Int32.self, sheetd_nav_timing.self) { i, operation, output, _ in
                    i.timing(operation, &output)
                }
            case .layout?:
                call(&r, sheetd_nav_input.self, sheetd_nav_layout.self) { i, input, output, _ in
                    i.layout(&input, &output)
                }
            case .resolve?:
                resolve(&r)
            default:
                return
            }
        }
    }

    func reply<Output: BitwiseCopyable>(_ code: Int32, _ output: Output, error: String?) {
        var w = MessageWriter(.reply)
        w.int(code)
        w.raw(output)
        w.string(error ?? "")
        _ = channel.send(w.finished())
    }

    /// `load {path, resolved}`: opens the descriptor the daemon checked.
    func load(_ r: inout MessageReader) {
        let path = r.string()
        let resolved = r.string()
        var s = stat()
        var w: MessageWriter
        do throws(PluginLoadError) {
            guard fstat(pluginFD, &s) == 0 else { throw .fileNotFound(path: path, reason: errnoText()) }
            let file = TrustedPluginFile(descriptor: pluginFD, device: UInt64(s.st_dev), inode: UInt64(s.st_ino))
            let handle = try file.load(resolved: PluginPath(resolved), path: path)
            let loaded = try PluginHost.open(handle: handle, path: path, resolved: resolved)
            plugin = loaded
            w = MessageWriter(.loaded)
            w.string(loaded.info.name)
            w.string(loaded.info.kind.rawValue)
            w.string(loaded.info.version)
        } catch {
            w = MessageWriter(.loadFailed)
            LoadErrorCoding.write(error, into: &w)
        }
        _ = channel.send(w.finished())
    }

    /// `create {id, config}`: one instance; its log lines go to the daemon.
    func create(_ r: inout MessageReader) {
        let id = r.uint()
        let json = r.string()
        guard let plugin else { return reply(SHEETD_ERR_FAILED, Int32(0), error: "no plugin loaded") }
        let channel = self.channel
        do {
            instances[id] = try PluginInstance(plugin: plugin, config: PolicyConfig(jsonText: json)) { level, line in
                var w = MessageWriter(.log)
                w.int(Int32(level.rawValue))
                w.string(line)
                _ = channel.send(w.finished())
            }
            reply(SHEETD_OK, Int32(0), error: nil)
        } catch {
            reply(SHEETD_ERR_FAILED, Int32(0), error: error.message)
        }
    }

    /// A detent resolver's call: `{id, input, output, (no detents), detent id}`; the input's
    /// `detent_id` points at this process's copy of the id during the call.
    func resolve(_ r: inout MessageReader) {
        let id = r.uint()
        var input = r.raw(sheetd_detent_input.self)
        var output = r.raw(sheetd_detent_output.self)
        _ = r.doubles()
        let detentID = r.string()
        guard let instance = instances[id] else {
            return reply(SHEETD_ERR_FAILED, output, error: "no instance \(id) in the plugin host")
        }
        let code = instance.resolve(&input, detentID: detentID, &output)
        reply(code, output, error: code == SHEETD_OK ? nil : instance.lastError())
    }

    /// A policy call: `{id, input, output (as the daemon initialised it), detents}`; the
    /// input's detent pointer is replaced by this process's copy.
    func call<Input: BitwiseCopyable, Output: BitwiseCopyable>(_ r: inout MessageReader, _: Input.Type, _: Output.Type,
                             _ body: (PluginInstance, inout Input, inout Output, UnsafePointer<Double>?) -> Int32) {
        let id = r.uint()
        var input = r.raw(Input.self)
        var output = r.raw(Output.self)
        let detents = r.doubles()
        guard let instance = instances[id] else {
            return reply(SHEETD_ERR_FAILED, output, error: "no instance \(id) in the plugin host")
        }
        let code = detents.withUnsafeBufferPointer { body(instance, &input, &output, $0.baseAddress) }
        reply(code, output, error: code == SHEETD_OK ? nil : instance.lastError())
    }
}
