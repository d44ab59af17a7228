#if canImport(Glibc)
import Glibc
#endif
import SheetPluginHost
import SheetFileIO
import SheetRPC
import SheetServer

/// The command line: `sheetd [serve] [OPTIONS]`, `sheetd replay FILE [OPTIONS]`,
/// `--help`, `--version`. (The benchmark is its own executable, `sheetd-bench`.)
struct Options: Equatable {
    enum Command: Equatable {
        case serve
        case replay(String)
        case help
        case version
    }

    var command: Command = .serve
    /// `replay --expect GOLDEN`: compare the output with this file instead of printing it.
    var expectPath: String?
    var framing: Framing = .auto
    var maxMessageBytes = FrameDecoder.defaultMaxMessageBytes
    var logLevel: LogLevel = .warn
    var pluginDirectories: [String] = []
    /// `replay --svg OUT`: write a plot of the replay.
    var svgPath: String?
    /// `replay --html OUT`: write a self-contained player of the replay.
    var htmlPath: String?
    /// Search the bundled plugin directories next to the executable (`--no-default-plugins`).
    var defaultPlugins = true
    /// `--plugin-isolation process|none`: plugins in helper processes, or in the daemon.
    var pluginIsolation: PluginIsolationMode = .process
    /// `--plugin-timeout-ms N`: how long a plugin call in a helper may take.
    var pluginTimeoutMilliseconds = 50.0

    /// Where plugins run.
    enum PluginIsolationMode: String, Equatable {
        case process, none
    }

    static let version = SheetService.version

    static let usage = """
        usage: sheetd [serve] [OPTIONS]      serve JSON-RPC 2.0 on stdin/stdout (default)
               sheetd replay FILE [OPTIONS]  run a recorded host stream (NDJSON or LSP,
                                             auto-detected) and print the output as NDJSON
               sheetd --help | --version
        (the benchmark is its own executable: sheetd-bench --help)

        options:
          --framing auto|lsp|ndjson   input framing (default auto: '{' or '[' first means
                                      NDJSON, otherwise LSP Content-Length headers);
                                      answers use the framing read
          --max-message-bytes N       largest accepted message in bytes (default 1048576);
                                      larger ones are refused and skipped
          --expect GOLDEN             replay: compare the output with GOLDEN instead of
                                      printing it; exit 0 when identical, else 1 and the
                                      first difference on stderr (line N, PATH: expected
                                      X, got Y); plugin directories read as <plugin-dir>
          --log-level error|warn|info|debug
                                      stderr verbosity (default warn); stdout carries
                                      protocol messages only
          --plugin-dir DIR            a directory plugins may be loaded from (repeatable;
                                      also SHEETD_PLUGIN_PATH, colon-separated)
          --svg OUT.svg               replay: also plot each session over time (ms, pt):
                                      top edge, detents, fingers, dimming, state bands,
                                      navigation x, events and host commands
          --html OUT.html             replay: also write one self-contained page that plays
                                      the frames, a whole stack at a time, on a stage
                                      fitted to the container (no network)
          --no-default-plugins        do not look for the bundled plugins (libsheetd-*.so)
                                      next to the executable and in ../lib/sheetd/plugins
          --plugin-isolation process|none
                                      process (default): each plugin file runs in a helper
                                      process; a crash, exit or timeout falls the session
                                      back to the built-in. none: plugins run inside the
                                      daemon (a crash ends it; see PLUGINS.md)
          --plugin-timeout-ms N       process isolation: a plugin call answered later than
                                      N ms (default 50) is a fault
          -h, --help                  print this help and exit
          --version                   print the version and exit

        exit status: 0 on end of input, exit after shutdown, or SIGTERM/SIGINT/SIGHUP
        (pending output flushed for up to 1 s, ending on a message boundary); 1 on exit
        without shutdown or when the output reader is gone; 2 on a usage error.
        """

    struct UsageError: Error, Equatable {
        var message: String
    }

