#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An incremental message splitter: feed it byte chunks of any size (a message split across
/// reads, many messages in one read) and pull `Event`s with `next()` until it returns `nil`.
///
/// Framings (see `Framing`):
/// - **auto**: leading whitespace is skipped; the first other byte decides: `{` or `[` is
///   NDJSON, anything else LSP. `detected` reports the choice.
/// - **LSP**: a header block of `Name: value` lines (`\r\n` or `\n`), names case-insensitive;
///   `Content-Length` is required, other headers (`Content-Type`) are ignored; then exactly
///   N body bytes. Blank lines between messages are tolerated. A malformed block yields one
///   `.error(.malformedHeader)` and the reader skips to the next `Content-Length:` (resync).
/// - **NDJSON**: one message per line; blank lines are ignored, `\r\n` is tolerated.
///
/// Size limit: a message over `maxMessageBytes` yields one `.error(.oversize)` and its bytes
/// are skipped — exactly N bytes for LSP (even across reads), up to the next newline for
/// NDJSON — so the stream resynchronises on the next frame. Memory stays bounded by about
/// the limit plus one read.
public struct FrameDecoder: Sendable {
    /// One thing the decoder found on the stream.
    public enum Event: Sendable, Equatable {
        /// A complete message body (framing removed).
        case message([UInt8])
        /// A framing failure; the decoder has already resynchronised.
        case error(FrameError)
    }

    /// The configured mode.
    public let mode: Framing
    /// The framing in use: the configured one, or for `.auto` the detected one (`nil` until
    /// the first non-whitespace byte arrives).
    public private(set) var detected: Framing?
    /// Largest accepted message body, in bytes.
    public var maxMessageBytes: Int
    /// Largest accepted LSP header line, in bytes.
    public var maxHeaderLineBytes: Int = 8 * 1024

    private enum State: Sendable {
        case detecting
        case lspHeader(length: Int?, lines: Int)
        case lspBody(Int)
        case lspSkip(Int)
        case lspResync
        case ndjsonLine
        case ndjsonSkip
    }

    private var state: State
    private var buf: [UInt8] = []
    private var start = 0  // first unconsumed byte
    private var scan = 0  // where the next search for a delimiter continues (>= start)

    /// The default size limit: 1 MiB.
    public static let defaultMaxMessageBytes = 1 << 20

    public init(mode: Framing = .auto, maxMessageBytes: Int = FrameDecoder.defaultMaxMessageBytes) {
        self.mode = mode
        self.maxMessageBytes = max(1, maxMessageBytes)
        switch mode {
        case .auto: state = .detecting; detected = nil
        case .lsp: state = .lspHeader(length: nil, lines: 0); detected = .lsp
        case .ndjson: state = .ndjsonLine; detected = .ndjson
        }
    }

    /// Bytes received but not yet consumed.
    public var bufferedByteCount: Int { buf.count - start }

