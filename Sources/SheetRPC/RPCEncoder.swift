/// The JSON-RPC 2.0 envelopes, written with static bytes into the caller's buffer:
/// responses (`{"jsonrpc":"2.0","id":…,"result":…}` or `"error":{…}`), notifications
/// (`{"jsonrpc":"2.0","method":…,"params":…}`) and the `$/diagnostic` answering a failed
/// notification.
///
/// An id echoes the bytes the client sent when `raw` is given (a real id such as `7.0`).
enum RPCEncoder {
    private static let head: [UInt8] = Array("{\"jsonrpc\":\"2.0\",".utf8)
    private static let idPrefix: [UInt8] = Array("\"id\":".utf8)
    private static let resultPrefix: [UInt8] = Array(",\"result\":".utf8)
    private static let errorPrefix: [UInt8] = Array(",\"error\":".utf8)

    /// `{"jsonrpc":"2.0","id":…,"result":…}`
    static func result(id: JSONValue, raw: ArraySlice<UInt8>?, _ result: JSONValue) -> [UInt8] {
        var b: [UInt8] = []
        b.reserveCapacity(128)
        appendID(id, raw: raw, into: &b)
        b.append(contentsOf: resultPrefix)
        JSONCodec.encode(result, into: &b)
        b.append(UInt8(ascii: "}"))
        return b
    }

    /// Room `numbers` takes: the envelope, an id, the two keys and two numbers.
    static func numbersBound(_ a: StaticString, _ b: StaticString) -> Int {
        64 + a.utf8CodeUnitCount + b.utf8CodeUnitCount + 2 * JSONWriter.memberBound
    }

    /// `{"jsonrpc":"2.0","id":<id>,"result":{"a":x,"b":y}}`, written in place: the bytes
    /// `result` writes for `.int(id)` and that object.
    static func numbers(id: Int64, _ a: StaticString, _ x: Double, _ b: StaticString, _ y: Double, into w: inout JSONWriter) {
        w.beginObject()
        w.string("jsonrpc", "2.0")
        w.int("id", Int(id))
        w.beginObject("result")
        w.number(a, x)
        w.number(b, y)
        w.endObject()
        w.endObject()
    }

    /// `{"jsonrpc":"2.0","id":…,"error":{"code":…,"message":…,"data"?:…}}`
    static func error(id: JSONValue, raw: ArraySlice<UInt8>?, _ error: RPCError) -> [UInt8] {
        var b: [UInt8] = []
        b.reserveCapacity(128)
        appendID(id, raw: raw, into: &b)
        b.append(contentsOf: errorPrefix)
        JSONCodec.encode(error.json, into: &b)
        b.append(UInt8(ascii: "}"))
        return b
    }

    private static func appendID(_ id: JSONValue, raw: ArraySlice<UInt8>?, into b: inout [UInt8]) {
        b.append(contentsOf: head)
        b.append(contentsOf: idPrefix)
        if let raw { b.append(contentsOf: raw) } else { JSONCodec.encode(id, into: &b) }
    }

    /// Room the envelope of a notification of `method` takes around its params
    /// (`{"jsonrpc":"2.0","method":,"params":}` is 37 bytes, plus the method's string).
    static func notificationBound(method: String) -> Int { 40 + JSONWriter.bound(method) }

    /// `{"jsonrpc":"2.0","method":…,"params":` + what `params` writes + `}`
    static func notification(_ method: String, into w: inout JSONWriter, _ params: (inout JSONWriter) -> Void) {
        w.run(#"{"jsonrpc":"2.0","method":"#)
        w.value(method)
        w.run(#","params":"#)
        params(&w)
        w.endObject()
    }

    /// The `$/diagnostic` params answering a failed notification `method`.
    static func diagnostic(method: String, _ error: RPCError) -> JSONValue {
        ["method": .string(method), "code": .int(Int64(error.code)), "message": .string(error.message)]
    }
}
