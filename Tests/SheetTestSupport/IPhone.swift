import SheetCore
import SheetRPC

/// The iPhone-like container of the protocol's examples (390 × 844 pt, safe area 47 / 34), in
/// each form the test targets speak it.
public enum IPhone {
    public static let width = 390.0
    public static let height = 844.0
    public static let safeTop = 47.0
    public static let safeBottom = 34.0

    /// As the engine takes it.
    public static let container = Container(width: width, height: height, safeArea: Insets(top: safeTop, bottom: safeBottom))

    /// As `session.create`'s `container` member.
    public static let json: JSONValue = ["width": .number(width), "height": .number(height),
                                         "safeArea": ["top": .number(safeTop), "bottom": .number(safeBottom)]]
}
