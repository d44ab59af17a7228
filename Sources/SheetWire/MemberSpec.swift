/// One declared params member: what reading it, the unknown-member check, its error messages,
/// the edge restriction and the openrpc.json check all read.
public struct MemberSpec: Sendable {
    /// The member's wire name.
    public let name: String
    /// Its JSON type.
    public let type: WireType
    /// Whether a call without it is refused.
    public let required: Bool
    /// The numbers it accepts (a number member).
    public let range: ClosedRange<Double>?
    /// The strings it accepts (an enum member), from the enum's cases.
    public let choices: [String]
    /// The openrpc.json schema it follows (`Vector`, `Container`, ...), for an object or a list.
    public let schema: String?
    /// Values only some edges support (`source: "leftEdge"`: an interactive pop, bottom only).
    public let restrictedChoices: [String]
    /// Which edges support `restrictedChoices`.
    public let restriction: EdgeSupport

    public init(_ name: String, _ type: WireType, required: Bool, range: ClosedRange<Double>? = nil,
                choices: [String] = [], schema: String? = nil, restrictedChoices: [String] = [],
                restriction: EdgeSupport = .all) {
        self.name = name
        self.type = type
        self.required = required
        self.range = range
        self.choices = choices
        self.schema = schema
        self.restrictedChoices = restrictedChoices
        self.restriction = restriction
    }

    /// An object or list member following the openrpc.json schema `schema`.
    public static func shaped(_ name: String, _ schema: String, _ type: WireType = .object, required: Bool) -> MemberSpec {
        MemberSpec(name, type, required: required, schema: schema)
    }
}
