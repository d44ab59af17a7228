/// A value held out of line, never mutated: a change stores a new box. Lets a rarely-set or
/// widely-shared member of a per-session struct cost one reference instead of its full size
/// (memory per session), and lets equal values share one box.
final class ImmutableBox<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}

/// A value most sessions leave at its default, held out of line: no reference at all (`nil`)
/// while it is the default, one `ImmutableBox` otherwise. What a per-session struct pays for a
/// member it rarely changes is then 8 bytes, not the member's size (memory per session).
struct OutOfLine<Value: DefaultedValue>: Sendable {
    private var box: ImmutableBox<Value>?

    init(_ value: Value) { box = value.isDefault ? nil : ImmutableBox(value) }

    var value: Value {
        get { box?.value ?? Value.defaultValue }
        set { box = newValue.isDefault ? nil : ImmutableBox(newValue) }
    }
}

extension OutOfLine: Equatable where Value: Equatable {
    static func == (a: OutOfLine, b: OutOfLine) -> Bool {
        a.box === b.box || a.value == b.value
    }
}

/// A value with a default that `OutOfLine` stores as no box at all.
protocol DefaultedValue: Sendable {
    static var defaultValue: Self { get }
    /// Whether this is the default (it may then be dropped and rebuilt as `defaultValue`).
    var isDefault: Bool { get }
}
