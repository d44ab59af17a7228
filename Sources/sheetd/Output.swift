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
/// - `send` frames each message straight onto the end of a queue of chunks (up to 64 KiB of
///   whole messages each; a frame's members are written there by the service's frame writer),
///   frames and every other message alike, and writes as soon as 64 KiB are pending; the loop
///   calls `write()` each turn and on `POLLOUT`. A write is one `writev` of the pending byte
///   ranges of the first chunks (at most 1,024 ranges), takes what the fd accepts and never
///   waits; one that ends inside a range goes on from there next time.
/// - `isFull` once more than `limit` (8 MiB) is pending: the loop then takes no more work.
/// - A pipe grows with the output (`pipeGrowthLimit`, 1 MiB for stdout): when a write finds
///   more pending than the pipe holds, the pipe is made big enough for all of it (a power of
///   two, up to the limit; `F_SETPIPE_SZ`). A tick over 10,000 sessions (3.3 MB) then
///   crosses in a few fills, not in 50, each of which waits for the reader to be scheduled.
///   Output that never has more pending than the pipe holds (a few sessions, even with a
///   stalled reader on the realtime clock) leaves it at its size, so a slow reader is never
///   handed more stale frames than one burst of output.
/// - `supersedesFrames` (realtime clock): a message of kind `.frame(session:)` replaces the
///   pending frame of the same session if not a byte of it was written yet. The old frame's
///   bytes stay where they are in their chunk but become a hole (each chunk keeps its holes
///   as a list of offset-ordered byte ranges, adjacent ones merged), which writing skips; the
///   new one is queued at the end like any message. So the bytes on the wire are exactly
///   the messages not superseded, in the order they were sent: nothing else is ever dropped
///   or reordered. The newest pending frame of each session is found in `FrameIndex`, an
///   open-addressing table keyed by the session's integer handle, holding where the frame
///   is (chunk, offset, length). A chunk left with nothing but holes gives its buffer back
///   at once; when holes hold more memory than what is pending (and 1 MiB), the pending
///   ranges are packed into fresh chunks (`compact()`), so memory stays bounded by what is
///   pending even when a few frames pin many chunks.
/// - Once a write fails for another reason than `EAGAIN` (`EPIPE`...), `readerGone` is set
///   and everything pending is discarded.
/// - Nothing is allocated or reference-counted per message in the steady state: chunk
///   buffers are held by hand (`Unmanaged`: retained once when made, released when dropped
///   for good), written chunks' buffers are kept for reuse (`spares`, so a steady stream
///   allocates no chunk), and the holes, the frame index and the `writev` ranges are flat
///   storage that is emptied (the index by bumping a generation), not freed, when the queue
///   drains.
final class ProtocolOutput: RPCOutput {
    let fd: Int32
    var encoder: FrameEncoder
    /// Pending bytes above which `isFull` is true.
    let limit: Int
    /// Realtime clock: keep at most the newest pending frame per session.
    var supersedesFrames = false
    private(set) var readerGone = false
    /// Bytes queued and not yet written (holes do not count).
    private(set) var pendingBytes = 0
    /// Frames dropped because a newer frame of their session came before they were written.
    private(set) var droppedFrames = 0
    /// Times the pending bytes were packed into fresh chunks (`compact()`).
    private(set) var compactions = 0

    /// A run of whole framed messages, some of which may have been superseded (holes);
    /// `buffer` nil once written, or once nothing but holes is left of it. Plain data: its
    /// buffer is held by hand (`Unmanaged`), so queuing, writing, recycling and clearing
    /// chunks counts no references.
    private struct Chunk {
        var buffer: Unmanaged<MessageBuffer>?
        /// Bytes in its holes not yet passed by writing (so a message costs no update here:
        /// what is left to write of it is `count` less the written part less this).
        var holed = 0
        /// The first and the last of its holes (indices in `holes`, in offset order), -1: none.
        var firstHole: Int32 = -1
        var lastHole: Int32 = -1

        init(buffer: Unmanaged<MessageBuffer>) { self.buffer = buffer }
    }

    /// Superseded bytes in a chunk, never begun to be written: whole messages (one frame, or
    /// several adjacent ones merged). Linked in offset order through `next` (-1: the last);
    /// free entries are linked from `freeHole`.
    private struct Hole {
        var offset: Int
        var length: Int
        var next: Int32
    }

