#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import Testing
import SheetRPC

/// A host that stops reading: the daemon writes as it goes, stops taking work once 8 MiB are
/// pending, keeps its memory bounded, and — on the host clock — delivers exactly the bytes a
/// fast reader gets once the host reads again.
@Suite struct StalledReaderTests {
    static let sessions = 100
    static let ticks = 400

    /// initialize (host clock), `sessions` sessions all presenting from t 0.
    static var setup: [String] {
        [#"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"clock":"host"}}"#]
            + (1...sessions).map { #"{"jsonrpc":"2.0","id":"c\#($0)","method":"session.create","params":{"container":{"width":390,"height":844}}}"# }
            + (1...sessions).map { #"{"jsonrpc":"2.0","id":"p\#($0)","method":"sheet.present","params":{"session":"s\#($0)","t":0}}"# }
    }

    /// One batch of `ticks` ticks 0.1 ms apart: every tick moves every session (~16 MB of frames).
    static var batch: String {
        "[" + (1...ticks).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"clock.tick","params":{"t":\#(Double($0) / 10)}}"# }
            .joined(separator: ",") + "]"
    }

    struct Run {
        var output: [UInt8]
        var status: Int32
        var peakBeforeBatch: Int
        var peakWhileStalled: Int?
    }

    func run(stalled: Bool) throws -> Run {
        let d = try Daemon()
        d.timeout = .seconds(120)
        for line in Self.setup { d.send(line) }
        _ = try d.call("session.list")  // everything before is answered and read
        let before = try Self.peakKiB(d.pid)
        d.send(Self.batch)
        d.closeInput()
        var stalledPeak: Int?
        if stalled {
            // The daemon has all its input; it can only be asleep in poll(2) without a
            // timeout if it stopped taking work because the output is full.
            #expect(try Self.eventuallyAsleepInPollForever(pid: d.pid))
            stalledPeak = try Self.peakKiB(d.pid)
        }
        let status = try d.waitForExit()
        return Run(output: d.rawOutput, status: status, peakBeforeBatch: before, peakWhileStalled: stalledPeak)
    }

    @Test func aStalledReaderBoundsMemoryAndLosesNothing() throws {
        let slow = try run(stalled: true)
        let fast = try run(stalled: false)
        #expect(slow.status == 0 && fast.status == 0)
        // More output than the 8 MiB bound plus a pipe, so the daemon really had to stop.
        #expect(fast.output.count > 12 << 20)
        let peak = try #require(slow.peakWhileStalled)
        #expect(peak < 64 << 10, "VmHWM \(peak) KiB while stalled")
        // Growth while stalled: the 8 MiB of pending output and change, not the whole batch's ~16 MB.
        #expect(peak - slow.peakBeforeBatch < 12 << 10, "VmHWM grew by \(peak - slow.peakBeforeBatch) KiB")
        // Host clock: byte-for-byte what a fast reader gets.
        #expect(slow.output == fast.output)
        // All there: a frame per session and tick (but the first ticks, too short to move a
        // pixel), and the batch's response array last.
        let lines = fast.output.split(separator: UInt8(ascii: "\n"))
        #expect(lines.count > Self.sessions * (Self.ticks - 5))
        let answer = try JSONCodec.decode(lines.last ?? [])
        #expect(answer.arrayValue?.count == Self.ticks)
    }

    /// VmHWM (peak resident set) of `pid`, in KiB.
    static func peakKiB(_ pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        return try #require(Int(line.split(separator: " ")[1]))
    }

    /// Polls /proc/PID/syscall until the daemon sleeps in poll(2) with no timeout. The bound
    /// (in reads of the file, not time) only keeps a broken daemon from hanging the test.
    static func eventuallyAsleepInPollForever(pid: pid_t) throws -> Bool {
        for _ in 0..<20_000_000 {
            if EngineEndToEndTests.isAsleepInPollForever(pid: pid) { return true }
            sched_yield()
        }
        return false
    }
}
