#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A spawned sheetd child: its pid and our ends of its stdin and stdout pipes. Its stderr is
/// inherited (sheetd logs there).
struct DaemonProcess: Sendable {
    let pid: pid_t
    /// Our end of the daemon's stdin.
    let input: Int32
    /// Our end of the daemon's stdout.
    let output: Int32

    static func spawn(_ executable: String, _ arguments: [String]) throws(SheetClientError) -> DaemonProcess {
        signal(SIGPIPE, SIG_IGN)
        // Socket pairs rather than pipes: they can be created close-on-exec atomically, so a
        // child spawned concurrently by another thread never inherits our ends (which would
        // keep the daemon's output open after it exits).
        var inPipe: [Int32] = [-1, -1]   // [daemon's stdin, ours]
        var outPipe: [Int32] = [-1, -1]  // [ours, daemon's stdout]
        guard makePair(&inPipe) else { throw .spawnFailed("socketpair: \(String(cString: strerror(errno)))") }
        guard makePair(&outPipe) else {
            close(inPipe[0]); close(inPipe[1])
            throw .spawnFailed("socketpair: \(String(cString: strerror(errno)))")
        }
        _ = shutdown(inPipe[0], Int32(SHUT_WR))
        _ = shutdown(outPipe[1], Int32(SHUT_RD))

        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)

        let argv = ([executable] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = (argv + [nil]).withUnsafeBufferPointer { a in
            posix_spawn(&pid, executable, &actions, nil, a.baseAddress!, environ)
        }
        close(inPipe[0])
        close(outPipe[1])
        guard rc == 0 else {
            close(inPipe[1]); close(outPipe[0])
            throw .spawnFailed("\(executable): \(String(cString: strerror(rc)))")
        }
        return DaemonProcess(pid: pid, input: inPipe[1], output: outPipe[0])
    }

    private static func makePair(_ fds: inout [Int32]) -> Bool {
        #if canImport(Glibc)
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
        let type = SOCK_STREAM
        #endif
        return socketpair(AF_UNIX, type, 0, &fds) == 0
    }

    /// Waits for the child to exit; its exit status (128 + signal when killed).
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }
}
