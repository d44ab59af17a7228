import Testing
import SheetRPC

/// Helpers: feed chunks, collect events as readable values.
private enum Ev: Equatable {
    case msg(String)
    case err(FrameError)
}

private func run(_ dec: inout FrameDecoder, _ chunks: [[UInt8]], finish: Bool = false) -> [Ev] {
    var out: [Ev] = []
    func conv(_ e: FrameDecoder.Event) -> Ev {
        switch e {
        case .message(let m): return .msg(String(decoding: m, as: UTF8.self))
        case .error(let e): return .err(e)
        }
    }
    for c in chunks {
        dec.feed(c)
        while let e = dec.next() { out.append(conv(e)) }
    }
    if finish { out += dec.finish().map(conv) }
    return out
}

private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

private func lsp(_ body: String, extra: String = "") -> String {
    "Content-Length: \(body.utf8.count)\r\n\(extra)\r\n\(body)"
}

/// Splits `data` into chunks of `size` bytes.
private func chunked(_ data: [UInt8], _ size: Int) -> [[UInt8]] {
    stride(from: 0, to: data.count, by: size).map { Array(data[$0..<min($0 + size, data.count)]) }
}

@Suite struct FrameDecoderTests {
    let a = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\"}"
    let b = "[{\"jsonrpc\":\"2.0\",\"method\":\"b\",\"params\":{\"s\":\"é\"}}]"

    // MARK: Auto detection

    @Test func autoDetectsNDJSON() {
        var d = FrameDecoder()
        #expect(d.detected == nil)
        #expect(run(&d, [bytes("  \n\t")]) == [])
        #expect(d.detected == nil)
        #expect(run(&d, [bytes("\(a)\n")]) == [.msg(a)])
        #expect(d.detected == .ndjson)
        var d2 = FrameDecoder()
        #expect(run(&d2, [bytes("\(b)\n")]) == [.msg(b)])
        #expect(d2.detected == .ndjson)
    }

    @Test func autoDetectsLSP() {
        var d = FrameDecoder()
        #expect(run(&d, [bytes("\r\n" + lsp(a))]) == [.msg(a)])
        #expect(d.detected == .lsp)
    }

    // MARK: NDJSON

    @Test func ndjsonManyInOneRead() {
        var d = FrameDecoder(mode: .ndjson)
        #expect(run(&d, [bytes("\(a)\n\(b)\r\n\n   \n\(a)\n")]) == [.msg(a), .msg(b), .msg(a)])
    }

    @Test func ndjsonSplitAcrossReads() {
        let stream = bytes("\(a)\n\(b)\r\n\(a)\n")
        for size in [1, 2, 3, 7, 50] {
            var d = FrameDecoder(mode: .ndjson)
            #expect(run(&d, chunked(stream, size)) == [.msg(a), .msg(b), .msg(a)], "chunk size \(size)")
        }
    }

    @Test func ndjsonFinalLineWithoutNewlineAtEOF() {
        var d = FrameDecoder(mode: .ndjson)
        #expect(run(&d, [bytes("\(a)\n\(b)")]) == [.msg(a)])
        #expect(d.finish() == [.message(bytes(b))])
    }

    @Test func ndjsonOversizeSkipsTheLineAndResyncs() {
        let big = "{\"x\":\"" + String(repeating: "z", count: 200) + "\"}"
        // Whole line in one read: size known.
        var d = FrameDecoder(mode: .ndjson, maxMessageBytes: 100)
        #expect(run(&d, [bytes("\(big)\n\(a)\n")]) == [.err(.oversize(limit: 100, size: big.utf8.count)), .msg(a)])
        // Dribbled in: the error comes once, before the newline, and the rest of the line is skipped.
        var d2 = FrameDecoder(mode: .ndjson, maxMessageBytes: 100)
        let events = run(&d2, chunked(bytes("\(a)\n\(big)\n\(a)\n"), 16))
        #expect(events == [.msg(a), .err(.oversize(limit: 100, size: nil)), .msg(a)])
        #expect(d2.bufferedByteCount < 200)
    }

