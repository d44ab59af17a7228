/// Frames outgoing message bodies: LSP (`Content-Length: N\r\n\r\n` + body, the header
/// first and alone so strict LSP readers accept it) or NDJSON (body + `\n`).
///
/// `frame(into:bound:_:)` writes the body straight into the caller's buffer. For LSP it
/// leaves room for the header in front, sized for the previous body's length, writes the
/// body, then writes the header into that room; only when the length has a different
/// number of digits than the previous one does the body move (by a byte or two).
///
/// A `.auto` encoder writes NDJSON (the decoder reports the detected framing; set
/// `framing` from `FrameDecoder.detected` before writing answers).
public struct FrameEncoder: Sendable {
    public var framing: Framing
    /// Digits of the last LSP body length: the room left for the next header.
    private var lengthDigits = 3

    public init(framing: Framing) {
        self.framing = framing
    }

    /// The most framing adds to a body: an LSP header with a 20-digit length.
    public static let maxFramingBytes = headerBytes(digits: 20)

    /// Appends one framed message to `out`, its body written by `write` (at most `bound` bytes).
    public mutating func frame(into out: MessageBuffer, bound: Int, _ write: (inout JSONWriter) -> Void) {
        switch framing {
        case .lsp:
            let start = out.count
            out.reserve(Self.maxFramingBytes + bound)
            let room = Self.headerBytes(digits: lengthDigits)
            out.count += room
            let n = out.write(bound: bound, write)
            let digits = Self.digits(n)
            let header = Self.headerBytes(digits: digits)
            if header != room {
                UnsafeMutableRawPointer(out.base + start + header)
                    .copyMemory(from: out.base + start + room, byteCount: n)  // memmove: the ranges overlap
                out.count = start + header + n
            }
            Self.writeHeader(length: n, digits: digits, at: out.base + start)
            lengthDigits = digits
        case .ndjson, .auto:
            out.reserve(bound + 1)
            out.write(bound: bound, write)
            out.base[out.count] = 10
            out.count += 1
        }
    }

    /// Appends the framed `body` to `out`.
    public func frame(_ body: [UInt8], into out: inout [UInt8]) {
        switch framing {
        case .lsp:
            out.append(contentsOf: FrameEncoder.contentLength)
            JSONCodec.appendInt(Int64(body.count), into: &out)
            out.append(contentsOf: [13, 10, 13, 10])
            out.append(contentsOf: body)
        case .ndjson, .auto:
            out.append(contentsOf: body)
            out.append(10)
        }
    }

    /// The framed `body`.
    public func frame(_ body: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(body.count + 24)
        frame(body, into: &out)
        return out
    }

    private static let contentLength: [UInt8] = Array("Content-Length: ".utf8)

    /// `Content-Length: ` + digits + `\r\n\r\n`
    private static func headerBytes(digits: Int) -> Int { 16 + digits + 4 }

    private static func digits(_ n: Int) -> Int {
        var d = 1
        var m = n
        while m >= 10 {
            m /= 10
            d += 1
        }
        return d
    }

    private static func writeHeader(length n: Int, digits: Int, at p: UnsafeMutablePointer<UInt8>) {
        contentLength.withUnsafeBufferPointer { p.update(from: $0.baseAddress!, count: $0.count) }
        var q = p + 16 + digits
        var m = n
        repeat {
            q -= 1
            q.pointee = UInt8(48 + m % 10)
            m /= 10
        } while m > 0
        q = p + 16 + digits
        q[0] = 13
        q[1] = 10
        q[2] = 13
        q[3] = 10
    }
}
