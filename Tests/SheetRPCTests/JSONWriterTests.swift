import Testing
@testable import SheetRPC

/// The direct writer and the short-decimal formatter keep the codec's exact bytes.
@Suite struct JSONWriterTests {
    /// What `appendDouble` wrote before the fast path: Swift's shortest description.
    static func described(_ d: Double) -> String {
        var s = d.description
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }

    @Test func shortDecimalsPrintAsSwiftsShortestForm() {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [0.1, -0.1, 0.0001, -0.0001, 0.5, 1.25, 844.001, 999_999_999.9999, -123.456, 0.3, 0.42]
        for _ in 0..<20_000 {
            let n = Int64.random(in: -9_999_999_999_999...9_999_999_999_999, using: &rng)
            values.append(Double(n) / [10.0, 100, 1000, 10_000][Int.random(in: 0..<4, using: &rng)])
            values.append(Double.random(in: -1000...1000, using: &rng))  // mostly not short: the slow path
        }
        for d in values where d != d.rounded() {
            #expect(String(decoding: JSONCodec.encode(.double(d)), as: UTF8.self) == Self.described(d), "\(d)")
        }
    }

    @Test func writerBytesEqualTheCodecsForTheSameValue() {
        let buffer = MessageBuffer(capacity: 8)  // grows to the bound
        let weird = "é \"quoted\" \\ \n\u{1}"
        let numbers: [Double?] = [0, -0.0, 1, -1, 0.42, 1e21, .leastNonzeroMagnitude, 1e-7, 123456.789, .nan, .infinity, 9_007_199_254_740_994, nil]
        buffer.write(bound: 4096) { w in
            w.beginObject()
            w.string("s", "plain")
            w.string("w", weird)
            w.int("i", -1234567)
            w.bool("t", true)
            w.bool("f", false)
            w.null("n")
            w.beginArray("a")
            for d in numbers {
                w.beginObject()
                w.number("v", d)
                w.endObject()
            }
            w.endArray()
            w.beginObject("o")
            w.endObject()
            w.endObject()
        }
        let items: [JSONValue] = numbers.map { d in ["v": d.map { .number($0) } ?? .null] }
        let value: JSONValue = ["s": "plain", "w": .string(weird), "i": -1234567, "t": true, "f": false, "n": nil,
                                "a": .array(items), "o": [:]]
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == JSONCodec.encodeToString(value))
    }

    /// Runs of fixed text and bare values (how frames and envelopes are written) give the
    /// codec's bytes for the same members.
    @Test func runsAndBareValuesEqualTheCodecsBytes() {
        let buffer = MessageBuffer(capacity: 8)
        let weird = "é \"quoted\" \\ \n\u{1}"
        let numbers: [Double?] = [0, -0.0, 1, -1, 0.42, -0.0001, 844.5, 1e21, 1e-7, .nan, nil, 9_007_199_254_740_994]
        buffer.write(bound: 4096) { w in
            w.run(#"{"s":"#)
            w.value("plain")
            w.run(#","w":"#)
            w.value(weird)
            w.run(#","i":"#)
            w.value(-1234567)
            w.run(#","a":["#)
            for (k, d) in numbers.enumerated() {
                if k > 0 { w.run(",") }
                w.value(d)
            }
            w.run(#"],"e":"#)
            w.run(Array(#"["x"]"#.utf8))
            w.run("}")
        }
        let value: JSONValue = ["s": "plain", "w": .string(weird), "i": -1234567,
                                "a": .array(numbers.map { d in d.map { .number($0) } ?? .null }), "e": ["x"]]
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == JSONCodec.encodeToString(value))
    }

    /// A number formatted once (a tick's `t`) is written as the same bytes as the number
    /// itself, for every kind of double: grid times, short decimals, integers, the longest
    /// shortest forms, and what JSON has no number for.
    @Test func formattedNumbersWriteTheSameBytesAsTheNumber() {
        var numbers: [Double] = [0, -0.0, 1, -1, 0.42, 844.5, 1e21, 1e-7, .nan, .infinity, -.infinity,
                                 9_007_199_254_740_994, -2.2250738585072014e-308, .greatestFiniteMagnitude,
                                 .leastNonzeroMagnitude, -1.7976931348623157e308]
        for fps in [30.0, 60, 120, 144] {
            for k in [1, 7, 59, 1001, 123_457] { numbers.append(Double(k) * (1000 / fps)) }
        }
        let direct = MessageBuffer(capacity: 8), formatted = MessageBuffer(capacity: 8)
        for d in numbers {
            direct.write(bound: 96) { $0.run(#","t":"#, d) }
            formatted.write(bound: 96) { $0.run(#","t":"#, FormattedNumber(d)) }
        }
        #expect(String(decoding: formatted.bytes, as: UTF8.self) == String(decoding: direct.bytes, as: UTF8.self))
        #expect(String(decoding: formatted.bytes, as: UTF8.self).contains(#","t":16.666666666666668"#))
    }

    /// Doubles the short paths decline (any bit pattern: long fractions, exponents, huge
    /// integers, subnormals, what JSON has no number for, realtime-clock times) are written as
    /// `JSONCodec.appendNumber` writes them.
    @Test func everyDoubleWritesTheCodecsBytes() {
        var rng = SystemRandomNumberGenerator()
        var numbers: [Double] = [.nan, .infinity, -.infinity, 1e16, -1e16, 1e15 + 0.5, 9_007_199_254_740_994,
                                 .greatestFiniteMagnitude, .leastNonzeroMagnitude, 5e-324, 1e-5, 0.00012345]
        for _ in 0..<20_000 {
            numbers.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng)))
            numbers.append(Double(UInt64.random(in: 0...10_000_000_000_000, using: &rng)) / 1e6)  // ms from ns
            numbers.append(Double.random(in: -1e6...1e6, using: &rng))
        }
        let buffer = MessageBuffer(capacity: 8)
        var expected: [UInt8] = []
        buffer.write(bound: 40 * numbers.count) { w in
            for (k, d) in numbers.enumerated() {
                if k > 0 { w.run(",") }
                w.value(d)
            }
        }
        for (k, d) in numbers.enumerated() {
            if k > 0 { expected.append(UInt8(ascii: ",")) }
            JSONCodec.appendNumber(d, into: &expected)
        }
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    /// Integers at every power of ten and its neighbours, both signs, and the extremes, as
    /// Swift prints them (digits are written two per division).
    @Test func integersPrintAsSwiftDoes() {
        var values: [Int] = [0, Int.max, Int.min + 1]
        var p = 1
        for _ in 0..<18 {
            values += [p - 1, p, p + 1, -(p - 1), -p, -(p + 1)]
            p *= 10
        }
        let buffer = MessageBuffer(capacity: 8)
        buffer.write(bound: 64 * values.count) { w in
            for (k, i) in values.enumerated() {
                if k > 0 { w.run(",") }
                w.value(i)
            }
        }
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == values.map(String.init).joined(separator: ","))
    }
}