    /// Appends a chunk of input.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buf.append(contentsOf: bytes)
    }

    /// Appends a chunk of input.
    public mutating func feed(_ bytes: [UInt8]) {
        compact()
        buf.append(contentsOf: bytes)
    }

    /// Appends a chunk of input.
    public mutating func feed(_ bytes: ArraySlice<UInt8>) {
        compact()
        buf.append(contentsOf: bytes)
    }

    private mutating func compact() {
        if start == buf.count {
            buf.removeAll(keepingCapacity: buf.capacity <= 4 * 1024 * 1024)
            start = 0
            scan = 0
        } else if start > 64 * 1024 && start * 2 > buf.count {
            buf.removeSubrange(0..<start)
            scan -= start
            start = 0
        }
    }

    /// What `nextInPlace()` found: a message as a range of the decoder's buffer (read it
    /// with `message(_:)` before the next `feed` or `finish`), or a framing error.
    public enum Found: Sendable, Equatable {
        case message(Range<Int>)
        case error(FrameError)
    }

    /// The next event, or `nil` when more input is needed.
    public mutating func next() -> Event? {
        switch nextInPlace() {
        case nil: return nil
        case .message(let r)?: return .message(Array(buf[r]))
        case .error(let e)?: return .error(e)
        }
    }

    /// The bytes of a message `nextInPlace()` found, in the decoder's buffer (no copy): valid
    /// until the next `feed` or `finish`.
    public func message(_ range: Range<Int>) -> ArraySlice<UInt8> { buf[range] }

    /// Calls `body` with a message `nextInPlace()` found, where it lies in the decoder's
    /// buffer, and a way to take it as an `ArraySlice` (`message(_:)`). The bytes cost nothing;
    /// a slice retains the buffer, so a reader that usually needs only the bytes (the
    /// daemon's fast path) takes the slice only when it must.
    public func withMessage<R>(_ range: Range<Int>,
                               _ body: (UnsafeRawBufferPointer, () -> ArraySlice<UInt8>) -> R) -> R {
        buf.withUnsafeBytes { all in
            body(UnsafeRawBufferPointer(rebasing: all[range]), { buf[range] })
        }
    }

    /// `next()` without copying a message out of the buffer (the daemon reads each message
    /// where it arrived, nothing allocated per message).
    public mutating func nextInPlace() -> Found? {
        while true {
            switch state {
            case .detecting:
                while start < buf.count, FrameDecoder.isSpace(buf[start]) { start += 1 }
                scan = start
                guard start < buf.count else { return nil }
                let c = buf[start]
                if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                    detected = .ndjson
                    state = .ndjsonLine
                } else {
                    detected = .lsp
                    state = .lspHeader(length: nil, lines: 0)
                }

            case .ndjsonLine:
                guard let nl = find(10, from: scan) else {
                    scan = buf.count
                    if buf.count - start > maxMessageBytes + 1 {
                        start = buf.count
                        scan = start
                        state = .ndjsonSkip
                        return .error(.oversize(limit: maxMessageBytes, size: nil))
                    }
                    return nil
                }
                var end = nl
                if end > start && buf[end - 1] == 13 { end -= 1 }
                let lineStart = start
                start = nl + 1
                scan = start
                if end - lineStart > maxMessageBytes {
                    return .error(.oversize(limit: maxMessageBytes, size: end - lineStart))
                }
                var blank = true
                for i in lineStart..<end where !FrameDecoder.isSpace(buf[i]) {
                    blank = false
                    break
                }
                if blank { continue }
                return .message(lineStart..<end)

            case .ndjsonSkip:
                if let nl = find(10, from: start) {
                    start = nl + 1
                    scan = start
                    state = .ndjsonLine
                } else {
                    start = buf.count
                    scan = start
                    return nil
                }

            case .lspHeader(let length, let lines):
                guard let nl = find(10, from: scan) else {
                    scan = buf.count
                    if buf.count - start > maxHeaderLineBytes {
                        // Resync searches the rest of this over-long line too.
                        start += 1
                        scan = start
                        state = .lspResync
                        return .error(.malformedHeader("header line longer than \(maxHeaderLineBytes) bytes"))
                    }
                    return nil
                }
                if nl - start > maxHeaderLineBytes {
                    start += 1  // resync searches the rest of this over-long line too
                    scan = start
                    state = .lspResync
                    return .error(.malformedHeader("header line longer than \(maxHeaderLineBytes) bytes"))
                }
                var end = nl
                if end > start && buf[end - 1] == 13 { end -= 1 }
                let lineStart = start
                start = nl + 1
                scan = start
                if end == lineStart {
                    // End of a header block (or a stray blank line between messages).
                    if let n = length {
                        if n > maxMessageBytes {
                            state = .lspSkip(n)
                            return .error(.oversize(limit: maxMessageBytes, size: n))
                        }
                        state = .lspBody(n)
                    } else if lines > 0 {
                        state = .lspHeader(length: nil, lines: 0)
                        return .error(.malformedHeader("missing Content-Length"))
                    }
                    continue
                }
                switch parseHeader(lineStart..<end) {
                case .contentLength(let n):
                    state = .lspHeader(length: n, lines: lines + 1)
                case .other:
                    state = .lspHeader(length: length, lines: lines + 1)
                case .bad(let why):
                    state = .lspResync
                    scan = start
                    return .error(.malformedHeader(why))
                }

            case .lspBody(let n):
                guard buf.count - start >= n else { return nil }
                let body = start..<start + n
                start += n
                scan = start
                state = .lspHeader(length: nil, lines: 0)
                return .message(body)

            case .lspSkip(let remaining):
                let take = min(remaining, buf.count - start)
                start += take
                scan = start
                if take == remaining {
                    state = .lspHeader(length: nil, lines: 0)
                } else {
                    state = .lspSkip(remaining - take)
                    return nil
                }

            case .lspResync:
                if let at = findContentLength(from: scan) {
                    start = at
                    scan = at
                    state = .lspHeader(length: nil, lines: 0)
                } else {
                    // Keep a tail that could be the beginning of "Content-Length:".
                    start = max(start, buf.count - 14)
                    scan = start
                    return nil
                }
            }
        }
    }

    /// Call at end of input: the remaining events, including a final NDJSON line without a
    /// newline and an error for a message cut off by the end of input.
    public mutating func finish() -> [Event] {
        var events: [Event] = []
        while let e = next() { events.append(e) }
        let rest = buf[start...]
        let meaningful = rest.contains { !FrameDecoder.isSpace($0) }
        switch state {
        case .ndjsonLine where meaningful:
            var end = buf.count
            if buf[end - 1] == 13 { end -= 1 }
            if end - start > maxMessageBytes {
                events.append(.error(.oversize(limit: maxMessageBytes, size: end - start)))
            } else {
                events.append(.message(Array(buf[start..<end])))
            }
        case .lspBody(let n):
            events.append(.error(.truncated(expected: n, received: buf.count - start)))
        case .lspHeader(_, let lines) where meaningful || lines > 0:
            events.append(.error(.malformedHeader("input ended inside a header block")))
        default:
            break
        }
        start = buf.count
        scan = start
        compact()
        return events
    }

    // MARK: Helpers

    private static func isSpace(_ c: UInt8) -> Bool {
        c == 32 || c == 10 || c == 13 || c == 9
    }

    private func find(_ byte: UInt8, from: Int) -> Int? {
        guard from < buf.count else { return nil }
        return buf.withUnsafeBufferPointer { p -> Int? in
            let base = p.baseAddress!
            guard let hit = memchr(base + from, Int32(byte), p.count - from) else { return nil }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        }
    }

    private static let contentLengthLower: [UInt8] = Array("content-length:".utf8)

    private func findContentLength(from: Int) -> Int? {
        let needle = FrameDecoder.contentLengthLower
        guard buf.count - from >= needle.count else { return nil }
        var i = from
        let last = buf.count - needle.count
        while i <= last {
            if buf[i] | 0x20 == needle[0] {
                var j = 1
                while j < needle.count, FrameDecoder.lower(buf[i + j]) == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    private static func lower(_ c: UInt8) -> UInt8 {
        (c >= 65 && c <= 90) ? c | 0x20 : c
    }

    private enum Header {
        case contentLength(Int)
        case other
        case bad(String)
    }

    private func parseHeader(_ r: Range<Int>) -> Header {
        var colon: Int?
        for i in r where buf[i] == UInt8(ascii: ":") {
            colon = i
            break
        }
        func show() -> String {
            let s = String(decoding: buf[r.lowerBound..<min(r.upperBound, r.lowerBound + 40)], as: UTF8.self)
            return s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined()
        }
        guard let colon, colon > r.lowerBound else {
            return .bad("expected 'Name: value', got '\(show())'")
        }
        for i in r.lowerBound..<colon {
            let c = buf[i]
            // RFC 7230 token characters (visible ASCII except separators).
            if c <= 32 || c >= 127 || c == UInt8(ascii: "(") || c == UInt8(ascii: ")") || c == UInt8(ascii: "<")
                || c == UInt8(ascii: ">") || c == UInt8(ascii: "@") || c == UInt8(ascii: ",") || c == UInt8(ascii: ";")
                || c == UInt8(ascii: "\\") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "/")
                || c == UInt8(ascii: "[") || c == UInt8(ascii: "]") || c == UInt8(ascii: "?")
                || c == UInt8(ascii: "=") || c == UInt8(ascii: "{") || c == UInt8(ascii: "}")
            {
                return .bad("invalid header name in '\(show())'")
            }
        }
        let name = FrameDecoder.contentLengthLower
        let isContentLength = colon - r.lowerBound == name.count - 1
            && (0..<(name.count - 1)).allSatisfy { FrameDecoder.lower(buf[r.lowerBound + $0]) == name[$0] }
        guard isContentLength else { return .other }
        var v = colon + 1
        var e = r.upperBound
        while v < e, buf[v] == 32 || buf[v] == 9 { v += 1 }
        while e > v, buf[e - 1] == 32 || buf[e - 1] == 9 { e -= 1 }
        guard v < e, e - v <= 15 else { return .bad("invalid Content-Length value in '\(show())'") }
        var n = 0
        for i in v..<e {
            let c = buf[i]
            guard c >= 48 && c <= 57 else { return .bad("invalid Content-Length value in '\(show())'") }
            n = n * 10 + Int(c - 48)
        }
        return .contentLength(n)
    }
}
