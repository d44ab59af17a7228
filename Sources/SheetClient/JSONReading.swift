import SheetRPC

/// Lenient readers for the members of sheetd's answers: a missing or mistyped member reads as
/// the given default (sheetd may add members; hosts ignore what they do not know).
extension JSONValue {
    func number(_ key: String, _ fallback: Double = 0) -> Double { self[key]?.doubleValue ?? fallback }
    func string(_ key: String, _ fallback: String = "") -> String { self[key]?.stringValue ?? fallback }
    func optionalNumber(_ key: String) -> Double? { self[key]?.doubleValue }
    func optionalString(_ key: String) -> String? { self[key]?.stringValue }
    func bool(_ key: String, _ fallback: Bool = false) -> Bool {
        if case .bool(let b)? = self[key] { return b }
        return fallback
    }
    func member(_ key: String) -> JSONValue { self[key] ?? .null }
}

/// Building params objects: `nil` values are left out.
struct ParamsBuilder {
    var object = JSONObject()

    mutating func set(_ key: String, _ value: JSONValue?) {
        if let value { object[key] = value }
    }

    mutating func set(_ key: String, _ value: Double?) {
        if let value { object[key] = .number(value) }
    }

    mutating func set(_ key: String, _ value: String?) {
        if let value { object[key] = .string(value) }
    }

    mutating func set(_ key: String, _ value: Bool?) {
        if let value { object[key] = .bool(value) }
    }
}
