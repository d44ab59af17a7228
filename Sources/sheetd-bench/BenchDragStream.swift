import SheetRPC
import SheetServer

/// The benchmark's drag stream: `sessions` sheets created, presented without animation and
/// grabbed; then `ticks` times every session moves its finger (`input.pan` changed, a
/// notification) and one `clock.tick` request draws a frame for each; then `shutdown`, `exit`.
struct DragStream {
    var sessions: Int
    var ticks: Int

    /// Frames the stream draws (every session moves on every tick).
    var frames: Int { sessions * ticks }

    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"host"}}"#

    /// The `result` member sheetd answers `initialize` with (no plugin directories).
    static func initializeResult() -> [UInt8] {
        let c = RPCConnection(service: SheetService(configuration: .init()))
        guard let reply = c.receive(initialize).first,
              case .object(let o)? = try? JSONCodec.decode(reply), let result = o["result"] else { return [] }
        return JSONCodec.encode(result)
    }

    /// The finger's translation for session `s` at tick `k`: one decimal, a different value
    /// on every tick, 0 ... 250.9 pt downwards.
    static func translation(session s: Int, tick k: Int) -> String {
        let v = (k * 37 + s * 11) % 2510
        return v % 10 == 0 ? "\(v / 10)" : "\(v / 10).\(v % 10)"
    }

    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160 * (sessions * (ticks + 3)))
        func line(_ s: String) {
            out.append(contentsOf: s.utf8)
            out.append(10)
        }
        var id = 1
        line(Self.initialize)
        for _ in 1...sessions {
            id += 1
            line(#"{"jsonrpc":"2.0","id":\#(id),"method":"session.create","params":{"container":{"width":390,"height":844,"safeArea":{"top":47,"bottom":34}},"content":{"preferredHeight":300}}}"#)
        }
        for s in 1...sessions {
            id += 1
            line(#"{"jsonrpc":"2.0","id":\#(id),"method":"sheet.present","params":{"session":"s\#(s)","t":0,"animated":false}}"#)
        }
        for s in 1...sessions {
            line(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s\#(s)","t":0,"phase":"began","translation":{"x":0,"y":0}}}"#)
        }
        for k in 1...ticks {
            for s in 1...sessions {
                line(#"{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s\#(s)","t":\#(16 * k),"phase":"changed","translation":{"x":0,"y":\#(Self.translation(session: s, tick: k))}}}"#)
            }
            id += 1
            line(#"{"jsonrpc":"2.0","id":\#(id),"method":"clock.tick","params":{"t":\#(16 * k)}}"#)
        }
        id += 1
        line(#"{"jsonrpc":"2.0","id":\#(id),"method":"shutdown"}"#)
        line(#"{"jsonrpc":"2.0","method":"exit"}"#)
        return out
    }
}
