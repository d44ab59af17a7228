#if canImport(Glibc)
import Glibc
#endif

/// Child processes for the benchmark: spawned with posix_spawn, reaped with wait4 for their
/// CPU time and peak memory.
struct ChildProcess {
    /// What a finished child cost.
    struct Finished {
        var status: Int32
        /// User + system CPU time (s).
        var cpuSeconds: Double
        /// Wall-clock time from spawn to exit (s).
        var wallSeconds: Double
        /// Peak resident set (KiB, `ru_maxrss`).
        var maxResidentKiB: Int
    }

    /// The environment minus the variables named in `clear`, as C strings (caller frees).
    static func environment(clearing clear: [String]) -> [UnsafeMutablePointer<CChar>?] {
        var env: [UnsafeMutablePointer<CChar>?] = []
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if !clear.contains(where: { s.hasPrefix($0 + "=") }) { env.append(strdup(entry)) }
            p += 1
        }
        env.append(nil)
        return env
    }

    /// Spawns `argv` (argv[0] is the path) with stdin/stdout redirected from/to files
    /// (`/dev/null` when nil) and stderr inherited.
    static func spawn(_ argv: [String], stdinFD: Int32? = nil, stdoutFD: Int32? = nil,
                      closeInChild: [Int32] = [], clearEnvironment: [String] = []) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let fd = stdinFD { posix_spawn_file_actions_adddup2(&actions, fd, 0) }
        if let fd = stdoutFD { posix_spawn_file_actions_adddup2(&actions, fd, 1) }
        for fd in closeInChild { posix_spawn_file_actions_addclose(&actions, fd) }
        let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        let env = environment(clearing: clearEnvironment)
        defer { env.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, cArgs, env) == 0 else { return nil }
        return pid
    }

    /// Waits for `pid`; its status, CPU time and peak memory.
    static func wait(_ pid: pid_t, startedAt start: UInt64) -> Finished {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Double(monotonicNanoseconds() - start) / 1e9
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Finished(status: exit, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
                        wallSeconds: wall, maxResidentKiB: Int(usage.ru_maxrss))
    }

    /// Runs `argv` to completion with stdin from the file `stdin` and stdout to the file `stdout`.
    static func run(_ argv: [String], stdin: String = "/dev/null", stdout: String = "/dev/null",
                    clearEnvironment: [String] = []) -> Finished? {
        let input = open(stdin, O_RDONLY | O_CLOEXEC)
        let output = open(stdout, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            if input >= 0 { close(input) }
            if output >= 0 { close(output) }
        }
        guard input >= 0, output >= 0 else { return nil }
        let start = monotonicNanoseconds()
        guard let pid = spawn(argv, stdinFD: input, stdoutFD: output, clearEnvironment: clearEnvironment) else {
            return nil
        }
        return wait(pid, startedAt: start)
    }
}

/// A child on pipes: the benchmark writes its stdin and reads its stdout.
final class PipedChild {
    let pid: pid_t
    let input: Int32
    let output: Int32
    let started: UInt64

    init?(_ argv: [String], clearEnvironment: [String] = []) {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { return nil }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0]); close(toChild[1])
            return nil
        }
        // Close-on-exec: the child gets only the dup2'd ends (also in later children).
        for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        started = monotonicNanoseconds()
        guard let pid = ChildProcess.spawn(argv, stdinFD: toChild[0], stdoutFD: fromChild[1],
                                           clearEnvironment: clearEnvironment) else {
            for fd in toChild + fromChild { close(fd) }
            return nil
        }
        close(toChild[0])
        close(fromChild[1])
        self.pid = pid
        input = toChild[1]
        output = fromChild[0]
    }

    func send(_ s: String) {
        writeAll(input, Array(s.utf8))
    }

    /// Newlines already read past the last `readLines` count.
    private var surplus = 0

    /// Reads until `count` newlines arrived (or end of output); how many did.
    @discardableResult
    func readLines(_ count: Int) -> Int {
        var seen = min(surplus, count)
        surplus -= seen
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while seen < count {
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            for i in 0..<n where chunk[i] == 10 { seen += 1 }
        }
        if seen > count {
            surplus += seen - count
            seen = count
        }
        return seen
    }

    /// `VmHWM` (peak resident set, KiB) from /proc/PID/status, while the child lives.
    func peakResidentKiB() -> Int? {
        guard let bytes = readFile("/proc/\(pid)/status") else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }

    private var inputClosed = false

    /// Closes the child's stdin (end of input for it); once.
    func closeInput() {
        guard !inputClosed else { return }
        inputClosed = true
        close(input)
    }

    /// Closes stdin and reaps the child.
    func finish() -> ChildProcess.Finished {
        closeInput()
        let f = ChildProcess.wait(pid, startedAt: started)
        close(output)
        return f
    }
}

func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// CPU time of this process (ns).
func cpuNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// CLOCK_MONOTONIC in milliseconds.
func monotonicMilliseconds() -> Double { Double(monotonicNanoseconds()) / 1e6 }
