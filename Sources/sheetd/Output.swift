#if canImport(Glibc)
import Glibc
#endif
import SheetRPC

/// The protocol output: a private dup of the original stdout, written as messages are
/// produced and never blocking the loop.
///
/// - `claimStdout()` dups fd 1 for protocol bytes and then points fd 1 at stderr, so a stray
///   `print` can never corrupt the stream. A pipe or socket is made non-blocking (a tty or a
///   file is left as it is: writing to them does not wait on a reader).
/// - `send` frames each message straight into a queue of chunks (up to 64 KiB of whole
///   messages each; a frame's members are written there by the service's frame writer) and
///   writes as soon as 64 KiB are pending; the loop calls `write()` each turn and
///   on `POLLOUT`. A write takes what the fd accepts and never waits.
/// - `isFull` once more than `limit` (8 MiB) is pending: the loop then takes no more work.
/// - `supersedesFrames` (realtime clock): a message of kind `.frame(session:)` replaces the
///   pending frame of the same session if not a byte of it was written yet — the old one is
///   dropped, the new one queued at the end. Nothing else is ever dropped or reordered.
/// - Once a write fails for another reason than `EAGAIN` (`EPIPE`...), `readerGone` is set
///   and everything pending is discarded.
final class ProtocolOutput: RPCOutput {
    let fd: Int32
    var encoder: FrameEncoder
    /// Pending bytes above which `isFull` is true.
    let limit: Int
    /// Realtime clock: keep at most the newest pending frame per session.
    var supersedesFrames = false
    private(set) var readerGone = false
    /// Bytes queued and not yet written.
    private(set) var pendingBytes = 0
    /// Frames dropped because a newer frame of their session came before they were written.
    private(set) var droppedFrames = 0

    /// A run of whole framed messages, or (`isFrame`) one superseding frame; `buffer` nil once
    /// written or superseded. Plain data: its buffer is held by hand (`Unmanaged`: retained
    /// once when made, released when dropped for good), and spare buffers are kept the same
    /// way, so queuing, writing, recycling and clearing chunks counts no references.
    private struct Chunk {
        var buffer: Unmanaged<MessageBuffer>?
        var isFrame: Bool
    }

    private static let chunkBytes = 64 * 1024
    private var chunks: [Chunk] = []
    /// First chunk not completely written, and how much of it was.
    private var head = 0
    private var headWritten = 0
    /// Emptied (superseded) chunks still in `chunks`.
    private var droppedChunks = 0
    /// Session handle → index in `chunks` of its newest queued frame (`supersedesFrames` only).
    private var newestFrame: [Int: Int] = [:]
    /// Written chunks kept for reuse (one write can finish several: up to `maxSpares` are
    /// kept, so a steady stream allocates no chunk), written or superseded frames' buffers
    /// kept for reuse (so a frame costs no allocation), and the gather buffer for runs of
    /// small chunks.
    private var spares: [Unmanaged<MessageBuffer>] = []
    private static let maxSpares = 8
    private var spareFrames: [Unmanaged<MessageBuffer>] = []
    private let staging = MessageBuffer(capacity: ProtocolOutput.chunkBytes)
    private let originalFlags: Int32

    init(fd: Int32, framing: Framing, limit: Int = 8 << 20) {
        self.fd = fd
        self.encoder = FrameEncoder(framing: framing)
        self.limit = limit
        originalFlags = fcntl(fd, F_GETFL)
        var st = stat()
        if fstat(fd, &st) == 0 && originalFlags >= 0 {
            let type = st.st_mode & S_IFMT
            if type == S_IFIFO || type == S_IFSOCK {
                _ = fcntl(fd, F_SETFL, originalFlags | O_NONBLOCK)
            }
        }
    }

    deinit {
        for j in chunks.indices { chunks[j].buffer?.release() }
        for b in spares { b.release() }
        for b in spareFrames { b.release() }
    }

    /// Dups fd 1 (close-on-exec) for the protocol and redirects fd 1 to stderr.
    static func claimStdout(framing: Framing) -> ProtocolOutput {
        let fd = fcntl(1, F_DUPFD_CLOEXEC, 3)
        if dup2(2, 1) < 0 {
            // No stderr: stray output goes nowhere rather than into the protocol stream.
            let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
            if null >= 0 {
                dup2(null, 1)
                close(null)
            }
        }
        return ProtocolOutput(fd: fd < 0 ? 1 : fd, framing: framing)
    }