    @Test func ndjsonExactlyAtTheLimitIsAccepted() {
        var d = FrameDecoder(mode: .ndjson, maxMessageBytes: a.utf8.count)
        #expect(run(&d, [bytes("\(a)\r\n")]) == [.msg(a)])
    }

    // MARK: LSP

    @Test func lspManyInOneRead() {
        var d = FrameDecoder(mode: .lsp)
        let s = lsp(a) + lsp(b, extra: "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n") + lsp(a)
        #expect(run(&d, [bytes(s)]) == [.msg(a), .msg(b), .msg(a)])
    }

    @Test func lspSplitAcrossReads() {
        let stream = bytes(lsp(a) + lsp(b) + lsp(a))
        for size in [1, 2, 5, 13, 64] {
            var d = FrameDecoder(mode: .lsp)
            #expect(run(&d, chunked(stream, size)) == [.msg(a), .msg(b), .msg(a)], "chunk size \(size)")
        }
    }

    @Test func lspHeadersAreCaseInsensitiveAndOrderFree() {
        var d = FrameDecoder(mode: .lsp)
        let s = "content-type: x\r\nCONTENT-LENGTH:\(a.utf8.count)  \r\n\r\n\(a)"
            + "Content-Length: \(b.utf8.count)\n\n\(b)"
        #expect(run(&d, [bytes(s)]) == [.msg(a), .msg(b)])
    }

