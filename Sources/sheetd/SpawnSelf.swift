#if canImport(Glibc)
import Glibc
#endif

/// A child `sheetd` (this very binary, `/proc/self/exe`) with `arguments`, its stdin and
/// stdout on pipes (stderr shared). Used by `sheetd bench` for its over-the-pipe figures.
func spawnSelf(_ arguments: [String]) -> (pid: pid_t, input: Int32, output: Int32)? {
    var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
    guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    for fd in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, fd) }
    var child: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = (["sheetd"] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    guard posix_spawn(&child, "/proc/self/exe", &actions, nil, argv, environ) == 0 else { return nil }
    close(toChild[0])
    close(fromChild[1])
    return (child, toChild[1], fromChild[0])
}
