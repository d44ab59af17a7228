#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the sheetd executable: an explicit path, else `$SHEETD`, else `sheetd` on `PATH`.
public enum DaemonLocator {
    /// The executable to spawn; throws `.daemonNotFound` naming where it looked.
    public static func find(_ explicit: String? = nil) throws(SheetClientError) -> String {
        if let explicit, !explicit.isEmpty {
            guard isExecutable(explicit) else { throw .daemonNotFound("sheetd path '\(explicit)' is not an executable file") }
            return explicit
        }
        if let env = environment("SHEETD"), !env.isEmpty {
            guard isExecutable(env) else { throw .daemonNotFound("$SHEETD='\(env)' is not an executable file") }
            return env
        }
        for dir in (environment("PATH") ?? "").split(separator: ":") where !dir.isEmpty {
            let candidate = "\(dir)/sheetd"
            if isExecutable(candidate) { return candidate }
        }
        throw .daemonNotFound("sheetd not found: pass its path, set $SHEETD, or put sheetd on PATH")
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    static func isExecutable(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
