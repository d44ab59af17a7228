#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import SheetRPC
import Testing

/// `--plugin-isolation none` (plugins inside the daemon), through the built daemon: a signal
/// ends it even while a plugin call hangs, and a plugin crash loses nothing already answered.
@Suite struct PluginNoneModeEndToEndTests {
    static let arguments = ["--no-default-plugins", "--plugin-isolation", "none", "--log-level", "info"]
    /// No Swift backtrace on the daemon's own crash (it would only slow the test down).
    static let environment = ["SWIFT_BACKTRACE": "enable=no"]

    static func line(_ id: Int, _ method: String, _ params: String) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
    }

    static func create(fault: String) -> String {
        #"{"container":{"width":390,"height":844},"content":{"preferredHeight":300},"policies":{"dismissal":"fixture","config":{"fixture":{"fault":"\#(fault)"}}}}"#
    }

    /// Requests up to a drag's release in `session` (ids from `first`): the release is last.
    static func dragAndRelease(_ first: Int, _ session: String) -> [String] {
        [line(first, "sheet.present", #"{"session":"\#(session)","t":0,"animated":false}"#),
         line(first + 1, "input.pan", #"{"session":"\#(session)","t":100,"phase":"began","translation":{"x":0,"y":0}}"#),
         line(first + 2, "input.pan", #"{"session":"\#(session)","t":116,"phase":"ended","translation":{"x":0,"y":20},"velocity":{"x":0,"y":0}}"#)]
    }

    static func ids(_ messages: [JSONValue]) -> Set<Int64> {
        Set(messages.compactMap { m -> Int64? in
            if case .int(let i)? = m["id"] { return i }
            return nil
        })
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalEndsTheDaemonWhileAPluginCallHangs(_ sig: Int32) throws {
        let dir = try PluginFixture.build()
        defer { PluginFixture.remove(dir) }
        let d = try Daemon(arguments: ["--plugin-dir", dir] + Self.arguments, environment: Self.environment)
        _ = try d.call("initialize", ["clock": "host"])
        d.send(Self.line(100, "session.create", Self.create(fault: "loop")))
        for l in Self.dragAndRelease(101, "s1") { d.send(l) }
        // Answers up to the hanging release (id 103) arrive: written before the plugin ran.
        var seen = Set<Int64>()
        while !seen.isSuperset(of: [100, 101, 102]) { seen.formUnion(Self.ids([try d.readMessage()])) }
        // The plugin logs its input before it starts looping (the harness's bound is a safety net).
        let safety = ContinuousClock.now + d.timeout
        while !d.stderrText.contains("plugin fixture: info: decide") {
            guard ContinuousClock.now < safety else { throw Daemon.Failure(description: "the plugin was never called") }
            sched_yield()
        }
        let start = ContinuousClock.now
        #expect(kill(d.pid, sig) == 0)
        #expect(try d.waitForExit() == 0)
        #expect(ContinuousClock.now - start < .seconds(5))  // promised: 1 s; generous for a busy machine
        #expect(d.protocolViolations.isEmpty)
        #expect(!Self.ids(d.takeBufferedMessages()).contains(103))
        #expect(d.stderrText.contains("received a signal"))
    }

    @Test func aPluginCrashLosesNothingAlreadyAnswered() throws {
        let dir = try PluginFixture.build()
        defer { PluginFixture.remove(dir) }
        let d = try Daemon(arguments: ["--plugin-dir", dir] + Self.arguments, environment: Self.environment)
        // One write: everything is read at once, answered into the output queue, and only
        // then does the release call the crashing plugin.
        var lines = [Self.line(1, "initialize", #"{"clock":"host"}"#), Self.line(2, "session.create", Self.create(fault: "segv"))]
        lines += (3..<60).map { Self.line($0, "session.list", "null") }
        lines += Self.dragAndRelease(60, "s1")
        d.sendRaw(Array(lines.joined(separator: "\n").utf8) + [10])
        let status = try d.waitForExit()
        #expect(status == 128 + SIGSEGV)
        let answered = Self.ids(d.takeBufferedMessages())
        #expect(answered == Set(1...61), "\(answered.sorted())")
        #expect(d.protocolViolations.isEmpty)
    }

    @Test func aBatchKeepsItsResponsesHeldWhenAPluginCrashesInIt() throws {
        let dir = try PluginFixture.build()
        defer { PluginFixture.remove(dir) }
        let d = try Daemon(arguments: ["--plugin-dir", dir] + Self.arguments, environment: Self.environment)
        _ = try d.call("initialize", ["clock": "host"])
        _ = try d.call("session.create", .object(try JSONCodec.decode(Array(Self.create(fault: "abort").utf8)).objectValue!))
        d.send("[" + (Self.dragAndRelease(200, "s1") + [Self.line(203, "session.list", "null")]).joined(separator: ",") + "]")
        #expect(try d.waitForExit() == 128 + SIGABRT)
        // The batch's responses form one message, sent at its end: none of it was written.
        #expect(Self.ids(d.takeBufferedMessages()).isDisjoint(with: Set(200...203)))
        #expect(d.protocolViolations.isEmpty)
    }
}
