// What the loader reports: a loaded plugin's identity, or why a file was refused.
import SheetCore

/// A loaded plugin, as `plugins.list` reports it.
public struct PluginInfo: Sendable, Equatable {
    /// The policy's wire name (`material`, `expanded-only`, ...).
    public var name: String
    public var kind: PolicyKind
    /// The plugin's own version string.
    public var version: String
    /// The resolved (real) path of the shared object.
    public var path: String
    /// `failed` once it faulted 3 times within a minute (a helper process crashed, exited or
    /// did not answer in time).
    public var status: PluginStatus = .ready
    /// How many faults (crash, exit, timeout) its helper processes had so far.
    public var failures: Int = 0

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
    /// Nothing at that path (or it could not be resolved or opened).
    case fileNotFound(path: String, reason: String)
    /// The resolved path is not inside an allowed plugin directory (`..`, symlinks resolved;
    /// compared byte for byte).
    case outsideAllowedDirectories(path: String, resolvedPath: String)
    /// A directory, device, fifo, ...
    case notRegularFile(path: String)
    /// The file is writable by its group or by others (mode & 022).
    case writableByOthers(path: String, mode: UInt32)
    /// The file is owned by a user other than root or the daemon's effective user.
    case untrustedOwner(path: String, owner: UInt32)
    /// A directory between the allowed plugin directory (included) and the file is writable
    /// by group or others, or owned by another user than root or the daemon's.
    case unsafeDirectory(path: String, directory: String, reason: String)
    /// The object the dynamic loader mapped is not the file that passed the checks.
    case changedWhileLoading(path: String)
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
    /// The helper process that was opening it crashed, exited or did not answer.
    case helperFailed(path: String, reason: String)

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
        case .untrustedOwner(let path, let owner):
            return "plugin \(path): refused, owned by uid \(owner) (only root or sheetd's own user may own a plugin)"
        case .unsafeDirectory(let path, let directory, let reason):
            return "plugin \(path): refused, directory \(directory) is \(reason)"
        case .changedWhileLoading(let path):
            return "plugin \(path): refused, the file changed while it was being loaded"
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
        case .helperFailed(let path, let reason):
            return "plugin \(path): refused, its plugin host process \(reason) while opening it"
        }
    }
}
