import SheetCore

// The WebAssembly build's `SheetPluginHost`: plugins are shared objects opened with dlopen,
// which do not exist in the browser. This module has the native module's interface as far
// as SheetServer uses it, and no plugins: `plugins.load` is refused with -32011 saying so,
// `plugins.list` is empty and `initialize` lists the built-in policies only.

/// Whether a plugin may still be used (`plugins.list`'s `status`).
public enum PluginStatus: String, Sendable {
    case ready
    case failed
}

/// A loaded plugin (there are none in the browser).
public struct PluginInfo: Sendable, Equatable {
    public var name: String
    public var kind: PolicyKind
    public var version: String
    public var path: String
    public var status: PluginStatus = .ready
    public var failures: Int = 0
}

/// Why a plugin was refused: in the browser, always because plugins do not exist there.
public enum PluginLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    case unavailableInBrowser

    public var description: String {
        "plugins (shared objects) do not exist in the browser: this build of sheetd (WebAssembly) has the built-in policies only"
    }
}

/// How important a log line is (the plugin ABI's levels).
public enum PluginLogLevel: Int, Sendable {
    case debug, info, warning, error
}

/// Where plugin code runs: nowhere, in the browser.
public enum PluginIsolation: Sendable {
    case none

    public static let trusted = PluginIsolation.none
}

/// The plugin host of the browser: no plugins, ever.
public final class PluginHost {
    public init(allowedDirectories: [String], defaultDirectories: [String] = [],
                reservedNames: [String] = [], isolation: PluginIsolation = .trusted,
                log: @escaping @Sendable (PluginLogLevel, String) -> Void) {}

    /// No plugins.
    public var plugins: [PluginInfo] { [] }
    /// No plugins.
    public var openedPlugins: [PluginInfo] { [] }

    /// Nothing to open.
    @discardableResult
    public func loadAll() -> [PluginInfo] { [] }

    /// Always refused: plugins do not exist in the browser.
    public func load(path: String) throws(PluginLoadError) -> PluginInfo {
        throw .unavailableInBrowser
    }

    public func makeDismissal(name: String, config: PolicyConfig) throws(PolicyFault) -> (any DismissalPolicy)? { nil }
    public func makeScrollHandoff(name: String, config: PolicyConfig) throws(PolicyFault) -> (any ScrollHandoffPolicy)? { nil }
    public func makeNavigationAnimator(name: String, config: PolicyConfig) throws(PolicyFault) -> (any NavigationAnimator)? { nil }
    public func makeDetentResolver(name: String, config: PolicyConfig) throws(PolicyFault) -> (any DetentResolverPolicy)? { nil }
}
