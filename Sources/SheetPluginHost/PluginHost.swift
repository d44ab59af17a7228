// The plugin loader: finds shared objects in the allowed plugin directories, checks them,
// opens them, validates their descriptors and hands out policy adapters.
import CSheetdPlugin
import SheetCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loaded plugin, as `plugins.list` reports it.
public struct PluginInfo: Sendable, Equatable, Codable {
    /// The policy's wire name (`material`, `expanded-only`, ...).
    public var name: String
    public var kind: PolicyKind
    /// The plugin's own version string.
    public var version: String
    /// The resolved (real) path of the shared object.
    public var path: String

    public init(name: String, kind: PolicyKind, version: String, path: String) {
        self.name = name
        self.kind = kind
        self.version = version
        self.path = path
    }
}

/// Why a plugin was refused. `description` is a sentence for a person (and for the
/// JSON-RPC error message of `plugins.load`).
public enum PluginLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing at that path (or it could not be resolved).
    case fileNotFound(path: String, reason: String)
    /// The resolved path is not inside an allowed plugin directory (`..`, symlinks resolved).
    case outsideAllowedDirectories(path: String, resolvedPath: String)
    /// A directory, device, fifo, ...
    case notRegularFile(path: String)
    /// The file is writable by its group or by others (mode & 022).
    case writableByOthers(path: String, mode: UInt32)
    /// dlopen refused it; `reason` is dlerror's text.
    case notSharedObject(path: String, reason: String)
    /// No `sheetd_plugin_entry` symbol.
    case missingEntrySymbol(path: String)
    /// The plugin was built against another ABI major version.
    case abiVersionMismatch(path: String, major: UInt32, minor: UInt32)
    /// The descriptor is malformed (NULL, too small, bad name or kind, NULL functions, ...).
    case badDescriptor(path: String, reason: String)
    /// Another plugin or a built-in policy already has this name.
    case duplicateName(name: String, path: String, existing: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path, let reason):
            return "plugin \(path): file not found (\(reason))"
        case .outsideAllowedDirectories(let path, let resolved):
            return "plugin \(path): \(resolved) is outside the allowed plugin directories"
        case .notRegularFile(let path):
            return "plugin \(path): not a regular file"
        case .writableByOthers(let path, let mode):
            return "plugin \(path): refused, writable by group or others (mode \(String(mode & 0o7777, radix: 8)))"
        case .notSharedObject(let path, let reason):
            return "plugin \(path): not a loadable shared object: \(reason)"
        case .missingEntrySymbol(let path):
            return "plugin \(path): missing entry symbol \(PluginHost.entrySymbol)"
        case .abiVersionMismatch(let path, let major, let minor):
            return "plugin \(path): built for plugin ABI \(major).\(minor), sheetd speaks \(PluginHost.abiMajor).\(PluginHost.abiMinor)"
        case .badDescriptor(let path, let reason):
            return "plugin \(path): bad descriptor: \(reason)"
        case .duplicateName(let name, let path, let existing):
            return "plugin \(path): the name \"\(name)\" is already taken by \(existing)"
        }
    }
}

