// A plugin the host opened, wherever its code runs.

/// A plugin the host opened: mapped here, or run by a helper process.
enum OpenedPlugin {
    case inProcess(LoadedPlugin)
    case helper(PluginHelperProcess)

    /// With the helper's current status and fault count.
    var info: PluginInfo {
        switch self {
        case .inProcess(let plugin): return plugin.info
        case .helper(let helper): return helper.info
        }
    }
}