    @Test func lspOversizeSkipsExactlyNBytesAcrossReads() {
        let big = "{\"x\":\"" + String(repeating: "}", count: 300) + "\"}"  // body full of frame-like bytes
        let stream = bytes(lsp(a) + lsp(big) + lsp(b))
        for size in [1, 7, 40, 1000] {
            var d = FrameDecoder(mode: .lsp, maxMessageBytes: 100)
            #expect(run(&d, chunked(stream, size))
                == [.msg(a), .err(.oversize(limit: 100, size: big.utf8.count)), .msg(b)], "chunk size \(size)")
        }
    }

    @Test func lspOversizeBodyLookingLikeHeadersIsStillSkipped() {
        let tricky = String(repeating: lsp(a), count: 10)  // the skipped body contains frames
        var d = FrameDecoder(mode: .lsp, maxMessageBytes: 100)
        let s = lsp(tricky) + lsp(b)
        #expect(run(&d, [bytes(s)]) == [.err(.oversize(limit: 100, size: tricky.utf8.count)), .msg(b)])
    }

    @Test func hugeSkippedMessagesKeepMemoryBounded() {
        var d = FrameDecoder(mode: .lsp, maxMessageBytes: 1000)
        let total = 8 * 1024 * 1024
        d.feed(bytes("Content-Length: \(total)\r\n\r\n"))
        #expect(d.next() == .error(.oversize(limit: 1000, size: total)))
        let chunk = [UInt8](repeating: UInt8(ascii: "{"), count: 64 * 1024)
        for _ in 0..<(total / chunk.count) {
            d.feed(chunk)
            #expect(d.next() == nil)
            #expect(d.bufferedByteCount == 0)
        }
        #expect(run(&d, [bytes(lsp(a))]) == [.msg(a)])

        var n = FrameDecoder(mode: .ndjson, maxMessageBytes: 1000)
        var events: [FrameDecoder.Event] = []
        for _ in 0..<128 {
            n.feed(chunk)
            while let e = n.next() { events.append(e) }
            #expect(n.bufferedByteCount <= 1002)
        }
        #expect(events == [.error(.oversize(limit: 1000, size: nil))])
        #expect(run(&n, [bytes("\n\(a)\n")]) == [.msg(a)])
    }

    @Test func lspMalformedHeaderResyncsAtNextContentLength() {
        var d = FrameDecoder(mode: .lsp)
        let s = lsp(a) + "this is not a header\r\nmore junk\r\n\r\n{\"junk\":1}" + lsp(b)
        let ev = run(&d, [bytes(s)])
        #expect(ev.count == 3)
        #expect(ev.first == .msg(a))
        if case .err(.malformedHeader(let why)) = ev[1] {
            #expect(why.contains("this is not a header"))
        } else {
            Issue.record("expected a malformed header error, got \(ev[1])")
        }
        #expect(ev.last == .msg(b))
    }

    @Test func lspMalformedHeaderResyncAcrossReads() {
        let s = bytes("garbage line\r\n" + String(repeating: "x", count: 50) + "\r\nCont" + lsp(a).dropFirst(4) + lsp(b))
        for size in [1, 3, 8, 100] {
            var d = FrameDecoder(mode: .lsp)
            let ev = run(&d, chunked(s, size))
            #expect(ev.count == 3, "chunk size \(size): \(ev)")
            #expect(ev.dropFirst().elementsEqual([.msg(a), .msg(b)]))
        }
    }

    @Test func lspBadContentLengthValues() {
        for bad in ["Content-Length: -5", "Content-Length: abc", "Content-Length: ", "Content-Length: 99999999999999999999"] {
            var d = FrameDecoder(mode: .lsp)
            let ev = run(&d, [bytes("\(bad)\r\n\r\n{}" + lsp(a))])
            #expect(ev.count == 2, "\(bad): \(ev)")
            if case .err(.malformedHeader) = ev.first {} else { Issue.record("\(bad): \(ev)") }
            #expect(ev.last == .msg(a))
        }
    }

    @Test func lspMissingContentLength() {
        var d = FrameDecoder(mode: .lsp)
        let ev = run(&d, [bytes("Content-Type: x\r\n\r\n" + lsp(a))])
        #expect(ev == [.err(.malformedHeader("missing Content-Length")), .msg(a)])
    }

    @Test func lspHugeHeaderLineIsAnErrorNotUnboundedBuffering() {
        var d = FrameDecoder(mode: .lsp)
        let junk = [UInt8](repeating: UInt8(ascii: "q"), count: 20_000)
        let ev = run(&d, chunked(junk, 1000) + [bytes("\r\n" + lsp(a))])
        #expect(ev.count == 2)
        #expect(ev.last == .msg(a))
        #expect(d.bufferedByteCount == 0)
    }

    @Test func lspFrameRightAfterAnOverlongJunkLineIsFound() {
        let junk = String(repeating: "q", count: 9000)
        for size in [1, 100, 5000, 100_000] {
            var d = FrameDecoder(mode: .lsp)
            let ev = run(&d, chunked(bytes(junk + lsp(a) + lsp(b)), size))
            #expect(ev.count == 3, "chunk size \(size): \(ev)")
            #expect(ev.dropFirst().elementsEqual([.msg(a), .msg(b)]), "chunk size \(size)")
        }
    }

    @Test func lspTruncatedAtEOF() {
        var d = FrameDecoder(mode: .lsp)
        let full = bytes(lsp(a))
        #expect(run(&d, [Array(full.dropLast(3))], finish: true)
            == [.err(.truncated(expected: a.utf8.count, received: a.utf8.count - 3))])
    }

    @Test func randomBytesNeverTrapAndLaterFramesArrive() {
        var rng = SplitMix(seed: 42)
        for mode in [Framing.lsp, .ndjson, .auto] {
            var d = FrameDecoder(mode: mode, maxMessageBytes: 64)
            var junk: [UInt8] = []
            for _ in 0..<4000 { junk.append(UInt8(truncatingIfNeeded: rng.next())) }
            _ = run(&d, chunked(junk, 97))
            // After junk: a newline (ends any NDJSON line) then a valid frame in that framing.
            let tail = (d.detected ?? .lsp) == .lsp ? "\r\n\r\n" + lsp(a) : "\n" + a + "\n"
            let ev = run(&d, [bytes(tail)])
            #expect(ev.last == .msg(a), "\(mode): \(ev.suffix(2))")
        }
    }
}

/// A tiny deterministic PRNG for tests.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
