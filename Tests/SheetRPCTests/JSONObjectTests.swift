import Testing
import SheetRPC

/// JSONObject keeps insertion order and answers lookups the same below and above the size at
/// which it starts indexing its keys.
@Suite struct JSONObjectTests {
    @Test(arguments: [3, 12, 13, 200])
    func lookupsOrderAndRemovalAtAnySize(count: Int) {
        var o = JSONObject()
        for i in 0..<count { o["k\(i)"] = .int(Int64(i)) }
        #expect(o.count == count)
        #expect(o.keys == (0..<count).map { "k\($0)" })
        for i in 0..<count { #expect(o["k\(i)"] == .int(Int64(i))) }
        #expect(o["missing"] == nil)
        // Replacing keeps the position; removing closes the gap and keeps lookups right.
        o["k0"] = "first"
        #expect(o.keys.first == "k0" && o["k0"] == "first")
        o["k1"] = nil
        #expect(o.count == count - 1 && o["k1"] == nil)
        if count > 2 { #expect(o["k2"] == .int(2)) }
        o["k1"] = true
        #expect(o.keys.last == "k1")
        #expect(String(decoding: JSONCodec.encode(.object(o)), as: UTF8.self).hasPrefix(#"{"k0":"first""#))
    }

    @Test func equalityIsByOrderedMembers() {
        let a: JSONObject = ["x": 1, "y": 2]
        var b = JSONObject()
        b["x"] = 1
        b["y"] = 2
        #expect(a == b)
        let c: JSONObject = ["y": 2, "x": 1]
        #expect(a != c)
    }
}
