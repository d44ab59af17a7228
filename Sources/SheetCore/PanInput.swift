/// `input.pan`'s phase.
public enum PanPhase: String, Sendable, Codable {
    case began, changed, ended, cancelled
}

/// `input.pan`'s source.
public enum PanSource: String, Sendable, Codable {
    case sheet, leftEdge, bottomEdge, grabber
}

/// A 2-D value (translation in pt, velocity in pt/s).
public struct Vector: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
