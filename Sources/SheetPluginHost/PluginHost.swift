// The plugin loader: finds shared objects in the plugin directories (the default ones next
// to the executable first, then --plugin-dir), checks them, opens them, validates their
// descriptors and hands out policy adapters.
import CSheetdPlugin
import SheetCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads policy plugins (shared objects speaking `protocol/sheetd_plugin.h`) and makes policy
/// instances from them.
///
/// Plugins come from the default directories (next to the executable: bundled plugins named
/// `libsheetd-*.so`) and from the allowed directories (`--plugin-dir`: every `*.so`), in that
/// order: the first plugin to take a name keeps it. The default directories are opened
/// lazily — on `loadAll()`, `plugins`, `load(path:)` or a factory asked for a name no
/// opened plugin has — so a daemon that never uses a plugin never maps one.
///
/// With `PluginIsolation.process` each plugin file runs in a helper process (see
/// `PluginHelperProcess`): the trust checks run here, the helper opens the checked
/// descriptor. With `.inProcess` plugins are mapped into this process.
///
/// Not thread-safe by design: the daemon calls it, and every plugin, from its one loop
/// thread (the plugin ABI promises plugins exactly that). It is `@unchecked Sendable` so it
/// can live inside the daemon's `Sendable` state.
public final class PluginHost: @unchecked Sendable {
    /// The exported symbol every plugin must define.
    public static let entrySymbol = SHEETD_PLUGIN_ENTRY_SYMBOL
    /// The ABI version this host speaks.
    public static let abiMajor = UInt32(SHEETD_PLUGIN_ABI_MAJOR)
    public static let abiMinor = UInt32(SHEETD_PLUGIN_ABI_MINOR)
    /// The file names considered in the default directories.
    public static let defaultFilePrefix = "libsheetd-"

    /// The plugin directories as given (`--plugin-dir`, `SHEETD_PLUGIN_PATH`).
    public let allowedDirectories: [String]
    /// The default (bundled) plugin directories, searched before `allowedDirectories`.
    public let defaultDirectories: [String]
    /// Names plugins may not take (the built-in policies'). A list, not a `Set`: a handful of
    /// names checked when a plugin opens, and the daemon builds this host before its `initialize`
    /// reply, where a first `Set<String>` costs 16k instructions (bench/README.md, Start-up IV).
    public let reservedNames: [String]
    /// Where plugin code runs.
    public let isolation: PluginIsolation
    private let log: @Sendable (PluginLogLevel, String) -> Void
    private var loaded: [OpenedPlugin] = []
    /// Whether the default directories have been searched.
    private var defaultsOpened = false
    /// Resolved files already tried (each file is opened at most once by a directory scan).
    private var triedFiles = Set<PluginPath>()

    /// - Parameters:
    ///   - allowedDirectories: directories every `*.so` is loaded from (`--plugin-dir`).
    ///   - defaultDirectories: directories searched first, lazily, for `libsheetd-*.so`.
    ///   - reservedNames: names no plugin may take (the built-in policies' names).
    ///   - isolation: where plugin code runs (default: in this process).
    ///   - log: receives loader diagnostics and plugins' log lines (one line per call) with
    ///     their level: refusals are warnings, a plugin's own lines keep the plugin's level.
    public init(allowedDirectories: [String], defaultDirectories: [String] = [],
                reservedNames: [String] = [], isolation: PluginIsolation = .trusted,
                log: @escaping @Sendable (PluginLogLevel, String) -> Void) {
        self.allowedDirectories = allowedDirectories
        self.defaultDirectories = defaultDirectories
        self.reservedNames = reservedNames
        self.isolation = isolation
        self.log = log
    }

    /// A host whose log ignores levels (every line is passed on).
    public convenience init(allowedDirectories: [String], defaultDirectories: [String] = [],
                            reservedNames: [String] = [], isolation: PluginIsolation = .trusted,
                            log: @escaping @Sendable (String) -> Void) {
        self.init(allowedDirectories: allowedDirectories, defaultDirectories: defaultDirectories,
                  reservedNames: reservedNames, isolation: isolation, log: { _, line in log(line) })
    }

