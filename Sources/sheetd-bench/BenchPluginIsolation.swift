#if canImport(Glibc)
import Glibc
#endif
import SheetCore
import SheetPluginHost
import SheetRPC
import SheetServer

/// What isolating plugins costs, with the bundled `material` dismissal plugin (monotonic
/// wall clock: the helper's time counts):
/// - one policy call (median and 99th percentile) in a helper process and in the daemon;
/// - starting a helper and opening a plugin file in it (and opening it in the daemon), and the
///   helper's memory;
/// - a drag stream whose every drag is released on the plugin policy, per released drag,
///   relative to the same stream on the built-in `deceleration`.
enum BenchPluginIsolation {
    static func run(_ out: BenchOutput, quick: Bool, daemon: String) {
        // Where the measured daemon finds its bundled plugins, and the daemon as the helper.
        let dir = daemon.lastIndex(of: "/").map { String(daemon[..<$0]) } ?? "."
        let directories = [dir, dir + "/../lib/sheetd/plugins"]
        let helper = PluginIsolation.process(executable: daemon, timeoutMilliseconds: 1000)
        guard let inHelper = decide(directories, helper), let inProcess = decide(directories, .trusted) else {
            out.unavailable("plugin policy call", "the bundled material plugin was not found next to sheetd")
            return
        }
        let calls = quick ? 2_000 : 50_000
        let (helperMedian, helperTail) = latencies(calls, inHelper)
        let (processMedian, _) = latencies(calls, inProcess)
        out.row("plugin policy call in a helper process (median)", helperMedian, "µs/call")
        out.row("plugin policy call in a helper process (99th percentile)", helperTail, "µs/call")
        out.row("plugin policy call in the daemon (--plugin-isolation none, median)", processMedian, "µs/call")

        // One helper per file, or one for all: what a helper costs beyond opening the file.
        var helperStarts: [Double] = []
        var opens: [Double] = []
        for file in ["libsheetd-crossfade.so", "libsheetd-expanded-only.so", "libsheetd-material.so"] {
            guard let dir = directories.first else { break }
            var starts: [Double] = []
            for _ in 0..<(quick ? 3 : 15) {
                let host = PluginHost(allowedDirectories: [dir], isolation: helper, log: { _ in })
                let t = monotonicNanoseconds()
                _ = try? host.load(path: dir + "/" + file)
                starts.append(Double(monotonicNanoseconds() - t) / 1e6)
                if starts.count == 1 {
                    out.row("helper with \(file): resident", helperMemoryKiB("Rss") ?? .nan, "KiB")
                    out.row("helper with \(file): private dirty", helperMemoryKiB("Private_Dirty") ?? .nan, "KiB")
                }
            }
            helperStarts.append(median(starts))
            let t = monotonicNanoseconds()
            _ = try? PluginHost(allowedDirectories: [dir], log: { _ in }).load(path: dir + "/" + file)
            opens.append(Double(monotonicNanoseconds() - t) / 1e6)
            out.row("start a helper and open \(file) in it (median)", helperStarts.last!, "ms")
            out.row("  open \(file) in the daemon (first time)", opens.last!, "ms")
        }
        let drags = quick ? 50 : 1_000
        // Interleaved runs, medians: the machine's other load spreads over all three.
        var runs: [[Double]] = [[], [], []]
        for _ in 0..<(quick ? 1 : 7) {
            runs[0].append(dragStream(directories, helper, policy: "deceleration", sessions: drags))
            runs[1].append(dragStream(directories, helper, policy: "material", sessions: drags))
            runs[2].append(dragStream(directories, .trusted, policy: "material", sessions: drags))
        }
        let (builtin, viaHelper, inDaemon) = (median(runs[0]), median(runs[1]), median(runs[2]))
        out.row("drag stream released on deceleration (built-in)", builtin, "µs/drag")
        out.row("drag stream released on material in a helper", viaHelper, "µs/drag")
        out.row("  relative to the built-in", viaHelper / builtin, "x")
        out.row("drag stream released on material in the daemon (none)", inDaemon, "µs/drag")
        out.row("  relative to the built-in", inDaemon / builtin, "x")
    }

    /// material's release decision, placed as asked.
    static func decide(_ directories: [String], _ isolation: PluginIsolation) -> (any DismissalPolicy)? {
        let host = PluginHost(allowedDirectories: [], defaultDirectories: directories, isolation: isolation, log: { _ in })
        return try? host.makeDismissal(name: "material", config: .empty)
    }

    /// Median and 99th percentile of `count` calls, in µs.
    static func latencies(_ count: Int, _ policy: any DismissalPolicy) -> (Double, Double) {
        let input = ReleaseInput(axis: .vertical, position: 420, velocity: -300, translation: -80,
                                 detents: [300, 600, 800], originIndex: 1, extent: 300, dismissible: true)
        for _ in 0..<(count / 10) { _ = try? policy.decide(input) }
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for _ in 0..<count {
            let t = monotonicNanoseconds()
            _ = try? policy.decide(input)
            samples.append(Double(monotonicNanoseconds() - t) / 1000)
        }
        samples.sort()
        return (samples[count / 2], samples[count * 99 / 100])
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// A field of /proc/PID/smaps_rollup (`Rss`, `Private_Dirty`) of this process's first
    /// child (a helper), in KiB.
    static func helperMemoryKiB(_ field: String) -> Double? {
        let tid = getpid()
        guard let children = try? readText("/proc/self/task/\(tid)/children"),
              let child = children.split(separator: " ").first,
              let status = try? readText("/proc/\(child)/smaps_rollup"),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
        return Double(line.split(separator: " ").dropFirst().first ?? "")
    }

    static func readText(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 4096) }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `sessions` sheets on `policy`, each dragged (began, 10 changes) and released, then
    /// ticked until every one has settled; wall-clock µs per released drag.
    static func dragStream(_ directories: [String], _ isolation: PluginIsolation, policy: String, sessions: Int) -> Double {
        var configuration = SheetService.Configuration()
        configuration.defaultPluginDirectories = directories
        configuration.pluginIsolation = isolation
        let c = RPCConnection(service: SheetService(configuration: configuration))
        _ = c.receive(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"host"}}"#)
        for s in 1...sessions {
            _ = c.receive(#"{"jsonrpc":"2.0","id":2,"method":"session.create","params":{"container":{"width":390,"height":844},"content":{"preferredHeight":300},"detents":["medium","large"],"policies":{"dismissal":"\#(policy)"}}}"#)
            _ = c.receive(#"{"jsonrpc":"2.0","id":3,"method":"sheet.present","params":{"session":"s\#(s)","t":0,"animated":false}}"#)
        }
        let start = monotonicNanoseconds()
        for s in 1...sessions {
            _ = c.receive(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s\#(s)","t":100,"phase":"began","translation":{"x":0,"y":0}}}"#)
            for k in 1...10 {
                _ = c.receive(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s\#(s)","t":\#(100 + 16 * k),"phase":"changed","translation":{"x":0,"y":\#(k * 9)}}}"#)
            }
            _ = c.receive(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s\#(s)","t":276,"phase":"ended","translation":{"x":0,"y":90},"velocity":{"x":0,"y":\#(s % 2 == 0 ? 1800 : -400)}}}"#)
        }
        for k in 0..<90 {
            _ = c.receive(#"{"jsonrpc":"2.0","id":4,"method":"clock.tick","params":{"t":\#(300 + 16 * k)}}"#)
        }
        return Double(monotonicNanoseconds() - start) / 1000 / Double(sessions)
    }
}
