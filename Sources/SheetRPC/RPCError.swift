/// A JSON-RPC 2.0 error object: the standard codes plus sheetd's application codes
/// (see protocol/README.md). `message` says what was wrong and where.
public struct RPCError: Error, Sendable, Equatable {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    // JSON-RPC 2.0
    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    // sheetd
    public static let unknownSessionCode = -32001
    public static let notInitializedCode = -32002
    public static let invalidStateCode = -32010
    public static let pluginErrorCode = -32011
    public static let limitExceededCode = -32012

    public static func parseError(_ m: String) -> RPCError { .init(code: parseErrorCode, message: m) }
    public static func invalidRequest(_ m: String) -> RPCError { .init(code: invalidRequestCode, message: m) }
    public static func methodNotFound(_ method: String) -> RPCError {
        .init(code: methodNotFoundCode, message: "method not found: \(method)")
    }
    public static func invalidParams(_ m: String) -> RPCError { .init(code: invalidParamsCode, message: m) }
    public static func internalError(_ m: String) -> RPCError { .init(code: internalErrorCode, message: m) }
    public static func unknownSession(_ id: String) -> RPCError {
        .init(code: unknownSessionCode, message: "unknown session: \(id)")
    }
    public static func notInitialized(_ method: String) -> RPCError {
        .init(code: notInitializedCode, message: "not initialized: send initialize before \(method)")
    }
    public static func invalidState(_ m: String) -> RPCError { .init(code: invalidStateCode, message: m) }
    public static func pluginError(_ m: String) -> RPCError { .init(code: pluginErrorCode, message: m) }
    public static func limitExceeded(_ m: String) -> RPCError { .init(code: limitExceededCode, message: m) }

    /// The error as a JSON-RPC `error` member.
    public var json: JSONValue {
        var o: JSONObject = ["code": .int(Int64(code)), "message": .string(message)]
        if let data { o["data"] = data }
        return .object(o)
    }
}
