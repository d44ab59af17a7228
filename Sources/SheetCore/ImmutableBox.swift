/// A value held out of line, never mutated: a change stores a new box. Lets a rarely-set or
/// widely-shared member of a per-session struct cost one reference instead of its full size
/// (memory per session), and lets equal values share one box.
final class ImmutableBox<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
