import SheetRPC

/// Small helpers shared by the transport end-to-end tests.
enum T {
    static func code(_ v: JSONValue) -> Int64? {
        if case .int(let i)? = v["error"]?["code"] { return i }
        return nil
    }

    static let container: JSONValue = ["container": ["width": 390, "height": 844]]

    /// A deterministic PRNG (no Foundation randomness, reproducible failures).
    struct Rng {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func pick<E>(_ xs: [E]) -> E { xs[Int(next() % UInt64(xs.count))] }
    }

    /// `count` lines of random bytes (never a newline inside a line).
    static func junkLines(_ count: Int, seed: UInt64) -> [UInt8] {
        var rng = Rng(state: seed)
        var out: [UInt8] = []
        for _ in 0..<count {
            let n = 1 + Int(rng.next() % 120)
            for _ in 0..<n {
                var b = UInt8(truncatingIfNeeded: rng.next())
                if b == 10 { b = 11 }
                out.append(b)
            }
            out.append(10)
        }
        return out
    }
}
