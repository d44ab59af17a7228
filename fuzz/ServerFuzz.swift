import SheetRPC
import SheetServer

/// libFuzzer target: the whole server path. Bytes → FrameDecoder (auto framing) →
/// RPCConnection → SheetService → output; every output body must be valid JSON-RPC and every
/// number in a `sheet.frame` finite. The connection is initialized first (host clock) so the
/// fuzzer spends its time past the lifecycle gate.
@_cdecl("LLVMFuzzerTestOneInput")
public func serverFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let connection = RPCConnection(service: SheetService(configuration: .init(maxSessions: 64)))
    let initialize = Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clock":"host"}}"#.utf8)
    for body in connection.receive(initialize) { FuzzChecks.checkBody(body) }
    var decoder = FrameDecoder(mode: .auto, maxMessageBytes: 1 << 16)
    decoder.feed(UnsafeRawBufferPointer(start: data, count: size))
    var events: [FrameDecoder.Event] = []
    while let e = decoder.next() { events.append(e) }
    events += decoder.finish()
    for e in events {
        for body in connection.receive(e) { FuzzChecks.checkBody(body) }
        if connection.exitCode != nil { break }
    }
    return 0
}