    /// Gives the fd back its original flags (the pipe may be shared with the host).
    func restoreFlags() {
        if originalFlags >= 0 { _ = fcntl(fd, F_SETFL, originalFlags) }
    }

    // MARK: RPCOutput

    var isFull: Bool { pendingBytes > limit }

    /// Frames and queues one message, its body written by `write` straight into the chunk;
    /// writes once 64 KiB are pending.
    func send(_ kind: RPCMessageKind, bound: Int, _ write: (inout JSONWriter) -> Void) {
        guard !readerGone else { return }
        if supersedesFrames, case .frame(let session) = kind {
            if let i = newestFrame[session], i > head || (i == head && headWritten == 0) {
                pendingBytes -= withBuffer(ofChunk: i) { $0.count }
                retire(i)
                droppedChunks += 1
                droppedFrames += 1
            }
            let buffer = spareFrames.popLast() ?? .passRetained(MessageBuffer(capacity: bound + FrameEncoder.maxFramingBytes))
            pendingBytes += buffer._withUnsafeGuaranteedRef { b in
                encoder.frame(into: b, bound: bound, write)
                return b.count
            }
            newestFrame[session] = chunks.count
            chunks.append(Chunk(buffer: buffer, isFrame: true))
        } else {
            // A new chunk when the last one is written, a frame of its own, or too full for
            // this message (a chunk never grows past 64 KiB for a message that fits one).
            if chunks.count == head || !lastChunkTakes(bound) {
                let fresh = spares.popLast() ?? .passRetained(MessageBuffer(capacity: Self.chunkBytes))
                chunks.append(Chunk(buffer: fresh, isFrame: false))
            }
            pendingBytes += withBuffer(ofChunk: chunks.count - 1) { buffer in
                let before = buffer.count
                encoder.frame(into: buffer, bound: bound, write)
                return buffer.count - before
            }
        }
        if pendingBytes >= nextWriteAttempt { self.write() }
    }

    /// Whether a message of `bound` bytes goes at the end of the last chunk: a chunk of
    /// messages (not a frame of its own), started, with room for it.
    private func lastChunkTakes(_ bound: Int) -> Bool {
        let last = chunks.count - 1
        guard !chunks[last].isFrame else { return false }
        return withBuffer(ofChunk: last) { bytes in
            bytes.count > 0 && bytes.count + bound + FrameEncoder.maxFramingBytes <= bytes.capacity
        }
    }

    /// Runs `body` with the buffer of chunk `i` (which has one), held by the chunk throughout.
    /// `body` must not remove the chunk, and does not: it only reads or writes the buffer.
    private func withBuffer<R>(ofChunk i: Int, _ body: (MessageBuffer) -> R) -> R {
        chunks[i].buffer.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
    }

    /// Whether chunk `i` has nothing to write (written, superseded, or not yet filled).
    private func isEmpty(_ i: Int) -> Bool {
        guard let b = chunks[i].buffer else { return true }
        return b._withUnsafeGuaranteedRef { $0.count == 0 }
    }

    /// `send` writes each time another 64 KiB are pending (not for every message while the
    /// reader is stalled).
    private var nextWriteAttempt = ProtocolOutput.chunkBytes

    // MARK: Writing

    var hasPending: Bool { pendingBytes > 0 }

    /// Part of a chunk is written: the stream stops inside a message until it completes.
    var isMidChunk: Bool { headWritten > 0 }

