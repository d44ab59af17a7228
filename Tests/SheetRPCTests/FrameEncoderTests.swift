import Testing
import SheetRPC

@Suite struct FrameEncoderTests {
    @Test func framesLSP() {
        let out = FrameEncoder(framing: .lsp).frame(Array("{\"a\":\"é\"}".utf8))
        #expect(String(decoding: out, as: UTF8.self) == "Content-Length: 10\r\n\r\n{\"a\":\"é\"}")
    }

    @Test func framesNDJSON() {
        let out = FrameEncoder(framing: .ndjson).frame(Array("{}".utf8))
        #expect(out == Array("{}\n".utf8))
    }

    /// Bodies written in place frame to the same bytes as bodies framed from an array, also
    /// when the length changes its number of digits from one message to the next (the LSP
    /// header's room is sized for the previous length).
    @Test(arguments: [Framing.lsp, .ndjson])
    func framingInPlaceEqualsFramingABody(_ framing: Framing) {
        var inPlace = FrameEncoder(framing: framing)
        let reference = FrameEncoder(framing: framing)
        let buffer = MessageBuffer(capacity: 4)
        var expected: [UInt8] = []
        for length in [2, 9, 10, 5, 99, 100, 12_345, 1_000, 7, 100_000, 3] {
            let body = Array(("\"" + String(repeating: "x", count: length - 2) + "\"").utf8)
            inPlace.frame(into: buffer, bound: body.count + 50) { $0.json(body) }
            reference.frame(body, into: &expected)
        }
        #expect(Array(buffer.bytes) == expected)
    }

    @Test func encoderAndDecoderAgree() {
        for framing in [Framing.lsp, .ndjson] {
            let enc = FrameEncoder(framing: framing)
            var stream: [UInt8] = []
            let bodies = ["{\"a\":1}", "[1,2]", "{\"s\":\"line\\nbreak\"}"].map { Array($0.utf8) }
            for b in bodies { enc.frame(b, into: &stream) }
            var dec = FrameDecoder(mode: .auto)
            dec.feed(stream)
            var got: [[UInt8]] = []
            while case .message(let m)? = dec.next() { got.append(m) }
            #expect(got == bodies)
            #expect(dec.detected == framing)
        }
    }
}