    private static let chunkBytes = 64 * 1024
    private var chunks: [Chunk] = []
    /// First chunk not completely written, how far into it writing got (written bytes and the
    /// holes skipped), and whether a byte of it was written.
    private var head = 0
    private var headWritten = 0
    private var headStarted = false
    /// Chunks past the head emptied by superseding (no buffer), still in `chunks`.
    private var emptiedChunks = 0
    /// Every chunk's holes, and the chain of free entries.
    private var holes: [Hole] = []
    private var freeHole: Int32 = -1
    /// Bytes in holes of chunks that still hold a buffer.
    private var holeBytes = 0
    /// Hole bytes from which `compact()` packs the pending bytes (when they are also more
    /// than what is pending): 1 MiB (tests make it small).
    private let compactHoleBytes: Int
    /// Session handle → where its newest queued frame is (`supersedesFrames` only).
    private var newestFrame = FrameIndex()
    /// Written or emptied chunks' buffers kept for reuse (one write can finish several, and
    /// superseding can empty several: up to `maxSpares` are kept, so a steady stream
    /// allocates no chunk).
    private var spares: [Unmanaged<MessageBuffer>] = []
    private static let maxSpares = 16
    /// The byte ranges of one `writev`: at most `maxRanges` (IOV_MAX on Linux) and about
    /// `maxGather` bytes.
    private let ranges: UnsafeMutablePointer<iovec>
    private static let maxRanges = 1024
    private static let maxGather = 1 << 20
    private let originalFlags: Int32
    /// What the pipe holds (bytes) while it may still grow; `Int.max` once it may not (not a
    /// pipe, grown to `pipeGrowthLimit`, or the kernel refused).
    private(set) var pipeBytes = Int.max
    /// The size a pipe grows up to (0: it keeps its size).
    let pipeGrowthLimit: Int

    /// `F_GETPIPE_SZ` and `F_SETPIPE_SZ` (Linux; Glibc does not export them to Swift).
    static let getPipeSize: Int32 = 1032
    static let setPipeSize: Int32 = 1031

    init(fd: Int32, framing: Framing, limit: Int = 8 << 20, compactHoleBytes: Int = 1 << 20,
         pipeGrowthLimit: Int = 0) {
        self.fd = fd
        self.encoder = FrameEncoder(framing: framing)
        self.limit = limit
        self.compactHoleBytes = compactHoleBytes
        self.pipeGrowthLimit = pipeGrowthLimit
        ranges = .allocate(capacity: Self.maxRanges)
        originalFlags = fcntl(fd, F_GETFL)
        var st = stat()
        if fstat(fd, &st) == 0 && originalFlags >= 0 {
            let type = st.st_mode & S_IFMT
            if type == S_IFIFO || type == S_IFSOCK {
                _ = fcntl(fd, F_SETFL, originalFlags | O_NONBLOCK)
            }
            if type == S_IFIFO {
                let size = Int(fcntl(fd, Self.getPipeSize))
                if size > 0 && size < pipeGrowthLimit { pipeBytes = size }
            }
        }
    }

    deinit {
        for j in chunks.indices { chunks[j].buffer?.release() }
        for b in spares { b.release() }
        newestFrame.deallocate()
        ranges.deallocate()
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
        return ProtocolOutput(fd: fd < 0 ? 1 : fd, framing: framing, pipeGrowthLimit: 1 << 20)
    }

    /// Gives the fd back its original flags (the pipe may be shared with the host).
    func restoreFlags() {
        if originalFlags >= 0 { _ = fcntl(fd, F_SETFL, originalFlags) }
    }

    // MARK: RPCOutput

    var isFull: Bool { pendingBytes > limit }

    /// Frames and queues one message, its body written by `write` straight into the last
    /// chunk; on the realtime clock a frame makes its session's pending one a hole. Writes
    /// once 64 KiB are pending.
    func send(_ kind: RPCMessageKind, bound: Int, _ write: (inout JSONWriter) -> Void) {
        guard !readerGone else { return }
        // A new chunk when the last one is written or too full for this message (a chunk
        // never grows past 64 KiB for a message that fits one).
        if chunks.count == head || !lastChunkTakes(bound) {
            let fresh = spares.popLast() ?? .passRetained(MessageBuffer(capacity: Self.chunkBytes))
            chunks.append(Chunk(buffer: fresh))
        }
        let last = chunks.count - 1
        let (offset, length) = withBuffer(ofChunk: last) { buffer in
            let before = buffer.count
            encoder.frame(into: buffer, bound: bound, write)
            return (before, buffer.count - before)
        }
        pendingBytes += length
        if supersedesFrames, case .frame(let session) = kind {
            let slot = newestFrame.slot(for: session)
            let old = newestFrame.slots[slot]
            // Superseded only if not a byte of it was written (it lies past the write position).
            if old.chunk >= 0 && (Int(old.chunk) > head || (Int(old.chunk) == head && Int(old.offset) >= headWritten)) {
                punchHole(chunk: Int(old.chunk), offset: Int(old.offset), length: Int(old.length))
            }
            newestFrame.slots[slot].chunk = Int32(last)
            newestFrame.slots[slot].offset = Int32(offset)
            newestFrame.slots[slot].length = Int32(length)
        }
        if pendingBytes >= nextWriteAttempt { self.write() }
    }

