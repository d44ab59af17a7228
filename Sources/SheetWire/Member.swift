/// A declared member that reads as `Value`: its `spec` plus its default (absent or `null`).
public struct Member<Value: Sendable>: Sendable {
    public let spec: MemberSpec
    /// The value of an absent member; nil: the member is required (or optional without one).
    public let defaultValue: Value?

    /// Inlinable: called from another module, an opaque getter of the generic `Member<T>` needs
    /// `Member<T>`'s metadata, which the runtime lays out at its first use (about 11k
    /// instructions per `T`); inlined, a static member's name is read in place (the
    /// `initialize` reply reads three).
    @inlinable public var name: String { spec.name }

    init(_ spec: MemberSpec, default defaultValue: Value?) {
        self.spec = spec
        self.defaultValue = defaultValue
    }
}

extension Member where Value == Double {
    /// A number within `range`, required unless it has a default.
    public static func number(_ name: String, in range: ClosedRange<Double>, default value: Double? = nil) -> Self {
        Self(MemberSpec(name, .number, required: value == nil, range: range), default: value)
    }
}

extension Member where Value == Double? {
    /// An optional number within `range` (absent or `null`: nil).
    public static func optionalNumber(_ name: String, in range: ClosedRange<Double>) -> Self {
        Self(MemberSpec(name, .number, required: false, range: range), default: .some(nil))
    }
}

extension Member where Value == Bool {
    /// A boolean, required unless it has a default.
    public static func flag(_ name: String, default value: Bool? = nil) -> Self {
        Self(MemberSpec(name, .boolean, required: value == nil), default: value)
    }
}

extension Member where Value == Bool? {
    /// An optional boolean (absent or `null`: nil).
    public static func optionalFlag(_ name: String) -> Self {
        Self(MemberSpec(name, .boolean, required: false), default: .some(nil))
    }
}

extension Member where Value == String {
    /// A string (a detent or entry id, a path).
    public static func text(_ name: String) -> Self {
        Self(MemberSpec(name, .string, required: true), default: nil)
    }
}

extension Member where Value == String? {
    /// An optional string (absent or `null`: nil).
    public static func optionalText(_ name: String) -> Self {
        Self(MemberSpec(name, .string, required: false), default: .some(nil))
    }
}

extension Member where Value: WireEnum {
    /// One of `Value`'s cases, required unless it has a default; `restricted` values are
    /// supported only on the edges `restriction` names.
    public static func choice(_ name: String, default value: Value? = nil, restricted: [Value] = [],
                              restriction: EdgeSupport = .all) -> Self {
        Self(MemberSpec(name, .string, required: value == nil, choices: Value.choices,
                        restrictedChoices: restricted.map { $0.rawValue }, restriction: restriction), default: value)
    }
}

extension Member {
    /// An optional enum member (absent or `null`: nil).
    public static func optionalChoice<E: WireEnum>(_ name: String) -> Self where Value == E? {
        Self(MemberSpec(name, .string, required: false, choices: E.choices), default: .some(nil))
    }
}
