/// `Codable` values to and from `JSONValue`, without Foundation: what `session.snapshot` and
/// `session.restore` use for the engine state, so the daemon links no Foundation (it is most of
/// its start-up cost: the dynamic loader resolving Foundation and ICU).
///
/// The shape is what Foundation's `JSONEncoder` with `.sortedKeys` writes: object members in
/// byte order of their keys, `nil` optionals left out, integral doubles as integers
/// (`JSONValue.number`). Failures are the standard `EncodingError` / `DecodingError`, with the
/// coding path at the failing value.
public enum CodableJSON {
    /// `value` as JSON. Non-finite doubles are refused, as JSON has no spelling for them.
    public static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let encoder = ValueEncoder(codingPath: [])
        try value.encode(to: encoder)
        return encoder.storage.value
    }

    /// A `T` from JSON. Integers decode from integral numbers only; unknown members are ignored
    /// (as `JSONDecoder` does).
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: ValueDecoder(value, codingPath: []))
    }
}

// MARK: - Encoding

/// Where an encoder's value is built: a box, so nested containers write into their parent.
private final class EncodedValue {
    enum Content {
        case empty
        case value(JSONValue)
        case object([(String, EncodedValue)])
        case array([EncodedValue])
    }
    var content: Content = .empty

    var value: JSONValue {
        switch content {
        case .empty: return .object(JSONObject())
        case .value(let v): return v
        case .array(let items): return .array(items.map(\.value))
        case .object(let members):
            var o = JSONObject()
            // Sorted by the keys' bytes, as `.sortedKeys` sorts; the last write of a key wins.
            var latest: [String: EncodedValue] = [:]
            for (k, v) in members { latest[k] = v }
            for k in latest.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) { o[k] = latest[k]!.value }
            return .object(o)
        }
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { stringValue = "\(intValue)"; self.intValue = intValue }
}

private func scalar(_ d: Double, _ path: [any CodingKey]) throws -> JSONValue {
    guard d.isFinite else {
        throw EncodingError.invalidValue(d, .init(codingPath: path, debugDescription: "Unable to encode \(d) directly in JSON."))
    }
    return .number(d)
}

private func integer<I: BinaryInteger>(_ i: I, _ path: [any CodingKey]) throws -> JSONValue {
    guard let v = Int64(exactly: i) else {
        throw EncodingError.invalidValue(i, .init(codingPath: path, debugDescription: "\(i) is outside the JSON integers sheetd writes."))
    }
    return .int(v)
}

private struct ValueEncoder: Encoder {
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let storage: EncodedValue

