/// The JSON type a params member takes on the wire (openrpc.json's `type`).
public enum WireType: String, Sendable, Equatable {
    case number, integer, boolean, string, object, array
    /// A string or an object (a detent, a curve): openrpc.json's `oneOf`.
    case oneOf
}