    /// Every plugin, in load order; opens the default directories first if not yet done.
    public var plugins: [PluginInfo] {
        openDefaultDirectories()
        return loaded.map(\.info)
    }

    /// The plugins opened so far (does not open the default directories).
    public var openedPlugins: [PluginInfo] { loaded.map(\.info) }

    /// The loaded plugin with this name, if any (opens the default directories if needed).
    public func plugin(named name: String) -> PluginInfo? {
        loadedPlugin(named: name)?.info
    }

    // MARK: Loading

    /// Opens every plugin now: the default directories, then every `*.so` directly inside the
    /// allowed directories (each sorted by name). Refusals are logged as warnings, not thrown.
    /// Returns the plugins loaded by this call.
    @discardableResult
    public func loadAll() -> [PluginInfo] {
        let before = loaded.count
        openDefaultDirectories()
        for directory in allowedDirectories {
            scan(directory, isDefault: false)
        }
        return loaded[before...].map(\.info)
    }

    /// Searches the default directories once.
    private func openDefaultDirectories() {
        guard !defaultsOpened else { return }
        defaultsOpened = true
        for directory in defaultDirectories {
            scan(directory, isDefault: true)
        }
    }

    /// Loads the plugins of one directory: `libsheetd-*.so` in a default one, every `*.so`
    /// in an allowed one. A directory that fails the trust checks is refused as a whole.
    private func scan(_ directory: String, isDefault: Bool) {
        guard let resolved = PluginPath(directory).resolved() else {
            // A missing default directory is normal (e.g. no installed layout).
            log(isDefault ? .debug : .warning, "plugins: cannot open plugin directory \(directory): \(errnoText())")
            return
        }
        do {
            close(try TrustedPluginFile.openDirectory(resolved, path: directory))
        } catch {
            log(.warning, "plugins: \(error.description)")
            return
        }
        let files = resolved.entries { name in
            name.hasByteSuffix(".so") && name.count > 3
                && (!isDefault || name.hasBytePrefix(Self.defaultFilePrefix))
        }
        for name in files {
            let file = resolved.appending(name)
            guard triedFiles.insert(file).inserted else { continue }
            do {
                _ = try load(resolved: file, path: file.text)
            } catch {
                log(.warning, "plugins: \(error.description)")
            }
        }
    }

    /// Loads one plugin. The file must resolve (realpath: `..` and symlinks followed) to a
    /// regular file inside a plugin directory (compared as bytes), and pass the trust checks
    /// (see `TrustedPluginFile`).
    @discardableResult
    public func load(path: String) throws(PluginLoadError) -> PluginInfo {
        openDefaultDirectories()
        // A C path ends at its first NUL: "lib.so\u{0}x" must not quietly load "lib.so".
        guard !path.utf8.contains(0) else {
            throw .fileNotFound(path: path, reason: "the path contains a NUL character")
        }
        guard let resolved = PluginPath(path).resolved() else {
            throw .fileNotFound(path: path, reason: errnoText())
        }
        triedFiles.insert(resolved)
        return try load(resolved: resolved, path: path)
    }

    private func load(resolved: PluginPath, path: String) throws(PluginLoadError) -> PluginInfo {
        var container: (PluginPath, [[UInt8]])?
        for directory in defaultDirectories + allowedDirectories {
            guard let dir = PluginPath(directory).resolved(),
                  let components = resolved.components(under: dir) else { continue }
            container = (dir, components)
            break
        }
        guard let (directory, components) = container else {
            throw .outsideAllowedDirectories(path: path, resolvedPath: resolved.text)
        }
        let file = try TrustedPluginFile.open(components, in: directory, path: path)
        let plugin: OpenedPlugin
        switch isolation {
        case .inProcess(let gate):
            let handle: UnsafeMutableRawPointer
            do {
                handle = try gate.around { () throws(PluginLoadError) in try file.load(resolved: resolved, path: path) }
            } catch {
                if case .notSharedObject = error { close(file.descriptor) }
                throw error
            }
            // From here on the descriptor stays open (see TrustedPluginFile.load).
            plugin = .inProcess(try gate.around { () throws(PluginLoadError) in
                try Self.open(handle: handle, path: path, resolved: resolved.text)
            })
        case .process(let executable, let timeout):
            // The helper opens the descriptor; the daemon keeps it for restarts (the helper
            // object owns it from here on).
            plugin = .helper(try PluginHelperProcess(file: file, path: path, resolved: resolved,
                                                     executable: executable, timeout: timeout, log: log))
        }

        let name = plugin.info.name
        if reservedNames.contains(name) {
            throw .duplicateName(name: name, path: path, existing: "the built-in policy \"\(name)\"")
        }
        if let existing = loaded.first(where: { $0.info.name == name }) {
            throw .duplicateName(name: name, path: path, existing: existing.info.path)
        }
        loaded.append(plugin)
        log(.info, "plugins: loaded \(name) \(plugin.info.version) (\(plugin.info.kind.rawValue)) from \(resolved.text)")
        return plugin.info
    }