    /// Whether a message of `bound` bytes goes at the end of the last chunk: started (a
    /// chunk is never left empty), not emptied, with room for it.
    private func lastChunkTakes(_ bound: Int) -> Bool {
        let last = chunks.count - 1
        guard chunks[last].buffer != nil else { return false }
        return withBuffer(ofChunk: last) { bytes in
            bytes.count > 0 && bytes.count + bound + FrameEncoder.maxFramingBytes <= bytes.capacity
        }
    }

    /// Runs `body` with the buffer of chunk `i` (which has one), held by the chunk throughout.
    /// `body` must not remove the chunk, and does not: it only reads or writes the buffer.
    private func withBuffer<R>(ofChunk i: Int, _ body: (MessageBuffer) -> R) -> R {
        chunks[i].buffer.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
    }

    /// `send` writes each time another 64 KiB are pending (not for every message while the
    /// reader is stalled).
    private var nextWriteAttempt = ProtocolOutput.chunkBytes

    // MARK: Holes

    /// Makes the (pending, never begun) message at `offset` of chunk `c` a hole: a chunk
    /// past the head with nothing else left to write gives its buffer back at once (the last
    /// one stays: messages are still being added to it).
    private func punchHole(chunk c: Int, offset: Int, length: Int) {
        chunks[c].holed += length
        pendingBytes -= length
        droppedFrames += 1
        if c > head && c < chunks.count - 1 && chunks[c].holed == withBuffer(ofChunk: c, { $0.count }) {
            retire(c)
            emptiedChunks += 1
            return
        }
        holeBytes += length
        // Find its place in offset order: usually after the last hole (frames are superseded
        // in about the order they were sent).
        var prev: Int32 = -1
        var next = chunks[c].firstHole
        let last = chunks[c].lastHole
        if last >= 0 && holes[Int(last)].offset < offset {
            prev = last
            next = -1
        } else {
            while next >= 0 && holes[Int(next)].offset < offset {
                prev = next
                next = holes[Int(next)].next
            }
        }
        let joinsNext = next >= 0 && offset + length == holes[Int(next)].offset
        if prev >= 0 && holes[Int(prev)].offset + holes[Int(prev)].length == offset {
            holes[Int(prev)].length += length
            if joinsNext {
                holes[Int(prev)].length += holes[Int(next)].length
                holes[Int(prev)].next = holes[Int(next)].next
                if chunks[c].lastHole == next { chunks[c].lastHole = prev }
                releaseHole(next)
            }
        } else if joinsNext {
            holes[Int(next)].offset = offset
            holes[Int(next)].length += length
        } else {
            let h = makeHole(Hole(offset: offset, length: length, next: next))
            if prev >= 0 { holes[Int(prev)].next = h } else { chunks[c].firstHole = h }
            if next < 0 { chunks[c].lastHole = h }
        }
    }

    private func makeHole(_ hole: Hole) -> Int32 {
        if freeHole >= 0 {
            let h = freeHole
            freeHole = holes[Int(h)].next
            holes[Int(h)] = hole
            return h
        }
        holes.append(hole)
        return Int32(holes.count - 1)
    }

    private func releaseHole(_ h: Int32) {
        holes[Int(h)].next = freeHole
        freeHole = h
    }

    // MARK: Writing

    var hasPending: Bool { pendingBytes > 0 }

    /// Bytes held in queued chunks, holes included (what memory the queue keeps; tests).
    var queuedBytes: Int {
        var n = 0
        for j in head..<chunks.count where chunks[j].buffer != nil {
            n += withBuffer(ofChunk: j) { $0.count }
        }
        return n
    }

    /// Part of a chunk is written: the stream stops inside a message until it completes.
    var isMidChunk: Bool { headStarted }

