/// A closed set of wire strings (`"began"`, `"leftEdge"`, ...): its choices are its cases, written once.
public protocol WireEnum: RawRepresentable, CaseIterable, Sendable, Equatable where RawValue == String {}

extension WireEnum {
    /// Every wire string, in declaration order.
    public static var choices: [String] { allCases.map { $0.rawValue } }
}
