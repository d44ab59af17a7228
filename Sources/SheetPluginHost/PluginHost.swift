// TEMPORARY stub with the agreed API until the plugins branch lands.
import SheetCore
import CSheetdPlugin

public struct PluginInfo: Sendable, Equatable {
    public var name: String
    public var kind: PolicyKind
    public var version: String
    public var path: String
}

public struct PluginLoadError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

public final class PluginHost {
    public private(set) var plugins: [PluginInfo] = []
    public init(allowedDirectories: [String], reservedNames: Set<String> = [], log: @escaping @Sendable (String) -> Void) {}
    public func loadAll() {}
    public func load(path: String) throws(PluginLoadError) -> PluginInfo {
        throw PluginLoadError(description: "plugins are not supported yet")
    }
    public func makeDismissal(name: String, config: PolicyConfig) throws(PolicyFault) -> (any DismissalPolicy)? { nil }
    public func makeScrollHandoff(name: String, config: PolicyConfig) throws(PolicyFault) -> (any ScrollHandoffPolicy)? { nil }
    public func makeNavigationAnimator(name: String, config: PolicyConfig) throws(PolicyFault) -> (any NavigationAnimator)? { nil }
}
