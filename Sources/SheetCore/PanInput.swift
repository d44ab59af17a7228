/// `input.pan`'s phase.
public enum PanPhase: String, Sendable {
    case began, changed, ended, cancelled
}

/// `input.pan`'s source.
public enum PanSource: String, Sendable {
    case sheet, leftEdge, bottomEdge, grabber
}

/// A 2-D value (translation in pt, velocity in pt/s).
public struct Vector: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
