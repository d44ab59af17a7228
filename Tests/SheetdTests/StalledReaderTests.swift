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
        let read = try Self.bytesRead(d.pid)
        d.send(Self.batch)
        d.closeInput()
        var stalledPeak: Int?
        if stalled {
            // Once the daemon has read the batch, it can only be asleep in poll(2) without a
            // timeout if it stopped taking work because the output is full.
            #expect(try Self.eventuallyAsleepInPollForever(pid: d.pid, afterReading: read + Self.batch.utf8.count + 1))
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

    /// Realtime clock, reader stalled while every session animates: each session's pending
    /// frame is replaced by its newer one (seq gaps), while responses and events all arrive,
    /// in order, and each session's last frame before `presented` is its final one.
    @Test func realtimeKeepsOnlyTheNewestPendingFramePerSession() throws {
        let d = try Daemon()
        _ = try d.call("initialize", ["clock": "realtime", "fps": 120])
        let sessions = 300  // a tick's frames (~120 KB) overfill the pipe
        for s in 1...sessions {
            // A 3 s presentation: many ticks while the reader stalls, however slow this machine is.
            d.send(#"{"jsonrpc":"2.0","id":"c\#(s)","method":"session.create","params":{"container":{"width":390,"height":844},"options":{"presentTiming":{"durationMs":3000,"curve":"linear"}}}}"#)
        }
        _ = try d.call("session.list")
        var input = try Self.bytesRead(d.pid)
        for s in 1...sessions {
            let present = #"{"jsonrpc":"2.0","id":"p\#(s)","method":"sheet.present","params":{"session":"s\#(s)"}}"#
            d.send(present)
            input += present.utf8.count + 1
        }
        // Not reading: the daemon ticks on until every presentation is over, then sleeps in
        // poll(2) without a timeout (its output still pending).
        #expect(try Self.eventuallyAsleepInPollForever(pid: d.pid, afterReading: input))
        d.closeInput()
        #expect(try d.waitForExit() == 0)
        let messages = d.takeBufferedMessages()
        var seqs: [String: [Int64]] = [:]
        var lastFrame: [String: JSONValue] = [:]
        var presented: Set<String> = []
        var responses: [String] = []
        for m in messages {
            let p = m["params"]
            if m["method"] == "sheet.frame", let s = p?["session"]?.stringValue, case .int(let seq)? = p?["seq"] {
                #expect(!presented.contains(s), "frame after presented")
                seqs[s, default: []].append(seq)
                lastFrame[s] = p
            } else if m["method"] == "sheet.event", p?["type"] == "presented", let s = p?["session"]?.stringValue {
                #expect(lastFrame[s]?["state"] == "presented", "\(s)'s last frame before presented")
                presented.insert(s)
            } else if let id = m["id"]?.stringValue {
                responses.append(id)
            }
        }
        #expect(responses == (1...sessions).map { "p\($0)" })
        #expect(presented.count == sessions)
        for (_, q) in seqs { #expect(q == q.sorted() && Set(q).count == q.count) }
        // Frames were dropped: some session's seqs have gaps (seqs count from 1; a session whose
        // first frames were replaced before any was written starts past 1).
        #expect(seqs.values.contains { q in zip([0] + q, q).contains { $1 - $0 > 1 } })
    }

    /// `clock.runUntilRest` for a host that stops reading: it stops between two ticks once the
    /// output is full (the daemon then sleeps in poll(2), its memory bounded) and, once the
    /// host reads again, goes on: byte for byte what a fast reader gets, its answer last.
    @Test func runUntilRestStopsBetweenTicksForAStalledReader() throws {
        let sessions = 500  // 72 ticks at 240 fps of 500 moving sessions: ~16 MB of frames
        let call = #"{"jsonrpc":"2.0","id":"run","method":"clock.runUntilRest","params":{"fps":240}}"#
        func run(stalled: Bool) throws -> (output: [UInt8], status: Int32, growth: Int?) {
            let d = try Daemon()
            d.timeout = .seconds(120)
            d.send(#"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"clock":"host"}}"#)
            for s in 1...sessions {
                d.send(#"{"jsonrpc":"2.0","id":"c\#(s)","method":"session.create","params":{"container":{"width":390,"height":844}}}"#)
                d.send(#"{"jsonrpc":"2.0","id":"p\#(s)","method":"sheet.present","params":{"session":"s\#(s)","t":0}}"#)
            }
            _ = try d.call("session.list")
            let before = try Self.peakKiB(d.pid), read = try Self.bytesRead(d.pid)
            d.send(call)
            d.closeInput()
            var growth: Int?
            if stalled {
                #expect(try Self.eventuallyAsleepInPollForever(pid: d.pid, afterReading: read + call.utf8.count + 1))
                growth = try Self.peakKiB(d.pid) - before
            }
            let status = try d.waitForExit()  // reads the rest of the output
            return (d.rawOutput, status, growth)
        }
        let slow = try run(stalled: true)
        let fast = try run(stalled: false)
        #expect(slow.status == 0 && fast.status == 0)
        #expect(fast.output.count > 12 << 20)
        let growth = try #require(slow.growth)
        #expect(growth < 12 << 10, "VmHWM grew by \(growth) KiB")
        #expect(slow.output == fast.output)
        let lines = fast.output.split(separator: UInt8(ascii: "\n"))
        let answer = try JSONCodec.decode(lines.last ?? [])
        #expect(answer["id"] == "run")
        #expect(answer["result"]?["rested"] == true && answer["result"]?["ticks"] == 72)
        let frames = lines.filter { $0.starts(with: Array(#"{"jsonrpc":"2.0","method":"sheet.frame""#.utf8)) }.count
        #expect(frames == 72 * sessions && answer["result"]?["frames"] == .int(Int64(frames)))
    }

    /// VmHWM (peak resident set) of `pid`, in KiB.
    static func peakKiB(_ pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        return try #require(Int(line.split(separator: " ")[1]))
    }

    /// Bytes the process has read so far (`rchar` of /proc/PID/io: after start-up, its stdin).
    static func bytesRead(_ pid: pid_t) throws -> Int {
        let io = try String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)
        let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("rchar:") })
        return try #require(Int(line.split(separator: " ")[1]))
    }

    /// Waits until the daemon has read `bytes` in all and then sleeps in poll(2) with no
    /// timeout. The bound (in reads of /proc, not time) only keeps a broken daemon from
    /// hanging the test.
    static func eventuallyAsleepInPollForever(pid: pid_t, afterReading bytes: Int) throws -> Bool {
        for _ in 0..<20_000_000 {
            if try bytesRead(pid) >= bytes && EngineEndToEndTests.isAsleepInPollForever(pid: pid) { return true }
            sched_yield()
        }
        return false
    }
}
