#if canImport(Glibc)
import Glibc
#endif

/// Log verbosity (`--log-level`); each level includes the ones before it.
enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case error, warn, info, debug

    init?(name: String) {
        switch name {
        case "error": self = .error
        case "warn", "warning": self = .warn
        case "info": self = .info
        case "debug": self = .debug
        default: return nil
        }
    }

    var name: String {
        switch self {
        case .error: return "error"
        case .warn: return "warn"
        case .info: return "info"
        case .debug: return "debug"
        }
    }

    static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }
}

/// Writes `sheetd: <level>: message` lines to stderr (fd 2) with write(2); never to stdout.
struct Logger: Sendable {
    var level: LogLevel

    func enabled(_ l: LogLevel) -> Bool { l <= level }

    func log(_ l: LogLevel, _ message: @autoclosure () -> String) {
        guard enabled(l) else { return }
        let line = Array("sheetd: \(l.name): \(message())\n".utf8)
        line.withUnsafeBytes { p in
            var off = 0
            while off < p.count {
                let n = write(2, p.baseAddress! + off, p.count - off)
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                off += n
            }
        }
    }

    func error(_ m: @autoclosure () -> String) { log(.error, m()) }
    func warn(_ m: @autoclosure () -> String) { log(.warn, m()) }
    func info(_ m: @autoclosure () -> String) { log(.info, m()) }
    func debug(_ m: @autoclosure () -> String) { log(.debug, m()) }
}

/// CLOCK_MONOTONIC in milliseconds: the loop's clock and the service's realtime clock.
@Sendable func monotonicMilliseconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
}