    /// Parses arguments (without the program name) and the environment's plugin path.
    static func parse(_ args: [String], pluginPathEnv: String? = nil) throws(UsageError) -> Options {
        var o = Options()
        var i = 0
        var sawCommand = false
        func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            i += 1
            guard i < args.count else { throw UsageError(message: "option \(name) needs a value") }
            return args[i]
        }
        while i < args.count {
            let arg = args[i]
            var name = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            switch name {
            case "-h", "--help":
                o.command = .help
                return o
            case "--version":
                o.command = .version
                return o
            case "--expect":
                o.expectPath = try value(name, inline)
            case "--framing":
                let v = try value(name, inline)
                guard let f = Framing(rawValue: v) else {
                    throw UsageError(message: "invalid --framing '\(v)': expected auto, lsp or ndjson")
                }
                o.framing = f
            case "--max-message-bytes":
                let v = try value(name, inline)
                guard let n = Int(v), n > 0 else {
                    throw UsageError(message: "invalid --max-message-bytes '\(v)': expected a positive integer")
                }
                o.maxMessageBytes = n
            case "--log-level":
                let v = try value(name, inline)
                guard let l = LogLevel(name: v) else {
                    throw UsageError(message: "invalid --log-level '\(v)': expected error, warn, info or debug")
                }
                o.logLevel = l
            case "--plugin-dir":
                let v = try value(name, inline)
                guard !v.isEmpty else { throw UsageError(message: "--plugin-dir needs a directory") }
                o.pluginDirectories.append(v)
            case "--svg", "--html":
                let v = try value(name, inline)
                guard !v.isEmpty else { throw UsageError(message: "\(name) needs a file") }
                if name == "--svg" { o.svgPath = v } else { o.htmlPath = v }
            case "--plugin-isolation":
                let v = try value(name, inline)
                guard let mode = PluginIsolationMode(rawValue: v) else {
                    throw UsageError(message: "invalid --plugin-isolation '\(v)': expected process or none")
                }
                o.pluginIsolation = mode
            case "--plugin-timeout-ms":
                let v = try value(name, inline)
                guard let n = Double(v), n.isFinite, n > 0, n <= 3_600_000 else {
                    throw UsageError(message: "invalid --plugin-timeout-ms '\(v)': expected a number of milliseconds above 0")
                }
                o.pluginTimeoutMilliseconds = n
            case "--no-default-plugins":
                guard inline == nil else { throw UsageError(message: "--no-default-plugins takes no value") }
                o.defaultPlugins = false
            case "serve" where !sawCommand:
                sawCommand = true
            case "replay" where !sawCommand:
                // FILE is the first argument after `replay` that is not an option.
                sawCommand = true
                o.command = .replay("")
            default:
                if arg.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(arg)'")
                }
                if case .replay("") = o.command {
                    o.command = .replay(arg)
                } else {
                    throw UsageError(message: "unexpected argument '\(arg)'")
                }
            }
            i += 1
        }
        if case .replay("") = o.command { throw UsageError(message: "replay needs a FILE") }
        if o.svgPath != nil || o.htmlPath != nil {
            guard case .replay = o.command else { throw UsageError(message: "--svg and --html go with replay") }
        }
        if let env = pluginPathEnv {
            o.pluginDirectories += env.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        if o.expectPath != nil {
            guard case .replay = o.command else { throw UsageError(message: "--expect is an option of replay") }
        }
        return o
    }
}

/// The entry point: parses the command line and runs the chosen command.
enum Sheetd {
    static func main(_ args: [String]) -> Int32 {
        if args.first == PluginHelperMain.flag { return PluginHelperMain.run(Array(args.dropFirst())) }
        let env = getenv("SHEETD_PLUGIN_PATH").map { String(cString: $0) }
        let options: Options
        do {
            options = try Options.parse(args, pluginPathEnv: env)
        } catch {
            writeStderr("sheetd: \(error.message)\nTry 'sheetd --help' for usage.\n")
            return 2
        }
        switch options.command {
        case .help:
            writeStdout(Options.usage + "\n")
            return 0
        case .version:
            writeStdout("sheetd \(Options.version)\n")
            return 0
        case .replay(let path):
            return Replay.run(path: path, options: options)
        case .serve:
            return Server(options: options).run()
        }
    }

    static func writeStdout(_ s: String) { writeAll(1, Array(s.utf8)) }
    static func writeStderr(_ s: String) { writeAll(2, Array(s.utf8)) }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) { FileIO.writeAll(fd, bytes) }
}

extension Options {
    /// The service behind a connection, and a frame decoder, as these options configure them
    /// (shared by `serve` and `replay`).
    func makeConnection(logger: Logger, pluginGate: PluginCallGate? = nil) -> (RPCConnection, FrameDecoder) {
        var configuration = SheetService.Configuration(
            pluginDirectories: pluginDirectories,
            now: monotonicMilliseconds,
            log: { logger.info($0) })
        configuration.pluginIsolation = pluginIsolation == .none ? .inProcess(gate: pluginGate)
            : .process(executable: "/proc/self/exe", timeoutMilliseconds: pluginTimeoutMilliseconds)
        // Appended in place: assigning a new array over the configuration's empty one destroyed
        // the old value through Array's metadata, the first Array metadata of the process
        // (16k instructions before the `initialize` reply; bench/README.md, "Start-up III").
        if defaultPlugins { Self.appendDefaultPluginDirectories(to: &configuration.defaultPluginDirectories) }
        configuration.logAt = { level, line in
            switch level {
            case .debug: logger.debug(line)
            case .info: logger.info(line)
            case .warning: logger.warn(line)
            case .error: logger.error(line)
            }
        }
        let service = SheetService(configuration: configuration)
        return (RPCConnection(service: service),
                FrameDecoder(mode: framing, maxMessageBytes: maxMessageBytes))
    }
}

extension Options {
    /// Where the bundled plugins are looked for: the directory of the executable (a build
    /// tree: `.build/debug/libsheetd-*.so`) and `../lib/sheetd/plugins` relative to it (an
    /// installed layout: `bin/sheetd`, `lib/sheetd/plugins/`). Only the path is computed
    /// here; nothing is opened until a plugin is needed.
    static func defaultPluginDirectories() -> [String] {
        var directories: [String] = []
        appendDefaultPluginDirectories(to: &directories)
        return directories
    }

    /// `defaultPluginDirectories()`, appended to `directories`: the executable's path read into
    /// a buffer on the stack (no array of `PATH_MAX` bytes to allocate and clear at start-up).
    static func appendDefaultPluginDirectories(to directories: inout [String]) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer in
            let n = readlink("/proc/self/exe", buffer.baseAddress!, buffer.count - 1)
            guard n > 0 else { return }
            let path = UnsafeRawBufferPointer(start: buffer.baseAddress!, count: n)
            guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return }
            let dir = slash == 0 ? "/" : String(decoding: path[..<slash], as: UTF8.self)
            directories.append(dir)
            directories.append(dir + "/../lib/sheetd/plugins")
        }
    }
}
