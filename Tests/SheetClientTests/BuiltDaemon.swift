import Foundation
import SheetClient

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

/// `iPhone` as a SheetClient container (with its safe area).
let iPhoneContainer = Container(width: iPhone.width, height: iPhone.height,
                                safeArea: SafeArea(top: iPhone.top, bottom: iPhone.bottom))

/// A SheetClient on the built daemon, initialized on the host clock.
func startHostClockClient(name: String? = nil) async throws -> SheetClient {
    let client = try SheetClient(executable: builtDaemon())
    let hello = try await client.initialize(clock: .host, clientName: name)
    guard hello.serverName == "sheetd", hello.protocolVersion == "1", hello.clock == "host" else {
        throw TestFailure("initialize answered \(hello.json)")
    }
    return client
}

/// Ticks every `t` of `range`; the frames they produced, in order.
@discardableResult
func ticks(_ client: SheetClient, _ range: StrideThrough<Double>) async throws -> [Frame] {
    var frames: [Frame] = []
    for t in range { frames += try await client.tick(t) }
    return frames
}
