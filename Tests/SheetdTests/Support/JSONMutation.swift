import SheetRPC

/// One step into a JSON value: an object member or an array element.
enum PathStep: Equatable {
    case key(String)
    case index(Int)
}

/// Edits and seeded random damage of JSON values, for tests that feed hostile input.
enum JSONMutation {
    /// `value` with the place at `path` replaced by `new` (`nil` deletes an object member).
    static func set(_ value: JSONValue, _ path: [PathStep], _ new: JSONValue?) -> JSONValue {
        set(value, path[...], new)
    }

    static func set(_ value: JSONValue, _ path: ArraySlice<PathStep>, _ new: JSONValue?) -> JSONValue {
        guard let step = path.first else { return new ?? .null }
        switch (step, value) {
        case (.key(let k), .object(var o)):
            if path.count == 1 {
                o[k] = new
            } else if let child = o[k] {
                o[k] = set(child, path.dropFirst(), new)
            }
            return .object(o)
        case (.index(let i), .array(var a)) where a.indices.contains(i):
            if path.count == 1, new == nil {
                a.remove(at: i)
            } else {
                a[i] = set(a[i], path.dropFirst(), new)
            }
            return .array(a)
        default:
            return value
        }
    }

    /// Every place in `value`, with its value.
    static func places(_ value: JSONValue, _ prefix: [PathStep] = []) -> [([PathStep], JSONValue)] {
        var out: [([PathStep], JSONValue)] = [(prefix, value)]
        switch value {
        case .object(let o):
            for (k, v) in o.members { out += places(v, prefix + [.key(k)]) }
        case .array(let a):
            for (i, v) in a.enumerated() { out += places(v, prefix + [.index(i)]) }
        default:
            break
        }
        return out
    }

    static let numbers: [Double] = [0, -0.0, -1, 1, 0.5, 1e-300, .leastNonzeroMagnitude, -1e-300, 17, 256, 257, 1e5, 1e6 + 1,
                                    1e15, 1e16, -1e15, -1e16, 1e300, -1e300, 1.7976931348623157e308, 9007199254740992]
    static let strings = ["", "fit", "medium", "large", "nope", "a", "b", "c", "leftEdge", "scroll", "sheet",
                          "push", "pop", "hidden", "shown", "presenting", "detent", "slide", "edge", "🙂"]

    /// `value` with one mutation, chosen by three numbers (any values; they are reduced):
    /// at place `place` (of `places(value)`), operation `op` — a number pushed to an extreme,
    /// a member deleted, an array emptied or flooded, an element duplicated (duplicate ids), a
    /// wrong type, a string swapped, or a value copied from elsewhere in the tree — with
    /// `choice` picking the new value. Shared by the tests and fuzz/RestoreFuzz.swift.
    static func mutate(_ value: JSONValue, place: Int, op: Int, choice: Int) -> JSONValue {
        let all = places(value)
        let (path, old) = all[abs(place % all.count)]
        guard !path.isEmpty else { return value }
        let c = abs(choice)
        switch abs(op % 9) {
        case 0, 1:
            if old.doubleValue != nil || c % 4 == 0 { return set(value, path, .number(numbers[c % numbers.count] * (c % 2 == 0 ? 1 : -1))) }
            return set(value, path, .string(strings[c % strings.count]))
        case 2:
            return set(value, path, nil)
        case 3:
            return set(value, path, .array([]))
        case 4:
            if case .array(let a) = old, let first = a.first {
                return set(value, path, .array(a + Array(repeating: first, count: [1, 16, 300][c % 3])))
            }
            return set(value, path, .array([old, old]))
        case 5:
            return set(value, path, [JSONValue.null, .bool(true), .string("x"), .object(JSONObject()), .int(3)][c % 5])
        case 6:
            if case .string = old { return set(value, path, .string(strings[c % strings.count])) }
            return set(value, path, .number(numbers[c % numbers.count]))
        case 7:
            return set(value, path, all[c % all.count].1)
        default:
            if let d = old.doubleValue { return set(value, path, .number(d * [-1, 2, 1e3, 1e9, 0.001][c % 5])) }
            return set(value, path, nil)
        }
    }
}
