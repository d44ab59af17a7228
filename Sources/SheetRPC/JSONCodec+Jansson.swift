#if !hasFeature(Embedded)
import CJansson

/// The native daemon's JSON reader: jansson, the design's JSON library (see `JSONCodec`).
extension JSONCodec {
    /// Decodes with `json_loadb` (the caller has refused NUL bytes, which jansson would take
    /// for the end of input).
    static func decodeWithJansson(_ buffer: UnsafeRawBufferPointer) -> Result<JSONValue, DecodeError> {
        var error = json_error_t()
        let flags = Int(JSON_DECODE_ANY) | Int(JSON_ALLOW_NUL)
        // An empty buffer: json_loadb needs a valid pointer.
        let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
        let root: UnsafeMutablePointer<json_t>?
        if let base {
            root = json_loadb(base, buffer.count, flags, &error)
        } else {
            let empty: [CChar] = [0]
            root = empty.withUnsafeBufferPointer { json_loadb($0.baseAddress!, 0, flags, &error) }
        }
        guard let root else {
            let text = withUnsafeBytes(of: &error.text) { raw -> String in
                let bytes = raw.bindMemory(to: UInt8.self)
                let n = bytes.firstIndex(of: 0) ?? bytes.count
                return String(decoding: bytes[..<n], as: UTF8.self)
            }
            // json_error_code(): the last byte of the text buffer.
            let code = withUnsafeBytes(of: &error.text) { $0[$0.count - 1] }
            return .failure(DecodeError(message: text.isEmpty ? "invalid JSON" : text,
                                        line: Int(error.line), column: Int(error.column),
                                        position: Int(error.position),
                                        isNulInMemberName: code == UInt8(json_error_null_byte_in_key.rawValue)))
        }
        defer { json_decref(root) }
        return .success(convert(root))
    }

    private static func convert(_ v: UnsafeMutablePointer<json_t>) -> JSONValue {
        switch v.pointee.type {
        case JSON_NULL: return .null
        case JSON_TRUE: return .bool(true)
        case JSON_FALSE: return .bool(false)
        case JSON_INTEGER: return .int(Int64(json_integer_value(v)))
        case JSON_REAL: return .double(json_real_value(v))
        case JSON_STRING:
            let p = json_string_value(v)!
            let n = json_string_length(v)
            return .string(p.withMemoryRebound(to: UInt8.self, capacity: n) {
                String(decoding: UnsafeBufferPointer(start: $0, count: n), as: UTF8.self)
            })
        case JSON_ARRAY:
            let n = json_array_size(v)
            var a: [JSONValue] = []
            a.reserveCapacity(n)
            for i in 0..<n { a.append(convert(json_array_get(v, i))) }
            return .array(a)
        case JSON_OBJECT:
            var o = JSONObject(minimumCapacity: json_object_size(v))
            var it = json_object_iter(v)
            while let iter = it {
                let keyPointer = json_object_iter_key(iter)!
                let length = json_object_iter_key_len(iter)
                let key = keyPointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                }
                o[key] = convert(json_object_iter_value(iter))
                it = json_object_iter_next(v, iter)
            }
            return .object(o)
        default:
            return .null
        }
    }
}
#endif