    /// The entry point and descriptor of a mapped plugin, checked.
    static func open(handle: UnsafeMutableRawPointer, path: String, resolved: String) throws(PluginLoadError) -> LoadedPlugin {
        guard let symbol = dlsym(handle, entrySymbol) else {
            throw .missingEntrySymbol(path: path)
        }
        typealias Entry = @convention(c) (UInt32, UInt32) -> UnsafePointer<sheetd_plugin_descriptor>?
        let entry = unsafeBitCast(symbol, to: Entry.self)
        guard let raw = entry(abiMajor, abiMinor) else {
            throw .badDescriptor(path: path, reason: "\(entrySymbol) returned NULL (the plugin declined this host)")
        }
        return try PluginDescriptor.validate(raw, path: path, resolved: resolved, handle: handle)
    }

    /// The plugin `name`, opening the default directories when no opened plugin has it.
    private func loadedPlugin(named name: String) -> OpenedPlugin? {
        if let plugin = loaded.first(where: { $0.info.name == name }) { return plugin }
        guard !defaultsOpened else { return nil }
        openDefaultDirectories()
        return loaded.first { $0.info.name == name }
    }

    // MARK: Factories

    /// A release-decision policy from the plugin `name`, or nil when no dismissal plugin has
    /// that name. Throws when the plugin's create() fails (e.g. it rejects the config).
    public func makeDismissal(name: String, config: PolicyConfig) throws(PolicyFault)
        -> (any DismissalPolicy)?
    {
        try instance(of: name, .dismissal, config).map(PluginDismissalPolicy.init)
    }

    /// A scroll-handoff policy from the plugin `name`, or nil when no such plugin is loaded.
    public func makeScrollHandoff(name: String, config: PolicyConfig) throws(PolicyFault)
        -> (any ScrollHandoffPolicy)?
    {
        try instance(of: name, .scrollHandoff, config).map(PluginScrollHandoffPolicy.init)
    }

    /// A navigation animator from the plugin `name`, or nil when no such plugin is loaded.
    public func makeNavigationAnimator(name: String, config: PolicyConfig) throws(PolicyFault)
        -> (any NavigationAnimator)?
    {
        try instance(of: name, .navigation, config).map(PluginNavigationAnimator.init)
    }

    /// A detent resolver from the plugin `name`, or nil when no such plugin is loaded.
    public func makeDetentResolver(name: String, config: PolicyConfig) throws(PolicyFault)
        -> (any DetentResolverPolicy)?
    {
        try instance(of: name, .detentResolver, config).map(PluginDetentResolver.init)
    }

    /// A new instance of the plugin `name` if it is of `kind`.
    private func instance(of name: String, _ kind: PolicyKind, _ config: PolicyConfig) throws(PolicyFault) -> PluginCalls? {
        guard let plugin = loadedPlugin(named: name), plugin.info.kind == kind else { return nil }
        switch plugin {
        case .inProcess(let loaded):
            guard case .inProcess(let gate) = isolation else { return nil }
            return try PluginInstance(plugin: loaded, config: config, gate: gate, log: log)
        case .helper(let helper):
            return try HelperPluginInstance(helper: helper, config: config)
        }
    }
}
