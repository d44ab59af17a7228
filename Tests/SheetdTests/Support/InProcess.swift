import SheetRPC
import SheetRPCTestSupport
import SheetServer

/// A `SheetService` behind an `RPCConnection`, in-process: JSON values in, every output
/// message decoded. For tests that send thousands of messages (no daemon, no pipes).
final class InProcess {
    let service: SheetService
    let connection: RPCConnection
    private var nextID: Int64 = 1

    init(configuration: SheetService.Configuration = .init(), initialize: JSONValue = [:]) {
        service = SheetService(configuration: configuration)
        connection = RPCConnection(service: service)
        _ = request("initialize", initialize)
    }

    /// Sends one message body; returns every message the connection answers with, decoded.
    func send(_ message: JSONValue) -> [JSONValue] {
        connection.receive(JSONCodec.encode(message)).map { bytes in
            (try? JSONCodec.decode(bytes)) ?? .string("not JSON: \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// A request; returns everything it produced (notifications first, the response last).
    @discardableResult
    func request(_ method: String, _ params: JSONValue? = nil) -> [JSONValue] {
        nextID += 1
        var m: JSONObject = ["jsonrpc": "2.0", "id": .int(nextID), "method": .string(method)]
        if let params { m["params"] = params }
        return send(.object(m))
    }

    /// A notification; returns what it produced.
    @discardableResult
    func notify(_ method: String, _ params: JSONValue? = nil) -> [JSONValue] {
        var m: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { m["params"] = params }
        return send(.object(m))
    }

    /// A request's `result` (`nil` on an error).
    @discardableResult
    func call(_ method: String, _ params: JSONValue? = nil) -> JSONValue? {
        request(method, params).last?["result"]
    }

    /// A request's `error` (`nil` on success).
    func error(_ method: String, _ params: JSONValue? = nil) -> JSONValue? {
        request(method, params).last?["error"]
    }
}
