#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Testing
import SheetRPC
@testable import sheetd

/// The realtime clock's output through a pipe: a newer frame of a session makes its pending
/// frame (not a byte of it written) a hole in its chunk, and the bytes that reach the reader
/// are exactly the messages not superseded, in order — also when writes stop in the middle
/// of a message, of a range between holes, or of a chunk. Nothing but frames is ever
/// dropped. No sleeps: the reader reads what is in the pipe, a little at a time, between
/// the output's steps, and the test knows how much was written (read + still in the pipe).
@Suite struct OutputSupersedingTests {
    /// The tests' pipes are as small as Linux makes one (`size: 4096`, a page), so writes
    /// stop part-way.
    typealias Pipe = TestPipe

    /// What the reader must get: the messages sent, minus the superseded frames, in order.
    struct Model {
        struct Message {
            var bytes: [UInt8]
            var session: Int?
            var start: Int
        }
        var kept: [Message] = []
        var end = 0
        var dropped = 0

        /// Records one sent message, given how much the output had written before it.
        mutating func sent(_ body: [UInt8], session: Int?, written: Int) {
            var framed: [UInt8] = []
            FrameEncoder(framing: .ndjson).frame(body, into: &framed)
            if let session, let i = kept.lastIndex(where: { $0.session == session }), kept[i].start >= written {
                let gone = kept.remove(at: i).bytes.count
                for j in i..<kept.count { kept[j].start -= gone }
                end -= gone
                dropped += 1
            }
            kept.append(Message(bytes: framed, session: session, start: end))
            end += framed.count
        }

        var stream: [UInt8] { kept.flatMap(\.bytes) }
    }

