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