/// Loads policy plugins (shared objects speaking `protocol/sheetd_plugin.h`) and makes policy
/// instances from them.
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

    /// The plugin directories as given (resolved with realpath at each load).
    public let allowedDirectories: [String]
    /// Names plugins may not take (the built-in policies').
    public let reservedNames: Set<String>
    private let log: @Sendable (String) -> Void
    private var loaded: [LoadedPlugin] = []

    /// - Parameters:
    ///   - allowedDirectories: the only directories plugins are loaded from (`--plugin-dir`).
    ///   - reservedNames: names no plugin may take (the built-in policies' names).
    ///   - log: receives loader diagnostics and plugins' log lines (one line per call).
    public init(allowedDirectories: [String], reservedNames: Set<String> = [],
                log: @escaping @Sendable (String) -> Void) {
        self.allowedDirectories = allowedDirectories
        self.reservedNames = reservedNames
        self.log = log
    }

    /// The loaded plugins, in load order.
    public var plugins: [PluginInfo] { loaded.map(\.info) }

    /// The loaded plugin with this name, if any.
    public func plugin(named name: String) -> PluginInfo? {
        loaded.first { $0.info.name == name }?.info
    }

    // MARK: Loading

    /// Loads every `*.so` directly inside the allowed directories (sorted by name). Refusals
    /// are logged, not thrown. Returns the plugins loaded by this call.
    @discardableResult
    public func loadAll() -> [PluginInfo] {
        var result: [PluginInfo] = []
        var seenDirectories = Set<String>()
        for directory in allowedDirectories {
            guard let resolved = Self.realPath(directory) else {
                log("plugins: cannot open plugin directory \(directory): \(Self.errnoText())")
                continue
            }
            guard seenDirectories.insert(resolved).inserted else { continue }
            for file in Self.sharedObjects(in: resolved) {
                do {
                    let info = try load(path: resolved == "/" ? "/" + file : resolved + "/" + file)
                    result.append(info)
                } catch {
                    log("plugins: \(error.description)")
                }
            }
        }
        return result
    }

    /// Loads one plugin. The file must resolve (realpath: `..` and symlinks followed) to a
    /// regular file inside an allowed directory, not writable by group or others.
    @discardableResult
    public func load(path: String) throws(PluginLoadError) -> PluginInfo {
        guard let resolved = Self.realPath(path) else {
            throw .fileNotFound(path: path, reason: Self.errnoText())
        }
        guard isInsideAllowedDirectory(resolved) else {
            throw .outsideAllowedDirectories(path: path, resolvedPath: resolved)
        }
        var status = stat()
        guard stat(resolved, &status) == 0 else {
            throw .fileNotFound(path: path, reason: Self.errnoText())
        }
        guard (UInt32(status.st_mode) & UInt32(S_IFMT)) == UInt32(S_IFREG) else {
            throw .notRegularFile(path: path)
        }
        guard UInt32(status.st_mode) & 0o022 == 0 else {
            throw .writableByOthers(path: path, mode: UInt32(status.st_mode))
        }

        // RTLD_NODELETE: a plugin is never unmapped (Swift plugins must never be dlclosed).
        // We also keep the handle for the life of the process.
        _ = dlerror()
        guard let handle = dlopen(resolved, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            let reason = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            throw .notSharedObject(path: path, reason: reason)
        }
        guard let symbol = dlsym(handle, Self.entrySymbol) else {
            throw .missingEntrySymbol(path: path)
        }
        typealias Entry = @convention(c) (UInt32, UInt32) -> UnsafePointer<sheetd_plugin_descriptor>?
        let entry = unsafeBitCast(symbol, to: Entry.self)
        guard let raw = entry(Self.abiMajor, Self.abiMinor) else {
            throw .badDescriptor(path: path, reason: "\(Self.entrySymbol) returned NULL (the plugin declined this host)")
        }
        let plugin = try Self.validate(raw, path: path, resolved: resolved, handle: handle)

        let name = plugin.info.name
        if reservedNames.contains(name) {
            throw .duplicateName(name: name, path: path, existing: "the built-in policy \"\(name)\"")
        }
        if let existing = loaded.first(where: { $0.info.name == name }) {
            throw .duplicateName(name: name, path: path, existing: existing.info.path)
        }
        loaded.append(plugin)
        log("plugins: loaded \(name) \(plugin.info.version) (\(plugin.info.kind.rawValue)) from \(resolved)")
        return plugin.info
    }

    // MARK: Factories

    /// A release-decision policy from the plugin `name`, or nil when no dismissal plugin has
    /// that name. Throws when the plugin's create() fails (e.g. it rejects the config).
    public func makeDismissal(name: String, config: PolicyConfig) throws(PolicyFault)
        -> (any DismissalPolicy)?
    {
        guard let plugin = loaded.first(where: { $0.info.name == name && $0.info.kind == .dismissal }),
              let calls = plugin.dismissal else { return nil }
        let instance = try PluginInstance(plugin: plugin, config: config, log: log)
        return PluginDismissalPolicy(instance: instance, calls: calls)
    }

    /// A scroll-handoff policy from the plugin `name`, or nil when no such plugin is loaded.
    public func makeScrollHandoff(name: String, config: PolicyConfig) throws(PolicyFault)
        -> (any ScrollHandoffPolicy)?
    {
        guard let plugin = loaded.first(where: { $0.info.name == name && $0.info.kind == .scrollHandoff }),
              let calls = plugin.scrollHandoff else { return nil }
        let instance = try PluginInstance(plugin: plugin, config: config, log: log)
        return PluginScrollHandoffPolicy(instance: instance, calls: calls)
    }

    /// A navigation animator from the plugin `name`, or nil when no such plugin is loaded.
    public func makeNavigationAnimator(name: String, config: PolicyConfig) throws(PolicyFault)
        -> (any NavigationAnimator)?
    {
        guard let plugin = loaded.first(where: { $0.info.name == name && $0.info.kind == .navigation }),
              let calls = plugin.navigation else { return nil }
        let instance = try PluginInstance(plugin: plugin, config: config, log: log)
        return PluginNavigationAnimator(instance: instance, calls: calls)
    }

    // MARK: Checks

    private func isInsideAllowedDirectory(_ resolved: String) -> Bool {
        for directory in allowedDirectories {
            guard let dir = Self.realPath(directory) else { continue }
            let prefix = dir.hasSuffix("/") ? dir : dir + "/"
            if resolved.hasPrefix(prefix) && resolved.count > prefix.count { return true }
        }
        return false
    }

    /// Reads the descriptor under the struct_size rules and checks every field.
    private static func validate(_ raw: UnsafePointer<sheetd_plugin_descriptor>, path: String,
                                 resolved: String, handle: UnsafeMutableRawPointer)
        throws(PluginLoadError) -> LoadedPlugin
    {
        // struct_size, abi_major and abi_minor are the first three fields in every major.
        let head = UnsafeRawPointer(raw)
        let structSize = head.load(as: UInt32.self)
        guard structSize >= 12 else {
            throw .badDescriptor(path: path, reason: "struct_size \(structSize) is too small")
        }
        let major = head.load(fromByteOffset: 4, as: UInt32.self)
        let minor = head.load(fromByteOffset: 8, as: UInt32.self)
        guard major == abiMajor else {
            throw .abiVersionMismatch(path: path, major: major, minor: minor)
        }
        let descriptor: sheetd_plugin_descriptor = readStruct(raw, size: Int(structSize))
        guard Int(structSize) >= MemoryLayout<sheetd_plugin_descriptor>.size else {
            throw .badDescriptor(path: path, reason: "struct_size \(structSize) is smaller than the ABI 1.0 descriptor (\(MemoryLayout<sheetd_plugin_descriptor>.size))")
        }
        guard let namePointer = descriptor.name else {
            throw .badDescriptor(path: path, reason: "name is NULL")
        }
        let name = String(cString: namePointer)
        guard isValidName(name) else {
            throw .badDescriptor(path: path, reason: "name \"\(name)\" must be 1...64 characters of [a-z0-9-]")
        }
        let version = descriptor.version.map { String(cString: $0) } ?? ""
        let kind: PolicyKind
        switch descriptor.kind {
        case SHEETD_KIND_DISMISSAL: kind = .dismissal
        case SHEETD_KIND_SCROLL_HANDOFF: kind = .scrollHandoff
        case SHEETD_KIND_NAVIGATION: kind = .navigation
        default: throw .badDescriptor(path: path, reason: "unknown kind \(descriptor.kind)")
        }
        guard descriptor.create != nil else { throw .badDescriptor(path: path, reason: "create is NULL") }
        guard descriptor.destroy != nil else { throw .badDescriptor(path: path, reason: "destroy is NULL") }
        guard descriptor.last_error != nil else { throw .badDescriptor(path: path, reason: "last_error is NULL") }

        var plugin = LoadedPlugin(
            info: PluginInfo(name: name, kind: kind, version: version, path: resolved),
            handle: handle, descriptor: descriptor)
        switch kind {
        case .dismissal:
            guard let table = descriptor.dismissal else {
                throw .badDescriptor(path: path, reason: "kind dismissal but the dismissal call table is NULL")
            }
            let calls: sheetd_dismissal_calls = try readTable(table, path: path, label: "dismissal")
            guard calls.decide != nil else { throw .badDescriptor(path: path, reason: "dismissal.decide is NULL") }
            plugin.dismissal = calls
        case .scrollHandoff:
            guard let table = descriptor.scroll_handoff else {
                throw .badDescriptor(path: path, reason: "kind scrollHandoff but the scroll_handoff call table is NULL")
            }
            let calls: sheetd_scroll_calls = try readTable(table, path: path, label: "scroll_handoff")
            guard calls.owner != nil else { throw .badDescriptor(path: path, reason: "scroll_handoff.owner is NULL") }
            plugin.scrollHandoff = calls
        case .navigation:
            guard let table = descriptor.navigation else {
                throw .badDescriptor(path: path, reason: "kind navigation but the navigation call table is NULL")
            }
            let calls: sheetd_navigation_calls = try readTable(table, path: path, label: "navigation")
            guard calls.timing != nil else { throw .badDescriptor(path: path, reason: "navigation.timing is NULL") }
            guard calls.layout != nil else { throw .badDescriptor(path: path, reason: "navigation.layout is NULL") }
            plugin.navigation = calls
        }
        return plugin
    }

    /// A call table: struct_size first, at least the 1.0 size, copied zero-extended.
    private static func readTable<T>(_ pointer: UnsafePointer<T>, path: String, label: String)
        throws(PluginLoadError) -> T
    {
        let size = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
        guard size >= MemoryLayout<T>.size else {
            throw .badDescriptor(path: path, reason: "\(label) struct_size \(size) is smaller than the ABI 1.0 table (\(MemoryLayout<T>.size))")
        }
        return readStruct(pointer, size: size)
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func errnoText() -> String {
        String(cString: strerror(errno))
    }

    /// The names of the `*.so` entries of a directory, sorted.
    static func sharedObjects(in directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(cString: bytes.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name.hasSuffix(".so") && name != ".so" { names.append(name) }
        }
        return names.sorted()
    }
}

/// Copies `min(size, MemoryLayout<T>.size)` bytes of a C struct into a zeroed `T`: fields the
/// other side does not know read as zero (the struct_size rule).
func readStruct<T>(_ pointer: UnsafePointer<T>, size: Int) -> T {
    let storage = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size,
                                                   alignment: MemoryLayout<T>.alignment)
    defer { storage.deallocate() }
    storage.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
    storage.copyMemory(from: UnsafeRawPointer(pointer), byteCount: min(max(size, 0), MemoryLayout<T>.size))
    return storage.load(as: T.self)
}

/// One opened, validated plugin. The handle is kept for the life of the process (never
/// dlclosed).
struct LoadedPlugin: @unchecked Sendable {
    var info: PluginInfo
    var handle: UnsafeMutableRawPointer
    var descriptor: sheetd_plugin_descriptor
    var dismissal: sheetd_dismissal_calls?
    var scrollHandoff: sheetd_scroll_calls?
    var navigation: sheetd_navigation_calls?

    init(info: PluginInfo, handle: UnsafeMutableRawPointer, descriptor: sheetd_plugin_descriptor) {
        self.info = info
        self.handle = handle
        self.descriptor = descriptor
    }
}
