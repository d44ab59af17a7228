/// The members of a vector (`translation`, `velocity`): each optional, 0 when absent or `null`.
public enum VectorShape {
    public static let x = MemberSpec("x", .number, required: false)
    public static let y = MemberSpec("y", .number, required: false)
    public static let all = [x, y]
}
