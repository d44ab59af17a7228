import Foundation

/// The `sheetd` built next to the test bundle (`.build/<triple>/debug/sheetd`); `SHEETD_BINARY`
/// overrides it.
func builtDaemon() throws -> String {
    if let env = ProcessInfo.processInfo.environment["SHEETD_BINARY"], !env.isEmpty { return env }
    let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let candidates = [URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("sheetd").path,
                      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("sheetd").path]
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        throw TestFailure("sheetd binary not found (looked at \(candidates)); run `swift build` first")
    }
    return found
}

/// The repository root (this file is Tests/SheetClientTests/BuiltDaemon.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A failure of the test harness itself.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The iPhone-like container of the protocol's examples.
let iPhone = (width: 390.0, height: 844.0, top: 47.0, bottom: 34.0)
