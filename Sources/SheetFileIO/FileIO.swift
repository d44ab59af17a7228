#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and complete writes on file descriptors (POSIX, retrying EINTR and short
/// writes), for the executables: the daemon's replay and the benchmark.
public enum FileIO {
    /// Writes all of `bytes` to `fd`; stops quietly on an error other than EINTR.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { p in
            var off = 0
            while off < p.count {
                let n = write(fd, p.baseAddress! + off, p.count - off)
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                off += n
            }
        }
    }

    /// The whole file at `path`, or nil with `errno` set (EISDIR for a directory).
    public static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
            errno = EISDIR
            return nil
        }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return data }
            data.append(contentsOf: chunk[0..<n])
        }
    }
}
