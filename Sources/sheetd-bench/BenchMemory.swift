/// Memory rows: peak resident set (VmHWM) of a child `sheetd serve` holding `sessions`
/// presented sessions, per session above one holding a single session; before any tick and
/// after the one tick that draws every one of them.
enum BenchMemory {
    static func run(_ out: BenchOutput, sessions n: Int, daemon: String) {
        let label = "memory per session at \(n) sessions (VmHWM)"
        guard n > 1, let child = PipedChild([daemon, "serve"], clearEnvironment: ["SHEETD_PLUGIN_PATH"]) else {
            out.unavailable(label, "could not start a child sheetd")
            return
        }
        let create = #"{"jsonrpc":"2.0","id":2,"method":"session.create","params":{"container":{"width":390,"height":844,"safeArea":{"top":47,"bottom":34}},"content":{"preferredHeight":300}}}"# + "\n"
        func present(_ s: Int) -> String {
            #"{"jsonrpc":"2.0","id":3,"method":"sheet.present","params":{"session":"s\#(s)","t":0,"animated":false}}"# + "\n"
        }
        child.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"host"}}"# + "\n" + create + present(1))
        child.readLines(5)  // initialize, create, present (its two events, willSettle and presented, and its answer)
        let base = child.peakResidentKiB() ?? 0
        // Batches, each read back before the next, so neither pipe fills up.
        var s = 2
        while s <= n {
            let end = min(n, s + 199)  // 200 answers (~32 KiB) fit in a pipe
            child.send(String(repeating: create, count: end - s + 1))
            child.readLines(end - s + 1)
            child.send((s...end).map(present).joined())
            child.readLines(3 * (end - s + 1))  // willSettle, presented, the answer
            s = end + 1
        }
        let idle = child.peakResidentKiB() ?? 0
        child.send(#"{"jsonrpc":"2.0","id":4,"method":"clock.tick","params":{"t":16}}"# + "\n")
        child.readLines(n + 1)  // a frame per session, then the answer
        let ticked = child.peakResidentKiB() ?? 0
        _ = child.finish()
        out.row("memory per session at \(n) sessions (VmHWM)", Double(idle - base) / Double(n - 1), "KiB/session")
        out.row("memory per session at \(n) sessions, after a tick moving all", Double(ticked - base) / Double(n - 1),
                "KiB/session")
    }
}
