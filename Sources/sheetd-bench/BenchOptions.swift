#if canImport(Glibc)
import Glibc
#endif
import SheetFileIO

/// The command line of `sheetd-bench`: what to measure and how to print it.
struct BenchOptions: Equatable {
    /// `--quick`: small counts (a smoke run; figures are not representative).
    var quick = false
    /// `--json`: one JSON document instead of the table.
    var json = false
    /// `--compare`: only the drag stream against the C floor.
    var compareOnly = false
    /// `--scaling`: only the scaling rows.
    var scalingOnly = false
    /// `--pacing`: only the realtime pacing rows.
    var pacingOnly = false
    /// `--startup`: only the start-up rows.
    var startupOnly = false
    /// `--memory`: only the memory rows (100,000 sessions).
    var memoryOnly = false
    /// `--counts`: only the counts per frame (allocations, retain/release, instructions).
    var countsOnly = false
    /// `--check-counts`: only the hot path's counts; exit 1 when one is above 0 per frame.
    var checkCounts = false
    /// `--sheetd PATH`: the daemon to measure (default: `sheetd` next to this executable).
    var daemon: String?
    /// `--floor DIR`: the C floor's sources (default: `bench/floor` of this package).
    var floorDirectory: String?
    /// `--help`.
    var help = false

    static let usage = """
        usage: sheetd-bench [--quick] [--compare] [--scaling] [--pacing] [--startup] [--memory] [--counts] [--check-counts] [--json]
                            [--sheetd PATH] [--floor DIR]
          Measures the drag stream against the C floors (bench/floor), counts per frame,
          message handling, scaling, start-up, memory per session and pipes. Build with
          scripts/build-release.sh sheetd-bench for real figures (bench/README.md).
          --compare     only the floor comparison
          --scaling     only the scaling rows
          --pacing      only the realtime pacing rows (6 to 10,000 animating sessions)
          --startup     only the start-up rows (spawn to exit, spawn to initialize reply,
                        against bench/floor/hello.c and hello.swift)
          --memory      only the memory rows (resident set per session at 100,000
                        sessions, before and after a tick)
          --counts      only the counts per frame: heap allocations (bench/floor/allocs.c
                        preloaded), swift_retain/swift_release calls and instructions
                        (valgrind --tool=callgrind), over two stream lengths
          --check-counts  only the hot path's counts (input.pan + clock.tick, 1 session);
                        exit 1 when allocations or retain/release per frame are above 0,
                        2 when they cannot be measured
          --quick       small counts (a smoke run)
          --json        one JSON document
          --sheetd PATH the daemon to measure (default: sheetd next to sheetd-bench, as
                        swift build puts it)
          --floor DIR   the C floors' sources, floor.c, scan.c, allocs.c and hello.c (default: bench/floor
                        of the package sheetd-bench was built from)
        """

    /// A usage error's message.
    struct UsageError: Error, Equatable {
        var message: String
    }

    static func parse(_ args: [String]) throws(UsageError) -> BenchOptions {
        var o = BenchOptions()
        var i = 0
        while i < args.count {
            let arg = args[i]
            func value() throws(UsageError) -> String {
                i += 1
                guard i < args.count, !args[i].isEmpty else { throw UsageError(message: "option \(arg) needs a value") }
                return args[i]
            }
            switch arg {
            case "--quick": o.quick = true
            case "--json": o.json = true
            case "--compare": o.compareOnly = true
            case "--scaling": o.scalingOnly = true
            case "--pacing": o.pacingOnly = true
            case "--startup": o.startupOnly = true
            case "--memory": o.memoryOnly = true
            case "--counts": o.countsOnly = true
            case "--check-counts": o.checkCounts = true
            case "--sheetd": o.daemon = try value()
            case "--floor": o.floorDirectory = try value()
            case "-h", "--help": o.help = true
            default: throw UsageError(message: "unexpected argument '\(arg)'")
            }
            i += 1
        }
        return o
    }
}

/// Where the bench finds what it runs: the daemon executable and the C floor's sources. Both
/// are checked before anything is measured, so a missing one is one clear message.
struct BenchInputs {
    /// The `sheetd` executable measured.
    var daemon: String
    /// The directory holding `floor.c`, `scan.c`, `frames.h`, `allocs.c`, `hello.c` and `hello.swift`.
    var floorDirectory: String

    /// The package this executable was built from: `Sources/sheetd-bench/` is two levels below.
    static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    /// Resolves the options' paths (or the defaults) and checks them; a message saying what is
    /// missing and how to give it otherwise.
    static func resolve(_ options: BenchOptions) -> Result<BenchInputs, BenchOptions.UsageError> {
        let daemon: String
        if let d = options.daemon {
            daemon = d
        } else if let dir = executableDirectory() {
            daemon = dir + "/sheetd"
        } else {
            return .failure(.init(message: "cannot tell where this executable is; pass --sheetd PATH"))
        }
        guard access(daemon, X_OK) == 0 else {
            let hint = options.daemon == nil ? " (build it: swift build -c release --product sheetd; or pass --sheetd PATH)" : ""
            return .failure(.init(message: "no executable sheetd at \(daemon)\(hint)"))
        }
        let floor = options.floorDirectory ?? packageRoot + "/bench/floor"
        guard ["floor.c", "scan.c", "frames.h", "allocs.c", "hello.c"].allSatisfy({ access(floor + "/" + $0, R_OK) == 0 }) else {
            let hint = options.floorDirectory == nil ? " (the package this bench was built from has moved? pass --floor DIR)" : ""
            return .failure(.init(message: "no floor.c, scan.c, frames.h, allocs.c and hello.c in \(floor)\(hint)"))
        }
        return .success(BenchInputs(daemon: daemon, floorDirectory: floor))
    }

    /// The directory of the running executable (from /proc/self/exe).
    static func executableDirectory() -> String? {
        guard let exe = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(exe) }
        let path = String(cString: exe)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}

/// Writes all of `bytes` to `fd`.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) { FileIO.writeAll(fd, bytes) }

/// The whole file, or nil when it cannot be read.
func readFile(_ path: String) -> [UInt8]? { FileIO.readFile(path) }
