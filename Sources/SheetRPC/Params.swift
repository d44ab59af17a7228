/// Typed, path-aware access to JSON-RPC params.
///
/// Every failure is a `-32602` whose message names the exact place and the expectation:
/// `params.container.width: expected a number >= 0, got -3`.
public struct Params: Sendable {
    /// The value at this place (`.null` when the member is absent).
    public let value: JSONValue
    /// Where this value sits, e.g. `params.container.width` or `params.detents[2]`. Built only
    /// when asked for (an error message), not on every member access.
    public var path: String { location.description }
    private let location: Location
    /// Whether the member was present at all.
    public let isPresent: Bool

    public init(_ value: JSONValue?, path: String = "params") {
        self.value = value ?? .null
        self.location = .root(path)
        self.isPresent = value != nil
    }

    /// Present and not `null`.
    public var exists: Bool { isPresent && value != .null }

    public func fail(_ expectation: String) -> RPCError {
        .invalidParams("\(path): \(expectation)")
    }

    private func got() -> String {
        switch value {
        case .null: return isPresent ? "null" : "nothing"
        case .bool(let b): return "\(b)"
        case .int(let i): return "\(i)"
        case .double(let d): return "\(d)"
        case .string(let s): return "\"\(s.prefix(40))\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A member of this object (absent members give a non-present `Params`).
    public subscript(key: String) -> Params {
        Params(value[key], location: .member(location, key))
    }

    /// Require this value to be an object; returns self for chaining.
    @discardableResult
    public func requireObject() throws(RPCError) -> Params {
        guard case .object = value else { throw fail("expected an object, got \(got())") }
        return self
    }

    /// Members of an object not in `allowed` are an error (catches typos like `heigth`).
    /// (`allowed` is a short list: a linear scan beats hashing here, on every message.)
    public func rejectUnknownKeys(_ allowed: [String]) throws(RPCError) {
        guard case .object(let o) = value else { return }
        for k in o.ordered.lazy.map({ $0.key }) where !allowed.contains(k) {
            throw RPCError.invalidParams("\(path).\(k): unknown member (expected one of \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    /// The params of a method that takes none: absent, `null` or `{}`. An array or any
    /// member is `-32602`.
    public func requireNone() throws(RPCError) {
        guard exists else { return }
        guard case .object(let o) = value else { throw fail("expected no params (or {}), got \(got())") }
        if let k = o.ordered.first?.key {
            throw RPCError.invalidParams("\(path).\(k): unknown member (this method takes no params)")
        }
    }

    /// A finite number within `range`.
    public func number(in range: ClosedRange<Double> = -1e9...1e9) throws(RPCError) -> Double {
        guard let d = value.doubleValue, d.isFinite else {
            throw fail("expected \(Params.describe(range)), got \(got())")
        }
        guard range.contains(d) else { throw fail("expected \(Params.describe(range)), got \(got())") }
        return d
    }

    /// An optional finite number: `nil` when absent or null.
    public func optionalNumber(in range: ClosedRange<Double> = -1e9...1e9) throws(RPCError) -> Double? {
        exists ? try number(in: range) : nil
    }

    public func bool() throws(RPCError) -> Bool {
        guard case .bool(let b) = value else { throw fail("expected a boolean, got \(got())") }
        return b
    }

    public func optionalBool() throws(RPCError) -> Bool? {
        exists ? try bool() : nil
    }

    public func string() throws(RPCError) -> String {
        guard case .string(let s) = value else { throw fail("expected a string, got \(got())") }
        return s
    }

    public func optionalString() throws(RPCError) -> String? {
        exists ? try string() : nil
    }

    /// A string that must be one of `choices`.
    public func oneOf(_ choices: [String]) throws(RPCError) -> String {
        guard case .string(let s) = value, choices.contains(s) else {
            throw fail("expected one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")), got \(got())")
        }
        return s
    }

    public func optionalOneOf(_ choices: [String]) throws(RPCError) -> String? {
        exists ? try oneOf(choices) : nil
    }

    /// The elements of an array, each with its indexed path.
    public func array(maxCount: Int = 10_000) throws(RPCError) -> [Params] {
        guard case .array(let a) = value else { throw fail("expected an array, got \(got())") }
        guard a.count <= maxCount else { throw fail("expected at most \(maxCount) elements, got \(a.count)") }
        return a.enumerated().map { Params($0.element, location: .element(location, $0.offset)) }
    }

    static func describe(_ r: ClosedRange<Double>) -> String {
        func f(_ d: Double) -> String {
            d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
        }
        switch (r.lowerBound, r.upperBound) {
        case (-1e9, 1e9): return "a number"
        case (let lo, 1e9): return "a number >= \(f(lo))"
        case (-1e9, let hi): return "a number <= \(f(hi))"
        case (let lo, let hi): return "a number in \(f(lo))...\(f(hi))"
        }
    }

    private init(_ value: JSONValue?, location: Location) {
        self.value = value ?? .null
        self.isPresent = value != nil
        self.location = location
    }

    /// A place in the params, rendered lazily.
    private indirect enum Location: Sendable, CustomStringConvertible {
        case root(String)
        case member(Location, String)
        case element(Location, Int)

        var description: String {
            switch self {
            case .root(let name): return name
            case .member(let parent, let key): return "\(parent).\(key)"
            case .element(let parent, let index): return "\(parent)[\(index)]"
            }
        }
    }
}
