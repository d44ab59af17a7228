/// `plugins.list`: the plugins loaded so far.
public enum PluginsList: WireMethod {
    public static let name = "plugins.list"
    public static let members: [MemberSpec] = []
    public static let result = WireResult.plugins
}

/// `plugins.load {path}`: load a policy plugin from an allowed directory.
public enum PluginsLoad: WireMethod {
    public static let name = "plugins.load"
    public static let path = Member<String>.text("path")
    public static let members = [path.spec]
    public static let result = WireResult.plugin
}
