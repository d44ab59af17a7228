import SheetRPC
import SheetServer

// sheetd as a WebAssembly module (scripts/build-wasm.sh): the daemon's bytes-in, bytes-out
// core — FrameDecoder, RPCConnection, SheetService (the engine behind it), FrameEncoder —
// with the OS loop replaced by a handful of exported functions a JavaScript host calls. The
// host copies input bytes in, calls `sheetd_feed`, and copies the framed output out
// (clients/js/sheetd-wasm.js does all of it). The module's only imports are four WASI functions
// of its C library — fd_write, fd_close, fd_seek (a runtime trap's message on stderr) and
// random_get (hash seeds) — which sheetd-wasm.js provides.
//
// Exports (all numbers are i32 unless said otherwise):
//   sheetd_init(framing)           a fresh daemon: framing 0 auto, 1 ndjson, 2 lsp (as --framing)
//   sheetd_input(n) -> ptr         room for n input bytes (valid until the next call)
//   sheetd_feed(n) -> len          decodes and handles the n bytes just written at sheetd_input's
//                                  pointer; returns the output length (sheetd_output)
//   sheetd_finish() -> len         end of input (a cut LSP message is answered)
//   sheetd_output() -> ptr         the output bytes produced since the last sheetd_output_clear
//   sheetd_output_clear()          forget them (after the host copied them)
//   sheetd_set_now(ms: f64)        the realtime clock's time (performance.now()) for what follows
//   sheetd_next_deadline() -> f64  realtime clock: when the next grid tick is due (ms), -1 when idle
//   sheetd_advance(now: f64) -> len   realtime clock: the grid tick due at `now` (the daemon's loop)
//   sheetd_display_frame(now: f64) -> len  realtime clock: a tick at exactly `now` (a display
//                                  frame: requestAnimationFrame's timestamp), not on the grid
//   sheetd_exit_code() -> i32      -1 while running; the code once `exit` was received

/// Collects framed output in memory (the daemon's ProtocolOutput, without a file descriptor).
final class MemoryOutput: RPCOutput {
    var encoder: FrameEncoder
    let bytes = MessageBuffer(capacity: 64 * 1024)

    init(framing: Framing) {
        encoder = FrameEncoder(framing: framing)
    }

    func send(_ kind: RPCMessageKind, bound: Int, _ write: (inout JSONWriter) -> Void) {
        encoder.frame(into: bytes, bound: bound, write)
    }

    var isFull: Bool { false }
}

/// One daemon: what `sheetd serve` holds between its reads and writes.
final class WasmDaemon {
    var decoder: FrameDecoder
    let connection: RPCConnection
    let service: SheetService
    let output: MemoryOutput
    var input: [UInt8] = []

    init(framing: Framing) {
        let configuration = SheetService.Configuration(now: { WasmClock.now })
        service = SheetService(configuration: configuration)
        connection = RPCConnection(service: service)
        decoder = FrameDecoder(mode: framing)
        output = MemoryOutput(framing: framing == .lsp ? .lsp : .ndjson)
    }

    /// Handles every event decoded so far (the daemon's takeWork, with an output never full).
    func drain(_ extra: [FrameDecoder.Event] = []) {
        var tail = extra
        while connection.exitCode == nil {
            guard let event = decoder.next() ?? (tail.isEmpty ? nil : tail.removeFirst()) else { return }
            if let f = decoder.detected { output.encoder.framing = f }
            connection.receive(event, to: output)
            while connection.isPaused { connection.resume(to: output) }
        }
    }
}

/// The realtime clock's reading, set by the host before each call.
enum WasmClock {
    nonisolated(unsafe) static var now: Double = 0
}

nonisolated(unsafe) private var daemon: WasmDaemon?

private func current() -> WasmDaemon {
    if let d = daemon { return d }
    let d = WasmDaemon(framing: .auto)
    daemon = d
    return d
}

@_expose(wasm, "sheetd_init") @_cdecl("sheetd_init")
public func sheetdInit(_ framing: Int32) {
    daemon = WasmDaemon(framing: framing == 1 ? .ndjson : framing == 2 ? .lsp : .auto)
}

@_expose(wasm, "sheetd_input") @_cdecl("sheetd_input")
public func sheetdInput(_ n: Int32) -> UnsafeMutableRawPointer? {
    let d = current()
    if d.input.count < Int(n) { d.input = [UInt8](repeating: 0, count: Int(n)) }
    return d.input.withUnsafeMutableBytes { $0.baseAddress }
}

@_expose(wasm, "sheetd_feed") @_cdecl("sheetd_feed")
public func sheetdFeed(_ n: Int32) -> Int32 {
    let d = current()
    if d.connection.exitCode == nil {
        d.input.withUnsafeBytes { d.decoder.feed(UnsafeRawBufferPointer(rebasing: $0[0..<Int(n)])) }
        d.drain()
    }
    return Int32(d.output.bytes.count)
}

@_expose(wasm, "sheetd_finish") @_cdecl("sheetd_finish")
public func sheetdFinish() -> Int32 {
    let d = current()
    if d.connection.exitCode == nil { d.drain(d.decoder.finish()) }
    return Int32(d.output.bytes.count)
}

@_expose(wasm, "sheetd_output") @_cdecl("sheetd_output")
public func sheetdOutput() -> UnsafeMutableRawPointer? {
    UnsafeMutableRawPointer(mutating: current().output.bytes.bytes.baseAddress)
}

@_expose(wasm, "sheetd_output_clear") @_cdecl("sheetd_output_clear")
public func sheetdOutputClear() {
    current().output.bytes.removeAll()
}

@_expose(wasm, "sheetd_set_now") @_cdecl("sheetd_set_now")
public func sheetdSetNow(_ ms: Double) {
    WasmClock.now = ms
}

@_expose(wasm, "sheetd_next_deadline") @_cdecl("sheetd_next_deadline")
public func sheetdNextDeadline() -> Double {
    current().connection.nextDeadline() ?? -1
}

@_expose(wasm, "sheetd_advance") @_cdecl("sheetd_advance")
public func sheetdAdvance(_ now: Double) -> Int32 {
    let d = current()
    WasmClock.now = now
    d.connection.advance(to: now, out: d.output)
    return Int32(d.output.bytes.count)
}

@_expose(wasm, "sheetd_display_frame") @_cdecl("sheetd_display_frame")
public func sheetdDisplayFrame(_ now: Double) -> Int32 {
    let d = current()
    WasmClock.now = now
    if d.connection.isInitialized && d.connection.exitCode == nil {
        d.service.advance(toDisplayFrame: now, emit: RPCNotifier(d.output))
    }
    return Int32(d.output.bytes.count)
}

@_expose(wasm, "sheetd_exit_code") @_cdecl("sheetd_exit_code")
public func sheetdExitCode() -> Int32 {
    current().connection.exitCode ?? -1
}
