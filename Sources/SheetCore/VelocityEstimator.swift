/// Estimates a drag's velocity from timestamped position samples, for hosts that cannot
/// measure it themselves (web pointer events).
///
/// `velocity()` is the least-squares slope of position over time across the samples that lie
/// within `window` milliseconds of the newest one, in points per second.
///
/// Rules, chosen so that the estimate is deterministic and never infinite or NaN:
/// - Non-finite times or values are ignored.
/// - A sample with the same timestamp as a stored one *replaces* it (the later report is the
///   more recent position; averaging would invent a position nobody reported).
/// - A sample older than the newest but still inside the window is inserted in time order;
///   one older than the window (a clock restart or a new gesture) resets the estimator first.
/// - Fewer than two distinct timestamps in the window give 0: with no time spread there is no
///   motion to measure (a single sample after a pause longer than the window means the finger
///   rested).
/// - At most `capacity` samples are kept; the oldest go first.
public struct VelocityEstimator: Sendable, Equatable {
    /// One position report.
    public struct Sample: Sendable, Equatable {
        /// Milliseconds, any epoch.
        public var time: Double
        /// Position along the drag axis (pt).
        public var value: Double

        public init(time: Double, value: Double) {
            self.time = time
            self.value = value
        }
    }

    /// How far back from the newest sample the fit looks (ms).
    public private(set) var window: Double
    /// The most samples kept.
    public private(set) var capacity: Int
    /// Stored samples, strictly ascending in time.
    public var samples: [Sample] {
        buffer.count < capacity || head == 0 ? buffer : Array(buffer[head...] + buffer[..<head])
    }
    /// The samples as a ring once `capacity` are held: the oldest at `head`, the newest just
    /// before it. A drag step that adds the newest sample then overwrites one slot, the
    /// oldest, instead of shifting all the others down (31 samples, 496 bytes, on every step
    /// of a drag longer than 32 steps). Until it is full, `head` is 0 and `buffer` is in
    /// order; the first sample reserves room for `capacity` (one allocation per drag, not one
    /// per doubling).
    private var buffer: [Sample] = []
    private var head = 0

    /// - Parameters:
    ///   - window: fit window in ms (default 100; clamped to 1...10 000).
    ///   - capacity: samples kept (default 32; clamped to 2...1024).
    public init(window: Double = 100, capacity: Int = 32) {
        self.window = window.isFinite ? min(max(window, 1), 10_000) : 100
        self.capacity = min(max(capacity, 2), 1024)
    }

    /// An estimator that saw `samples` (in any order): window and capacity clamped as in
    /// `init`, the samples replayed through `add`, so it obeys the same rules (a snapshot's).
    package init(window: Double, capacity: Int, replaying samples: [Sample]) {
        self.init(window: window, capacity: capacity)
        for s in samples { add(time: s.time, value: s.value) }
    }

    /// The newest sample's slot in `buffer`.
    private var newestIndex: Int { (head == 0 ? buffer.count : head) - 1 }

    /// Records the position `value` (pt) at `time` (ms).
    public mutating func add(time: Double, value: Double) {
        guard time.isFinite, value.isFinite else { return }
        let sample = Sample(time: time, value: value)
        guard !buffer.isEmpty else {
            buffer.reserveCapacity(capacity)
            buffer.append(sample)
            return
        }
        let newest = buffer[newestIndex]
        if time > newest.time {
            // The common case: the ring's oldest slot takes it once full.
            if buffer.count < capacity {
                buffer.append(sample)
            } else {
                buffer[head] = sample
                head = head + 1 == capacity ? 0 : head + 1
            }
        } else if time == newest.time {
            buffer[newestIndex] = sample
        } else if time < newest.time - window {
            buffer.removeAll(keepingCapacity: true)
            buffer.append(sample)
            head = 0
        } else {
            // Inside the window but out of order: keep the samples sorted (in order, no ring).
            var ordered = samples
            let index = ordered.firstIndex { $0.time >= time } ?? ordered.count
            if index < ordered.count, ordered[index].time == time {
                ordered[index] = sample
            } else {
                ordered.insert(sample, at: index)
            }
            if ordered.count > capacity {
                ordered.removeFirst(ordered.count - capacity)
            }
            buffer = ordered
            head = 0
        }
    }

    /// The storage a drag step writes, for a caller that prefetches it: the array's header
    /// and the slot the next sample goes to (not the whole array: a step touches those only).
    @inline(__always)
    func nextSlotStorage(_ body: (UnsafeRawPointer, Int) -> Void) {
        let header = Array<Sample>.storageHeaderBytes, stride = MemoryLayout<Sample>.stride
        buffer.withStorageBlock { start, _ in
            body(start, header)
            body(start + header + (buffer.count < capacity ? buffer.count : head) * stride, stride)
        }
    }

    /// The estimated velocity (pt/s); 0 when the window holds fewer than two distinct times.
    public func velocity() -> Double {
        let samples = self.samples
        guard let newest = samples.last else { return 0 }
        let cutoff = newest.time - window
        let recent = samples.filter { $0.time >= cutoff }
        guard recent.count >= 2 else { return 0 }
        // Work relative to the newest sample: the differences of nearby epoch times are
        // exact, so large clocks (ms since 1970) lose no precision.
        let n = Double(recent.count)
        var meanT = 0.0, meanV = 0.0
        for s in recent {
            meanT += s.time - newest.time
            meanV += s.value - newest.value
        }
        meanT /= n
        meanV /= n
        var stt = 0.0, stv = 0.0
        for s in recent {
            let dt = (s.time - newest.time) - meanT
            stt += dt * dt
            stv += dt * ((s.value - newest.value) - meanV)
        }
        guard stt > 0, stt.isFinite else { return 0 }
        let slope = stv / stt * 1000
        return slope.isFinite ? slope : 0
    }

    /// Forgets every sample (a new gesture).
    public mutating func reset() {
        buffer.removeAll()
        head = 0
    }

    /// Equal when the window, the capacity and the samples (in time order) are: where the
    /// ring starts is not part of the value.
    public static func == (a: VelocityEstimator, b: VelocityEstimator) -> Bool {
        a.window == b.window && a.capacity == b.capacity && a.samples == b.samples
    }
}
