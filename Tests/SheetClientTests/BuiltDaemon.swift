import Foundation
import SheetClient
import SheetTestSupport

/// The `sheetd` the tests run (`BuildProducts.daemon()`: `SHEETD_BINARY`, else the one built
/// next to the test bundle).
func builtDaemon() throws -> String { try BuildProducts.daemon() }

/// The repository root (this file is Tests/SheetClientTests/BuiltDaemon.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A failure of the test harness itself.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The iPhone-like container of the protocol's examples.
let iPhone = (width: IPhone.width, height: IPhone.height, top: IPhone.safeTop, bottom: IPhone.safeBottom)

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
