import Foundation
import Testing
import SheetRPC

/// CodableJSON writes what Foundation's `JSONEncoder` (`.sortedKeys`) writes — snapshots keep
/// their bytes now that the daemon links no Foundation — and reads it back, reporting failures
/// at the coding path where they happen.
@Suite struct CodableJSONTests {
    enum Mode: String, Codable { case fast, slow }
    enum Shape: Codable, Equatable { case point, circle(radius: Double), pair(Int, String) }
    struct Inner: Codable, Equatable { var zeta: Double; var alpha: [Int]; var mode: Mode }
    struct Sample: Codable, Equatable {
        var b: Bool
        var a10: Int
        var a2: Double
        var B: String
        var optionalPresent: Double?
        var optionalAbsent: Double?
        var nested: Inner
        var list: [Inner]
        var map: [String: Double]
        var shapes: [Shape]
        var small: Int8
        var unsigned: UInt32
    }

    static let sample = Sample(
        b: true, a10: -3, a2: 0.1, B: "é\u{0}\"", optionalPresent: 510, optionalAbsent: nil,
        nested: Inner(zeta: 1e-7, alpha: [1, 2], mode: .slow),
        list: [Inner(zeta: -0.0, alpha: [], mode: .fast), Inner(zeta: 1e16, alpha: [7], mode: .slow)],
        map: ["y": 2.5, "x": 1, "Z": 0.42], shapes: [.point, .circle(radius: 3.25), .pair(4, "four")],
        small: -8, unsigned: 4_000_000_000)

    @Test func encodesWhatJSONEncoderWritesWithSortedKeys() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let foundation = try JSONCodec.decode([UInt8](try encoder.encode(Self.sample)))
        let ours = try CodableJSON.encode(Self.sample)
        #expect(JSONCodec.encodeToString(ours) == JSONCodec.encodeToString(foundation))
        #expect(JSONCodec.encodeToString(ours).hasPrefix(#"{"B":"#))
        #expect(ours["optionalAbsent"] == nil)
    }

    @Test func decodesWhatItEncodes() throws {
        let value = try CodableJSON.encode(Self.sample)
        #expect(try CodableJSON.decode(Sample.self, from: value) == Self.sample)
    }

    @Test func refusesNonFiniteNumbers() {
        #expect(throws: EncodingError.self) { try CodableJSON.encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try CodableJSON.encode(["x": Double.infinity]) }
    }

    @Test func failuresCarryTheirCodingPath() throws {
        func path(of json: String) -> String? {
            do {
                _ = try CodableJSON.decode(Sample.self, from: try JSONCodec.decode(Array(json.utf8)))
                return nil
            } catch let error as DecodingError {
                switch error {
                case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
                    return c.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                case .keyNotFound(let key, let c):
                    return (c.codingPath + [key]).map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                @unknown default:
                    return "?"
                }
            } catch {
                return "not a DecodingError: \(error)"
            }
        }
        let good = try CodableJSON.encode(Self.sample)
        #expect(path(of: JSONCodec.encodeToString(good)) == nil)
        func mutated(_ change: (inout JSONObject) -> Void) -> String {
            guard case .object(var o) = good else { return "" }
            change(&o)
            return JSONCodec.encodeToString(.object(o))
        }
        #expect(path(of: mutated { $0["a10"] = 1.5 }) == ".a10")
        #expect(path(of: mutated { $0["a10"] = "1" }) == ".a10")
        #expect(path(of: mutated { $0["small"] = 300 }) == ".small")
        #expect(path(of: mutated { $0["nested"] = nil }) == ".nested")
        #expect(path(of: mutated { $0["nested"] = .null }) == ".nested")
        #expect(path(of: mutated { $0["list"] = [["zeta": 1, "alpha": [true], "mode": "fast"]] }) == ".list[0].alpha[0]")
        #expect(path(of: mutated { $0["list"] = [["zeta": 1, "alpha": [], "mode": "warp"]] }) == ".list[0].mode")
        #expect(path(of: "null") == "")
    }
}
