import Foundation

/// Runs a helper program to completion (for tests that drive sheetd through another
/// program, such as scripts/lsp-client-check.py). stdout and stderr go to temporary files,
/// so no pipe can fill up; stdin is /dev/null.
enum Subprocess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> Result {
        let dir = FileManager.default.temporaryDirectory
        let tag = "sheetd-subprocess-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let outURL = dir.appendingPathComponent(tag + ".out")
        let errURL = dir.appendingPathComponent(tag + ".err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = out
        p.standardError = err
        try spawnLock.withLock { _ in try p.run() }
        p.waitUntilExit()
        try? out.close()
        try? err.close()
        return Result(status: p.terminationStatus,
                      stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }
}
