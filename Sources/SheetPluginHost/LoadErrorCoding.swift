// A helper's refusal to open a plugin file, sent to the daemon as message fields.

/// `PluginLoadError`s the helper can meet, as message fields.
enum LoadErrorCoding {
    static func write(_ error: PluginLoadError, into w: inout MessageWriter) {
        var tag: UInt32 = 0
        var reason = ""
        var numbers: (UInt32, UInt32) = (0, 0)
        switch error {
        case .changedWhileLoading: tag = 1
        case .notSharedObject(_, let r): tag = 2; reason = r
        case .missingEntrySymbol: tag = 3
        case .abiVersionMismatch(_, let major, let minor): tag = 4; numbers = (major, minor)
        case .badDescriptor(_, let r): tag = 5; reason = r
        default: tag = 6; reason = error.description
        }
        w.uint(tag)
        w.string(reason)
        w.uint(numbers.0)
        w.uint(numbers.1)
    }

    static func read(_ r: inout MessageReader, path: String) -> PluginLoadError {
        let tag = r.uint()
        let reason = r.string()
        let major = r.uint()
        let minor = r.uint()
        switch tag {
        case 1: return .changedWhileLoading(path: path)
        case 2: return .notSharedObject(path: path, reason: reason)
        case 3: return .missingEntrySymbol(path: path)
        case 4: return .abiVersionMismatch(path: path, major: major, minor: minor)
        case 5: return .badDescriptor(path: path, reason: reason)
        default: return .helperFailed(path: path, reason: "refused it: \(reason)")
        }
    }
}