    /// Writes what the fd takes without waiting; `false` once the reader is gone.
    @discardableResult
    func write() -> Bool {
        guard !readerGone else { return false }
        defer { nextWriteAttempt = pendingBytes + Self.chunkBytes }
        while head < chunks.count {
            if isEmpty(head) {
                consume(0)
                continue
            }
            let first = withBuffer(ofChunk: head) { $0.count } - headWritten
            let n: Int
            if first >= Self.chunkBytes / 4 || head + 1 == chunks.count {
                n = withBuffer(ofChunk: head) { Glibc.write(fd, $0.bytes.baseAddress! + headWritten, first) }
            } else {
                // A run of small chunks (frames): gather them into one write.
                staging.removeAll()
                withBuffer(ofChunk: head) { staging.append(UnsafeRawBufferPointer(rebasing: $0.bytes[headWritten...])) }
                var j = head + 1
                while j < chunks.count {
                    if isEmpty(j) {
                        j += 1
                        continue
                    }
                    guard withBuffer(ofChunk: j, { staging.count + $0.count <= Self.chunkBytes }) else { break }
                    withBuffer(ofChunk: j) { staging.append($0.bytes) }
                    j += 1
                }
                n = Glibc.write(fd, staging.bytes.baseAddress!, staging.count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                discardAll()
                return false
            }
            consume(n)
        }
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: chunks.capacity <= 4096)
            head = 0
            droppedChunks = 0
            if !newestFrame.isEmpty { newestFrame.removeAll(keepingCapacity: newestFrame.count <= 4096) }
        } else if head + droppedChunks >= 1024 && (head + droppedChunks) * 2 >= chunks.count {
            compact()
        }
        return true
    }

    /// Queues several message bodies (`replay`, which does not pause).
    func append(_ bodies: [[UInt8]]) {
        for b in bodies { send(.response, b) }
    }

    /// Writes everything pending, waiting for the reader as long as it takes; `false` once
    /// the reader is gone (`replay`).
    @discardableResult
    func flush() -> Bool {
        while write() && hasPending {
            var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&pfd, 1, -1)
        }
        return !readerGone
    }

    /// Marks `n` written bytes done, releasing finished chunks (and superseded ones in the way).
    private func consume(_ n: Int) {
        pendingBytes -= n
        var left = n
        while head < chunks.count {
            if isEmpty(head) {
                retire(head)
                droppedChunks -= 1
                head += 1
                continue
            }
            let rest = withBuffer(ofChunk: head) { $0.count } - headWritten
            if left < rest {
                headWritten += left
                return
            }
            left -= rest
            retire(head)
            head += 1
            headWritten = 0
        }
    }

    /// Keeps the buffer of chunk `i`, written or superseded, for reuse, and leaves the chunk
    /// empty. The buffer is moved out, not copied: no reference is counted per written chunk.
    private func retire(_ i: Int) {
        guard let buffer = chunks[i].buffer.take() else { return }
        let capacity = buffer._withUnsafeGuaranteedRef { b in
            b.removeAll()
            return b.capacity
        }
        if chunks[i].isFrame {
            guard spareFrames.count < 1024 else { return buffer.release() }
            spareFrames.append(buffer)
        } else if capacity >= Self.chunkBytes && spares.count < Self.maxSpares {
            if spares.capacity < Self.maxSpares { spares.reserveCapacity(Self.maxSpares) }
            spares.append(buffer)
        } else {
            buffer.release()
        }
    }

    /// Drops written and superseded chunks from the queue (amortised: runs once they are
    /// at least half of it) and rebuilds the session index.
    private func compact() {
        var kept: [Chunk] = []
        kept.reserveCapacity(chunks.count - head - droppedChunks)
        var moved: [Int: Int] = [:]  // old index → new, of the frames kept
        for j in head..<chunks.count {
            if isEmpty(j) {
                retire(j)  // (a chunk made but not filled keeps no buffer)
                continue
            }
            if chunks[j].isFrame { moved[j] = kept.count }
            kept.append(chunks[j])
        }
        chunks = kept
        head = 0
        droppedChunks = 0
        // A session's newest frame is in the queue until it is written: kept, at its new place.
        newestFrame = newestFrame.compactMapValues { moved[$0] }
    }

    /// Keeps only the chunk being written (giving up on the rest, at a message boundary).
    func discardAllButCurrentChunk() {
        guard head < chunks.count else { return }
        for j in (head + 1)..<chunks.count { retire(j) }
        chunks.removeSubrange((head + 1)...)
        pendingBytes = withBuffer(ofChunk: head) { $0.count } - headWritten
        droppedChunks = 0
        newestFrame.removeAll()
    }

    private func discardAll() {
        readerGone = true
        for j in chunks.indices { retire(j) }
        chunks = []
        newestFrame = [:]
        head = 0
        headWritten = 0
        pendingBytes = 0
    }
}
