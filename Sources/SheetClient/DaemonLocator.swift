#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the sheetd executable in the order every sheetd client uses: an explicit path, else
/// `$SHEETD`, else `sheetd` on `PATH` (where the .deb's `/usr/bin` and the tarball's `bin/` put
/// it). The Python and JS clients look in their own package's bundled daemon before `PATH`; a
/// Swift package bundles none.
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
        let searched = environment("PATH") ?? ""
        for dir in searched.split(separator: ":") where !dir.isEmpty {
            let candidate = "\(dir)/sheetd"
            if isExecutable(candidate) { return candidate }
        }
        throw .daemonNotFound("sheetd not found. Looked for: an explicit path (none given), $SHEETD (not set), "
            + "sheetd on PATH (\(searched)). Pass its path, set $SHEETD, or install sheetd "
            + "(the .deb, the tarball's bin/ on PATH, or the wheel's or npm package's sheetd command)")
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
