#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Testing
import SheetRPC
@testable import sheetd

/// The output's pipe grows with the output: once a write finds more pending than the pipe
/// holds, the pipe is made to hold it (a power of two, up to the limit), and output that
/// always fits leaves it at its size — also a stalled reader on the realtime clock, whose
/// pending output is one frame per session. No sleeps: the reader reads what is in the pipe
/// between the output's steps.
@Suite struct PipeGrowthTests {
    static func body(_ n: Int, size: Int) -> [UInt8] {
        let head = #"{"n":\#(n),"pad":""#
        return Array(head.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: size - head.utf8.count - 2)
            + Array(#""}"#.utf8)
    }

    /// `count` messages of `size` bytes, framed as the output frames them (NDJSON).
    static func stream(_ count: Int, size: Int) -> [UInt8] {
        (0..<count).flatMap { body($0, size: size) + [10] }
    }

    @Test func aBurstLargerThanThePipeGrowsItToHoldTheBurst() throws {
        let pipe = try TestPipe()
        let before = pipe.size
        try #require(before == 65536)
        let output = ProtocolOutput(fd: pipe.write, framing: .ndjson, pipeGrowthLimit: 1 << 20)
        #expect(output.pipeBytes == before)
        // 300 KB queued without reading: the first write (at 64 KiB pending) fills the
        // pipe; later ones find more pending than it holds.
        for n in 0..<1000 { output.send(.response, Self.body(n, size: 300)) }
        output.write()
        #expect(pipe.size > before)
        #expect(pipe.size <= 1 << 20)
        #expect(output.pipeBytes == pipe.size)
        pipe.drain(output)
        #expect(pipe.received == Self.stream(1000, size: 300))
    }

    @Test func growthStopsAtTheLimit() throws {
        let pipe = try TestPipe()
        let output = ProtocolOutput(fd: pipe.write, framing: .ndjson, pipeGrowthLimit: 1 << 20)
        // 3 MB without reading: more than the limit is pending at some write.
        for n in 0..<10_000 { output.send(.response, Self.body(n, size: 300)) }
        output.write()
        #expect(pipe.size == 1 << 20)
        #expect(output.pipeBytes == .max)  // no more attempts
        pipe.drain(output)
        #expect(pipe.received == Self.stream(10_000, size: 300))
    }

    @Test func outputThatAlwaysFitsLeavesThePipeAlone() throws {
        let pipe = try TestPipe()
        let output = ProtocolOutput(fd: pipe.write, framing: .ndjson, pipeGrowthLimit: 1 << 20)
        // 1.5 MB in all, read as it goes: never more pending than the pipe holds.
        for n in 0..<5_000 {
            output.send(.response, Self.body(n, size: 300))
            if n % 100 == 99 { pipe.drain(output) }
        }
        pipe.drain(output)
        #expect(pipe.size == 65536)
        #expect(pipe.received == Self.stream(5_000, size: 300))
    }

    /// Realtime clock, six sessions, a reader that never reads: the pipe fills, then each
    /// session's newest frame waits and supersedes the one before, so what is pending never
    /// grows past six frames and the pipe keeps its size (a slow reader gets no more stale
    /// frames than before).
    @Test func aStalledReaderOfAFewSessionsKeepsThePipeItsSize() throws {
        let pipe = try TestPipe()
        let output = ProtocolOutput(fd: pipe.write, framing: .ndjson, pipeGrowthLimit: 1 << 20)
        output.supersedesFrames = true
        for tick in 0..<20_000 {
            for s in 1...6 { output.send(.frame(session: s), Self.body(tick, size: 300)) }
            output.write()
        }
        #expect(output.droppedFrames > 100_000)
        #expect(output.pendingBytes <= 6 * 301)
        #expect(pipe.size == 65536)
    }

    @Test func withoutALimitThePipeKeepsItsSize() throws {
        let pipe = try TestPipe()
        let output = ProtocolOutput(fd: pipe.write, framing: .ndjson)
        for n in 0..<2_000 { output.send(.response, Self.body(n, size: 300)) }
        output.write()
        #expect(pipe.size == 65536)
        #expect(output.pipeBytes == .max)
        pipe.drain(output)
        #expect(pipe.received == Self.stream(2_000, size: 300))
    }

    /// The daemon's stdout: a host clock tick over 2,000 moving sessions (about 700 KB of
    /// frames in one go) grows the host's pipe; a few sessions' ticks never do.
    @Test func theDaemonGrowsItsStdoutPipeForABigTick() throws {
        let d = try Daemon()
        try d.initialize(["clock": "host"])
        let create = #"{"jsonrpc":"2.0","method":"session.create","params":{"container":{"width":390,"height":844}}}"#
        for _ in 1...5 { d.send(create) }
        for s in 1...5 { _ = try d.call("sheet.present", ["session": .string("s\(s)"), "t": 0]) }
        for t in 1...20 { _ = try d.request("clock.tick", ["t": .double(Double(t) * 16)]) }
        #expect(d.outputPipeSize == 65536)  // five sessions moving: 2 KB a tick
        for _ in 6...2_000 { d.send(create) }
        for s in 6...2_000 { d.send(#"{"jsonrpc":"2.0","method":"sheet.present","params":{"session":"s\#(s)","t":320}}"#) }
        let (_, frames) = try d.request("clock.tick", ["t": 336])
        #expect(frames.filter { $0["method"] == "sheet.frame" }.count >= 1_995)
        let size = try #require(d.outputPipeSize)
        #expect(size > 65536 && size <= 1 << 20)
    }
}
