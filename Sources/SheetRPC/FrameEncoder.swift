/// Frames outgoing message bodies: LSP (`Content-Length: N\r\n\r\n` + body, the header
/// first and alone so strict LSP readers accept it) or NDJSON (body + `\n`).
///
/// A `.auto` encoder writes NDJSON (the decoder reports the detected framing; set
/// `framing` from `FrameDecoder.detected` before writing answers).
public struct FrameEncoder: Sendable {
    public var framing: Framing

    public init(framing: Framing) {
        self.framing = framing
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
}
