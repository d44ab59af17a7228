/// Valid JSON whose member name holds `\u0000`, which the decoder cannot represent: rather
/// than a parse error, the message is answered as the invalid params it is, a `-32602`
/// naming the member, to the request's id (a `$/diagnostic` for a notification).
enum NulMemberNameRefusal {
    /// Sends the refusal of `message` to `out`; `false` (nothing sent) when the message is
    /// not a single object or has no such member name.
    static func refuse(_ message: ArraySlice<UInt8>, to out: some RPCOutput) -> Bool {
        guard let name = RawMemberScanner.firstMemberNameWithNUL(in: message) else { return false }
        func member(_ key: String) -> (JSONValue, ArraySlice<UInt8>)? {
            guard let raw = RawMemberScanner.member(Array(key.utf8), in: message),
                  let value = try? JSONCodec.decode(raw) else { return nil }
            return (value, raw)
        }
        guard message.first(where: { $0 != 32 && $0 != 9 && $0 != 10 && $0 != 13 }) == UInt8(ascii: "{") else {
            return false
        }
        let error = RPCError.invalidParams(
            "member name \"\(String(decoding: name, as: UTF8.self))\": NUL characters (\\u0000) are not supported in member names")
        guard let (id, raw) = member("id") else {
            var params: JSONObject = [:]
            if case .string(let method)? = member("method")?.0 { params["method"] = .string(method) }
            params["code"] = .int(Int64(error.code))
            params["message"] = .string(error.message)
            RPCNotifier(out).notify("$/diagnostic", .diagnostic, params: .object(params))
            return true
        }
        switch id {
        case .string, .int, .null: out.send(.response, RPCEncoder.error(id: id, raw: nil, error))
        case .double: out.send(.response, RPCEncoder.error(id: id, raw: raw, error))
        default: out.send(.response, RPCEncoder.error(id: .null, raw: nil, error))
        }
        return true
    }
}