    /// Writes what the fd takes without waiting; `false` once the reader is gone.
    @discardableResult
    func write() -> Bool {
        guard !readerGone else { return false }
        defer { nextWriteAttempt = pendingBytes + Self.chunkBytes }
        if pendingBytes > pipeBytes { growPipe() }
        consume(0)  // past holes and emptied chunks at the head
        while head < chunks.count {
            let count = gather()
            let n = writev(fd, ranges, count)
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                discardAll()
                return false
            }
            if n == 0 { break }
            consume(n)
        }
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: chunks.capacity <= 4096)
            head = 0
            headWritten = 0
            headStarted = false
            emptiedChunks = 0
            // Every chunk was retired, and its holes with it.
            if !holes.isEmpty {
                holes.removeAll(keepingCapacity: holes.capacity <= 65536)
                freeHole = -1
            }
            holeBytes = 0
            newestFrame.removeAll()
        } else if (head + emptiedChunks >= 1024 && (head + emptiedChunks) * 2 >= chunks.count)
                    || (holeBytes >= compactHoleBytes && holeBytes > pendingBytes) {
            compact()
        }
        return true
    }

    /// Makes the pipe hold what is pending (the next power of two, at most `pipeGrowthLimit`);
    /// stops trying once it is that big or the kernel refuses (a user over its pipe quota).
    private func growPipe() {
        var size = pipeBytes
        while size < pendingBytes && size < pipeGrowthLimit { size *= 2 }
        let made = Int(fcntl(fd, Self.setPipeSize, Int32(min(size, pipeGrowthLimit))))
        pipeBytes = made > 0 && made < pipeGrowthLimit ? made : .max
    }

    /// Fills `ranges` with the pending byte ranges from the write position on, skipping
    /// holes and emptied chunks; how many. The head is at a pending byte (`consume`).
    private func gather() -> Int32 {
        var n = 0
        var total = 0
        var c = head
        var pos = headWritten
        while c < chunks.count && n < Self.maxRanges && total < Self.maxGather {
            guard chunks[c].buffer != nil else {
                c += 1
                pos = 0
                continue
            }
            let bytes = withBuffer(ofChunk: c) { $0.bytes }
            let base = UnsafeMutableRawPointer(mutating: bytes.baseAddress.unsafelyUnwrapped)
            var h = chunks[c].firstHole
            while n < Self.maxRanges {
                let stop = h >= 0 ? holes[Int(h)].offset : bytes.count
                if stop > pos {
                    ranges[n] = iovec(iov_base: base + pos, iov_len: stop - pos)
                    n += 1
                    total += stop - pos
                }
                guard h >= 0 else { break }
                pos = holes[Int(h)].offset + holes[Int(h)].length
                h = holes[Int(h)].next
            }
            c += 1
            pos = 0
        }
        return Int32(n)
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

    /// Marks `n` written bytes done (the pending bytes from the write position on, holes
    /// skipped), releasing finished chunks; then moves the write position past any holes
    /// and emptied or finished chunks that follow, so it rests on a pending byte or the end.
    private func consume(_ n: Int) {
        pendingBytes -= n
        var left = n
        while head < chunks.count {
            guard chunks[head].buffer != nil else {
                emptiedChunks -= 1
                advanceHead()
                continue
            }
            let h = chunks[head].firstHole
            if h >= 0 && holes[Int(h)].offset == headWritten {
                headWritten += holes[Int(h)].length
                holeBytes -= holes[Int(h)].length
                chunks[head].holed -= holes[Int(h)].length
                chunks[head].firstHole = holes[Int(h)].next
                if chunks[head].lastHole == h { chunks[head].lastHole = -1 }
                releaseHole(h)
                continue
            }
            let end = withBuffer(ofChunk: head) { $0.count }
            if headWritten == end {
                retire(head)
                advanceHead()
                continue
            }
            if left == 0 { return }
            let stop = h >= 0 ? holes[Int(h)].offset : end
            let taken = min(left, stop - headWritten)
            headWritten += taken
            headStarted = true
            left -= taken
        }
    }

    private func advanceHead() {
        head += 1
        headWritten = 0
        headStarted = false
    }

    /// Keeps the buffer of chunk `i`, written or emptied, for reuse, and leaves the chunk
    /// without buffer or holes. The buffer is moved out, not copied: no reference is counted
    /// per written chunk.
    private func retire(_ i: Int) {
        var h = chunks[i].firstHole
        while h >= 0 {
            let next = holes[Int(h)].next
            holeBytes -= holes[Int(h)].length
            releaseHole(h)
            h = next
        }
        chunks[i].firstHole = -1
        chunks[i].lastHole = -1
        chunks[i].holed = 0
        guard let buffer = chunks[i].buffer.take() else { return }
        let capacity = buffer._withUnsafeGuaranteedRef { b in
            b.removeAll()
            return b.capacity
        }
        if capacity >= Self.chunkBytes && spares.count < Self.maxSpares {
            if spares.capacity < Self.maxSpares { spares.reserveCapacity(Self.maxSpares) }
            spares.append(buffer)
        } else {
            buffer.release()
        }
    }

    /// Drops written and emptied chunks from the queue and packs the pending bytes of the
    /// chunks after the head (their holes left out) into as few chunks as they fill, then
    /// moves the frame index's entries to the new places (amortised: runs once written
    /// and emptied chunks are at least half the queue, or holes hold more than is pending
    /// and 1 MiB).
    /// The head chunk stays as it is: part of it may be written.
    private func compact() {
        struct Move {
            var oldChunk: Int
            var oldStart: Int
            var oldEnd: Int
            var newChunk: Int
            var newStart: Int
        }
        var packed: [Chunk] = []
        var moves: [Move] = []
        packed.append(chunks[head])
        var packing = false  // the last chunk of `packed` is one made here
        for j in (head + 1)..<chunks.count where chunks[j].buffer != nil {
            let source = withBuffer(ofChunk: j) { $0.bytes }
            var pos = 0
            var h = chunks[j].firstHole
            while true {
                let stop = h >= 0 ? holes[Int(h)].offset : source.count
                if stop > pos {
                    let length = stop - pos
                    let fits = packing && packed[packed.count - 1].buffer.unsafelyUnwrapped._withUnsafeGuaranteedRef {
                        $0.count + length <= $0.capacity
                    }
                    if !fits {
                        let fresh = spares.popLast() ?? .passRetained(MessageBuffer(capacity: Self.chunkBytes))
                        packed.append(Chunk(buffer: fresh))
                        packing = true
                    }
                    let target = packed.count - 1
                    let start = packed[target].buffer.unsafelyUnwrapped._withUnsafeGuaranteedRef { b in
                        let start = b.count
                        b.append(UnsafeRawBufferPointer(rebasing: source[pos..<stop]))
                        return start
                    }
                    moves.append(Move(oldChunk: j, oldStart: pos, oldEnd: stop, newChunk: target, newStart: start))
                }
                guard h >= 0 else { break }
                pos = holes[Int(h)].offset + holes[Int(h)].length
                h = holes[Int(h)].next
            }
            retire(j)
        }
        // Each session's newest frame, if still pending, at its new place; else forgotten.
        newestFrame.forEachEntry { chunk, offset in
            if chunk < head { return nil }
            if chunk == head { return (0, offset) }
            // The last move that starts at or before (chunk, offset).
            var lo = 0
            var hi = moves.count
            while lo < hi {
                let mid = (lo + hi) / 2
                let m = moves[mid]
                if m.oldChunk < chunk || (m.oldChunk == chunk && m.oldStart <= offset) { lo = mid + 1 } else { hi = mid }
            }
            guard lo > 0 else { return nil }
            let m = moves[lo - 1]
            guard m.oldChunk == chunk && offset < m.oldEnd else { return nil }
            return (m.newChunk, m.newStart + offset - m.oldStart)
        }
        chunks = packed
        head = 0
        emptiedChunks = 0
        compactions += 1
    }

    /// Keeps only the chunk being written (giving up on the rest, at a message boundary); its
    /// holes are still skipped, and no frame in it is superseded any more.
    func discardAllButCurrentChunk() {
        guard head < chunks.count else { return }
        for j in (head + 1)..<chunks.count { retire(j) }
        chunks.removeSubrange((head + 1)...)
        emptiedChunks = 0
        pendingBytes = withBuffer(ofChunk: head) { $0.count } - headWritten - chunks[head].holed
        newestFrame.removeAll()
    }

    private func discardAll() {
        readerGone = true
        for j in chunks.indices { retire(j) }
        chunks = []
        emptiedChunks = 0
        holes = []
        freeHole = -1
        holeBytes = 0
        newestFrame.removeAll()
        head = 0
        headWritten = 0
        headStarted = false
        pendingBytes = 0
    }
}
