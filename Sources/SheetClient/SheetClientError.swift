import SheetRPC

/// Everything a `SheetClient` call can throw. An error answer from sheetd is `.rpc`, carrying
/// the JSON-RPC `code` (`-32602` invalid params, `-32001` unknown session, `-32010` invalid
/// state, ... — protocol/README.md section 3) and the daemon's message naming what was wrong.
public enum SheetClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// sheetd answered the request `method` with a JSON-RPC error.
    case rpc(code: Int, message: String, data: JSONValue?, method: String)
    /// No executable: not given, not in `$SHEETD`, not on `PATH`.
    case daemonNotFound(String)
    /// Spawning the daemon or creating its pipes failed.
    case spawnFailed(String)
    /// The daemon closed its output (exited) or the connection was closed before an answer.
    case connectionClosed(String)
    /// An answer that does not have the documented form.
    case unexpectedAnswer(method: String, String)

    /// The JSON-RPC error code of an `.rpc` error, else `nil`.
    public var code: Int? {
        if case .rpc(let code, _, _, _) = self { return code }
        return nil
    }

    public var description: String {
        switch self {
        case .rpc(let code, let message, _, let method): return "\(method): \(message) (\(code))"
        case .daemonNotFound(let s): return s
        case .spawnFailed(let s): return "cannot start sheetd: \(s)"
        case .connectionClosed(let s): return s
        case .unexpectedAnswer(let method, let s): return "\(method): unexpected answer: \(s)"
        }
    }
}
