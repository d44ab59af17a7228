/// The number ranges the wire accepts, named once for every member that shares them.
public enum WireRange {
    /// Lengths (pt).
    public static let length: ClosedRange<Double> = 0...100_000
    /// Lengths that must be positive (pt): container sizes, widths.
    public static let positiveLength: ClosedRange<Double> = 1...100_000
    /// Host timestamps (ms).
    public static let time: ClosedRange<Double> = -1e15...1e15
    /// Animation durations (ms).
    public static let duration: ClosedRange<Double> = 0...10_000
    /// Velocities (pt/s).
    public static let velocity: ClosedRange<Double> = -1e6...1e6
    /// Translations (pt).
    public static let translation: ClosedRange<Double> = -1e6...1e6
    /// Scroll offsets (pt).
    public static let scrollOffset: ClosedRange<Double> = -1e7...1e7
    /// Scroll insets (pt).
    public static let scrollInset: ClosedRange<Double> = -1e5...1e5
    /// Scroll content heights (pt).
    public static let contentHeight: ClosedRange<Double> = 0...1e8
    /// Scroll viewport heights (pt).
    public static let viewportHeight: ClosedRange<Double> = 0...1e6
    /// Frames per second on the realtime clock.
    public static let fps: ClosedRange<Double> = 1...240
    /// Request ids the fast path reads (integers).
    public static let requestID: ClosedRange<Double> = -1e15...1e15
}