    /// A body that names itself (so a reordering or a mix-up shows), `size` bytes long.
    static func body(_ name: String, size: Int) -> [UInt8] {
        let head = #"{"m":"\#(name)","pad":""#
        let pad = max(0, size - head.utf8.count - 2)
        return Array(head.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: pad) + Array(#""}"#.utf8)
    }

    /// The names of the messages in `stream`, in order.
    static func names(_ stream: [UInt8]) -> [String] {
        String(decoding: stream, as: UTF8.self).split(separator: "\n").map {
            String($0.dropFirst(#"{"m":""#.count).prefix { $0 != "\"" })
        }
    }

    static func send(_ output: ProtocolOutput, _ model: inout Model, _ pipe: Pipe, _ kind: RPCMessageKind,
                     _ body: [UInt8]) {
        var session: Int?
        if case .frame(let s) = kind { session = s }
        model.sent(body, session: session, written: pipe.written)
        output.send(kind, body)
    }

    @Test func supersededFramesVanishAndEverythingElseArrivesInOrder() throws {
        let pipe = try Pipe(size: 4096)
        let output = ProtocolOutput(fd: pipe.write, framing: .ndjson)
        output.supersedesFrames = true
        var model = Model()
        let messages: [(RPCMessageKind, [UInt8])] = [
            (.response, Self.body("r1", size: 40)),
            (.frame(session: 1), Self.body("s1 f1", size: 90)),
            (.frame(session: 2), Self.body("s2 f1", size: 70)),
            (.event, Self.body("e1", size: 50)),
            (.frame(session: 1), Self.body("s1 f2", size: 95)),  // s1 f1 becomes a hole
            (.diagnostic, Self.body("d1", size: 60)),
            (.frame(session: 2), Self.body("s2 f2", size: 75)),  // s2 f1 too
            (.frame(session: 1), Self.body("s1 f3", size: 85)),  // s1 f2 too
            (.frame(session: 3), Self.body("s3 f1", size: 85)),
            (.response, Self.body("r2", size: 45)),
        ]
        // Nothing is written until 64 KiB are pending: every frame but the newest is pending.
        for (kind, body) in messages { Self.send(output, &model, pipe, kind, body) }
        #expect(pipe.written == 0)
        #expect(output.droppedFrames == 3)
        pipe.drain(output, step: 7)
        #expect(Self.names(pipe.received) == ["r1", "e1", "d1", "s2 f2", "s1 f3", "s3 f1", "r2"])
        #expect(pipe.received == model.stream)
    }

    /// A write that stops inside a frame: that frame is never superseded (the newer one is
    /// queued after it), while a frame after the write position in the same chunk is, and
    /// the rest of the stream resumes exactly where the write stopped, around the hole.
    @Test func aFrameBegunIsKeptAndAHoleAfterTheWritePositionIsSkipped() throws {
        let pipe = try Pipe(size: 4096)
        let output = ProtocolOutput(fd: pipe.write, framing: .ndjson)
        output.supersedesFrames = true
        var model = Model()
        Self.send(output, &model, pipe, .frame(session: 1), Self.body("s1 f1", size: 6000))
        Self.send(output, &model, pipe, .frame(session: 2), Self.body("s2 f1", size: 300))
        Self.send(output, &model, pipe, .response, Self.body("r1", size: 200))
        output.write()  // the pipe takes 4096 bytes: s1 f1 is begun, not finished
        #expect(pipe.written > 0 && pipe.written < 6000)
        #expect(output.isMidChunk)
        Self.send(output, &model, pipe, .frame(session: 1), Self.body("s1 f2", size: 100))  // kept: s1 f1 begun
        Self.send(output, &model, pipe, .frame(session: 2), Self.body("s2 f2", size: 120))  // s2 f1: a hole
        #expect(output.droppedFrames == 1)
        pipe.take(1000)
        output.write()  // stops somewhere in s1 f1 again, the hole still ahead
        Self.send(output, &model, pipe, .frame(session: 2), Self.body("s2 f3", size: 130))  // s2 f2: a hole
        #expect(output.droppedFrames == 2)
        pipe.drain(output, step: 333)
        #expect(Self.names(pipe.received) == ["s1 f1", "r1", "s1 f2", "s2 f3"])
        #expect(pipe.received == model.stream)
        #expect(!output.hasPending && !output.isMidChunk)
    }

    /// Many sessions, messages of every kind and size (some past a chunk), a reader that
    /// reads a few bytes to a few KiB between steps, and packing (`compact()`) made frequent
    /// by a tiny threshold: the bytes are exactly the model's.
    @Test(arguments: [1, 2, 3])
    func randomStreamsMatchTheModel(seed: UInt64) throws {
        let pipe = try Pipe(size: 4096)
        let output = ProtocolOutput(fd: pipe.write, framing: .ndjson, compactHoleBytes: seed == 1 ? 1 << 20 : 2048)
        output.supersedesFrames = true
        var model = Model()
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        var sent = 0
        for step in 0..<6000 {
            switch next(100) {
            case 0..<70:
                let s = 1 + next(seed == 3 ? 400 : 40)
                Self.send(output, &model, pipe, .frame(session: s), Self.body("s\(s) #\(step)", size: 40 + next(1200)))
            case 70..<76:
                Self.send(output, &model, pipe, .response, Self.body("r #\(step)", size: 20 + next(next(10) == 0 ? 90_000 : 500)))
            case 76..<80:
                Self.send(output, &model, pipe, .event, Self.body("e #\(step)", size: 30 + next(300)))
            case 80..<82:
                Self.send(output, &model, pipe, .diagnostic, Self.body("d #\(step)", size: 30 + next(300)))
            case 82..<92:
                output.write()
            default:
                pipe.take(next(3) == 0 ? next(16) : next(6000))
            }
            sent += 1
        }
        pipe.drain(output, step: 1500)
        #expect(sent == 6000)
        #expect(model.dropped > 100)
        #expect(output.droppedFrames == model.dropped)
        #expect(pipe.received.count == model.end)
        #expect(pipe.received == model.stream)
        #expect(!output.hasPending)
        if seed != 1 { #expect(output.compactions > 0) }
    }

    /// Sessions coming to rest one after another while the reader is stalled: each leaves its
    /// last frame pending in a chunk whose other frames were all superseded. The queue packs
    /// those frames together instead of keeping a chunk for each, and still delivers exactly
    /// the frames kept.
    @Test func framesLeftBehindDoNotPinAChunkEach() throws {
        let pipe = try Pipe(size: 4096)
        let output = ProtocolOutput(fd: pipe.write, framing: .ndjson)
        output.supersedesFrames = true
        var model = Model()
        let sessions = 600
        var mostQueued = 0
        for round in 0..<sessions {
            // Session `round` has come to rest: its frame of the last round stays pending.
            for s in (round + 1)...sessions {
                Self.send(output, &model, pipe, .frame(session: s), Self.body("s\(s) #\(round)", size: 1000))
            }
            output.write()  // the pipe is full: nothing more is written
            mostQueued = max(mostQueued, output.queuedBytes)
        }
        // Packed once holes pass 1 MiB and what is pending: without that, each session at rest
        // would keep a chunk of its own (over 16 MB at the peak here).
        #expect(output.compactions > 0)
        #expect(mostQueued < 4 << 20, "\(mostQueued) bytes queued")
        #expect(output.pendingBytes < 1 << 20)
        pipe.drain(output, step: 4096)
        #expect(output.droppedFrames == model.dropped)
        #expect(pipe.received == model.stream)
    }

    /// Off the realtime clock nothing is superseded: every frame arrives.
    @Test func withoutSupersedingEveryFrameArrives() throws {
        let pipe = try Pipe(size: 4096)
        let output = ProtocolOutput(fd: pipe.write, framing: .ndjson)
        var expected: [UInt8] = []
        for i in 0..<200 {
            let body = Self.body("s1 #\(i)", size: 100 + i)
            FrameEncoder(framing: .ndjson).frame(body, into: &expected)
            output.send(.frame(session: 1), body)
            if i % 7 == 0 { output.write() }
            if i % 5 == 0 { pipe.take(300) }
        }
        pipe.drain(output, step: 500)
        #expect(output.droppedFrames == 0)
        #expect(pipe.received == expected)
    }

    /// The shutdown path: giving up on all but the chunk being written drops no byte of it —
    /// what follows the write position there still arrives, holes skipped — and nothing after.
    @Test func discardingKeepsTheRestOfTheCurrentChunk() throws {
        let pipe = try Pipe(size: 4096)
        let output = ProtocolOutput(fd: pipe.write, framing: .ndjson)
        output.supersedesFrames = true
        var model = Model()
        Self.send(output, &model, pipe, .response, Self.body("r1", size: 5000))
        Self.send(output, &model, pipe, .frame(session: 7), Self.body("s7 f1", size: 200))
        Self.send(output, &model, pipe, .event, Self.body("e1", size: 200))
        Self.send(output, &model, pipe, .frame(session: 7), Self.body("s7 f2", size: 200))
        output.write()
        #expect(output.isMidChunk)
        // A second chunk, given up.
        output.send(.response, Self.body("r2", size: 70_000))
        output.discardAllButCurrentChunk()
        pipe.drain(output, step: 900)
        #expect(pipe.received == model.stream)
    }
}
