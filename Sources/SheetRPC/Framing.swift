/// How messages are delimited on the byte stream.
///
/// - `lsp`: the LSP base protocol, `Content-Length: N\r\n\r\n` + N bytes.
/// - `ndjson`: one JSON message per line.
/// - `auto`: decided by the first non-whitespace byte (`{` or `[` means NDJSON, anything
///   else LSP headers).
public enum Framing: String, Sendable, Equatable, CaseIterable {
    case auto
    case lsp
    case ndjson
}

/// A framing-level failure reported by `FrameDecoder`; the decoder has already
/// resynchronised when it reports one.
public enum FrameError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A message larger than the limit; its bytes were skipped. `size` is the announced
    /// `Content-Length` (LSP) or `nil` when the size is unknown (an NDJSON line).
    case oversize(limit: Int, size: Int?)
    /// An LSP header block that could not be understood; the reader skipped to the next
    /// `Content-Length:` header.
    case malformedHeader(String)
    /// The input ended in the middle of an LSP message.
    case truncated(expected: Int, received: Int)

    public var description: String {
        switch self {
        case .oversize(let limit, let size?):
            return "message of \(size) bytes exceeds the limit of \(limit) bytes (--max-message-bytes); skipped"
        case .oversize(let limit, nil):
            return "message exceeds the limit of \(limit) bytes (--max-message-bytes); skipped"
        case .malformedHeader(let m):
            return "malformed LSP header: \(m)"
        case .truncated(let expected, let received):
            return "input ended inside a message: expected \(expected) bytes, received \(received)"
        }
    }
}