    init(codingPath: [any CodingKey], storage: EncodedValue = EncodedValue()) {
        self.codingPath = codingPath
        self.storage = storage
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = storage.content {} else { storage.content = .object([]) }
        return KeyedEncodingContainer(KeyedEncoder<Key>(codingPath: codingPath, storage: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = storage.content {} else { storage.content = .array([]) }
        return UnkeyedEncoder(codingPath: codingPath, storage: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleEncoder(codingPath: codingPath, storage: storage) }
}

private struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey]
    let storage: EncodedValue

    private func child(_ key: any CodingKey) -> EncodedValue {
        let box = EncodedValue()
        if case .object(var members) = storage.content {
            members.append((key.stringValue, box))
            storage.content = .object(members)
        }
        return box
    }
    private func put(_ v: JSONValue, _ key: Key) { child(key).content = .value(v) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(try scalar(value, codingPath + [key]), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.int(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(try integer(value, codingPath + [key]), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(try integer(value, codingPath + [key]), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(try integer(value, codingPath + [key]), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(try integer(value, codingPath + [key]), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(try integer(value, codingPath + [key]), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(try integer(value, codingPath + [key]), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(try integer(value, codingPath + [key]), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(try integer(value, codingPath + [key]), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(try integer(value, codingPath + [key]), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(try scalar(Double(value), codingPath + [key]), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try value.encode(to: ValueEncoder(codingPath: codingPath + [key], storage: child(key)))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        ValueEncoder(codingPath: codingPath + [key], storage: child(key)).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ValueEncoder(codingPath: codingPath + [key], storage: child(key)).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { ValueEncoder(codingPath: codingPath + [key], storage: child(key)) }
}

private struct UnkeyedEncoder: UnkeyedEncodingContainer {
    var codingPath: [any CodingKey]
    let storage: EncodedValue
    var count: Int {
        if case .array(let items) = storage.content { return items.count }
        return 0
    }

    private func next() -> EncodedValue {
        let box = EncodedValue()
        if case .array(var items) = storage.content {
            items.append(box)
            storage.content = .array(items)
        }
        return box
    }
    private var nextPath: [any CodingKey] { codingPath + [AnyKey(intValue: count)] }

    mutating func encodeNil() throws { next().content = .value(.null) }
    mutating func encode(_ value: Bool) throws { next().content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { next().content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { let v = try scalar(value, nextPath); next().content = .value(v) }
    mutating func encode(_ value: Int) throws { next().content = .value(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { let v = try integer(value, nextPath); next().content = .value(v) }
    mutating func encode(_ value: Int16) throws { let v = try integer(value, nextPath); next().content = .value(v) }
    mutating func encode(_ value: Int32) throws { let v = try integer(value, nextPath); next().content = .value(v) }
    mutating func encode(_ value: Int64) throws { let v = try integer(value, nextPath); next().content = .value(v) }
    mutating func encode(_ value: UInt) throws { let v = try integer(value, nextPath); next().content = .value(v) }
    mutating func encode(_ value: UInt8) throws { let v = try integer(value, nextPath); next().content = .value(v) }
    mutating func encode(_ value: UInt16) throws { let v = try integer(value, nextPath); next().content = .value(v) }
    mutating func encode(_ value: UInt32) throws { let v = try integer(value, nextPath); next().content = .value(v) }
    mutating func encode(_ value: UInt64) throws { let v = try integer(value, nextPath); next().content = .value(v) }
    mutating func encode(_ value: Float) throws { let v = try scalar(Double(value), nextPath); next().content = .value(v) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        try value.encode(to: ValueEncoder(codingPath: path, storage: next()))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        return ValueEncoder(codingPath: path, storage: next()).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return ValueEncoder(codingPath: path, storage: next()).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return ValueEncoder(codingPath: path, storage: next())
    }
}

private struct SingleEncoder: SingleValueEncodingContainer {
    var codingPath: [any CodingKey]
    let storage: EncodedValue

    mutating func encodeNil() throws { storage.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { storage.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { storage.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { storage.content = .value(try scalar(value, codingPath)) }
    mutating func encode(_ value: Int) throws { storage.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { storage.content = .value(try integer(value, codingPath)) }
    mutating func encode(_ value: Int16) throws { storage.content = .value(try integer(value, codingPath)) }
    mutating func encode(_ value: Int32) throws { storage.content = .value(try integer(value, codingPath)) }
    mutating func encode(_ value: Int64) throws { storage.content = .value(try integer(value, codingPath)) }
    mutating func encode(_ value: UInt) throws { storage.content = .value(try integer(value, codingPath)) }
    mutating func encode(_ value: UInt8) throws { storage.content = .value(try integer(value, codingPath)) }
    mutating func encode(_ value: UInt16) throws { storage.content = .value(try integer(value, codingPath)) }
    mutating func encode(_ value: UInt32) throws { storage.content = .value(try integer(value, codingPath)) }
    mutating func encode(_ value: UInt64) throws { storage.content = .value(try integer(value, codingPath)) }
    mutating func encode(_ value: Float) throws { storage.content = .value(try scalar(Double(value), codingPath)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: ValueEncoder(codingPath: codingPath, storage: storage))
    }
}

// MARK: - Decoding

private func typeMismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
    .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(value.typeName) instead."))
}

private func nullValue(_ type: Any.Type, _ path: [any CodingKey]) -> DecodingError {
    .valueNotFound(type, .init(codingPath: path, debugDescription: "Expected \(type) value but found null instead."))
}

private func decodeDouble(_ value: JSONValue, _ path: [any CodingKey]) throws -> Double {
    guard let d = value.doubleValue else { throw typeMismatch(Double.self, value, path) }
    return d
}

private func decodeInt(_ value: JSONValue, _ path: [any CodingKey]) throws -> Int {
    switch value {
    case .int(let i): return Int(i)
    case .double(let d):
        guard d == d.rounded(), let i = Int(exactly: d) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "Parsed JSON number <\(d)> does not fit in Int."))
        }
        return i
    default: throw typeMismatch(Int.self, value, path)
    }
}

private func decodeBool(_ value: JSONValue, _ path: [any CodingKey]) throws -> Bool {
    guard case .bool(let b) = value else { throw typeMismatch(Bool.self, value, path) }
    return b
}

private func decodeString(_ value: JSONValue, _ path: [any CodingKey]) throws -> String {
    guard case .string(let s) = value else { throw typeMismatch(String.self, value, path) }
    return s
}

private func narrow<I: FixedWidthInteger>(_ i: Int64, _ path: [any CodingKey]) throws -> I {
    guard let v = I(exactly: i) else {
        throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "Parsed JSON number <\(i)> does not fit in \(I.self)."))
    }
    return v
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, codingPath: [any CodingKey]) {
        self.value = value
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if value == .null { throw nullValue([String: Any].self, codingPath) }
        guard case .object(let o) = value else { throw typeMismatch([String: Any].self, value, codingPath) }
        return KeyedDecodingContainer(KeyedDecoder<Key>(object: o, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if value == .null { throw nullValue([Any].self, codingPath) }
        guard case .array(let a) = value else { throw typeMismatch([Any].self, value, codingPath) }
        return UnkeyedDecoder(items: a, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleDecoder(value: value, codingPath: codingPath) }
}

private struct KeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    var codingPath: [any CodingKey]

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }
    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let v = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return v
    }
    private func nonNull(_ key: Key, _ type: Any.Type) throws -> JSONValue {
        let v = try member(key)
        if case .null = v {
            throw nullValue(type, codingPath + [key])
        }
        return v
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try member(key) { return true }
        return false
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeBool(try nonNull(key, type), codingPath + [key]) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeString(try nonNull(key, type), codingPath + [key]) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeDouble(try nonNull(key, type), codingPath + [key]) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeInt(try nonNull(key, type), codingPath + [key]) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try narrow(try decode(Int64.self, forKey: key), codingPath + [key]) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try narrow(try decode(Int64.self, forKey: key), codingPath + [key]) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try narrow(try decode(Int64.self, forKey: key), codingPath + [key]) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try narrow(try decode(Int64.self, forKey: key), codingPath + [key]) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try narrow(try decode(Int64.self, forKey: key), codingPath + [key]) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try narrow(try decode(Int64.self, forKey: key), codingPath + [key]) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try narrow(try decode(Int64.self, forKey: key), codingPath + [key]) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try narrow(try decode(Int64.self, forKey: key), codingPath + [key]) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { Int64(try decode(Int.self, forKey: key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try decode(Double.self, forKey: key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: ValueDecoder(try nonNull(key, type), codingPath: codingPath + [key]))
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder {
        ValueDecoder(object["super"] ?? .null, codingPath: codingPath + [AnyKey(stringValue: "super")])
    }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(object[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedDecoder: UnkeyedDecodingContainer {
    let items: [JSONValue]
    var codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    private var path: [any CodingKey] { codingPath + [AnyKey(intValue: currentIndex)] }

    private mutating func next(_ type: Any.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "Unkeyed container is at end."))
        }
        defer { currentIndex += 1 }
        return items[currentIndex]
    }
    private mutating func nextNonNull(_ type: Any.Type) throws -> JSONValue {
        if !isAtEnd, case .null = items[currentIndex] {
            throw nullValue(type, path)
        }
        return try next(type)
    }

    mutating func decodeNil() throws -> Bool {
        if !isAtEnd, case .null = items[currentIndex] { currentIndex += 1; return true }
        return false
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { let p = path; return try decodeBool(try nextNonNull(type), p) }
    mutating func decode(_ type: String.Type) throws -> String { let p = path; return try decodeString(try nextNonNull(type), p) }
    mutating func decode(_ type: Double.Type) throws -> Double { let p = path; return try decodeDouble(try nextNonNull(type), p) }
    mutating func decode(_ type: Int.Type) throws -> Int { let p = path; return try decodeInt(try nextNonNull(type), p) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { let p = path; return try narrow(try decode(Int64.self), p) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { let p = path; return try narrow(try decode(Int64.self), p) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { let p = path; return try narrow(try decode(Int64.self), p) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { let p = path; return try narrow(try decode(Int64.self), p) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { let p = path; return try narrow(try decode(Int64.self), p) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { let p = path; return try narrow(try decode(Int64.self), p) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { let p = path; return try narrow(try decode(Int64.self), p) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { let p = path; return try narrow(try decode(Int64.self), p) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { Int64(try decode(Int.self)) }
    mutating func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let p = path
        return try T(from: ValueDecoder(try nextNonNull(type), codingPath: p))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let p = path
        return try ValueDecoder(try next(type), codingPath: p).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let p = path
        return try ValueDecoder(try next([Any].self), codingPath: p).unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder {
        let p = path
        return ValueDecoder(try next(Any.self), codingPath: p)
    }
}

private struct SingleDecoder: SingleValueDecodingContainer {
    let value: JSONValue
    var codingPath: [any CodingKey]

    private func nonNull(_ type: Any.Type) throws -> JSONValue {
        if case .null = value {
            throw nullValue(type, codingPath)
        }
        return value
    }

    func decodeNil() -> Bool { value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try decodeBool(try nonNull(type), codingPath) }
    func decode(_ type: String.Type) throws -> String { try decodeString(try nonNull(type), codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try decodeDouble(try nonNull(type), codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try decodeInt(try nonNull(type), codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try narrow(try decode(Int64.self), codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try narrow(try decode(Int64.self), codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try narrow(try decode(Int64.self), codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try narrow(try decode(Int64.self), codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(try decode(Int64.self), codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(try decode(Int64.self), codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(try decode(Int64.self), codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow(try decode(Int64.self), codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { Int64(try decode(Int.self)) }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: ValueDecoder(try nonNull(type), codingPath: codingPath)) }
}
