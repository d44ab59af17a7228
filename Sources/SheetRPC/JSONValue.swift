/// A JSON document in memory: what the jansson codec decodes into and what the encoder
/// writes. Objects keep their members in insertion order so output is byte-stable.
///
/// Integers and reals stay distinct (`int` / `double`) so that ids such as `7` and `7.0`
/// echo back exactly as the client sent them.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A number from a Double: integral values within ±2^53 become `.int`, so `510.0`
    /// prints as `510`.
    public static func number(_ d: Double) -> JSONValue {
        if d == d.rounded(), abs(d) < 9_007_199_254_740_992 { return .int(Int64(d)) }
        return .double(d)
    }

    /// The value as a Double if it is a number.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// A member of an object, `nil` for anything else.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The JSON type's name as error messages say it: `object`, `number`, ...
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

/// An ordered JSON object.
///
/// Members live in an array in insertion order: small objects (every protocol message) are
/// looked up by a linear scan, with no hashing; past `indexThreshold` members a dictionary
/// index keeps lookups O(1), so a hostile message with thousands of keys stays linear.
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One member.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
    }

    /// Members in insertion order.
    public private(set) var ordered: [Member] = []
    private var index: [String: Int]?
    static let indexThreshold = 12

    public init() {}

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (k, v) in elements { self[k] = v }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.ordered == rhs.ordered }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return ordered.firstIndex { $0.key == key }
    }

    private mutating func rebuildIndex() {
        guard ordered.count > Self.indexThreshold else { index = nil; return }
        var i: [String: Int] = [:]
        i.reserveCapacity(ordered.count)
        for (n, m) in ordered.enumerated() { i[m.key] = n }
        index = i
    }

    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { ordered[$0].value } }
        set {
            if let i = position(of: key) {
                if let newValue {
                    ordered[i].value = newValue
                } else {
                    ordered.remove(at: i)
                    rebuildIndex()
                }
            } else if let newValue {
                ordered.append(Member(key: key, value: newValue))
                if index != nil {
                    index![key] = ordered.count - 1
                } else if ordered.count > Self.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    public var count: Int { ordered.count }

    /// Keys in insertion order.
    public var keys: [String] { ordered.map { $0.key } }

    /// Members in insertion order.
    public var members: [(key: String, value: JSONValue)] {
        ordered.map { ($0.key, $0.value) }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var o = JSONObject()
        for (k, v) in elements { o[k] = v }
        self = .object(o)
    }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONObject {
    /// An empty object with room for `minimumCapacity` members (the decoder's fast path).
    public init(minimumCapacity: Int) {
        self.init()
        ordered.reserveCapacity(minimumCapacity)
    }
}
