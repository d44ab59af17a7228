import SheetRPC

/// What every fuzz target asserts about the daemon's output; a violation aborts (libFuzzer
/// records the input as a crash). Compiled into each target by fuzz/run.sh.
enum FuzzChecks {
    static func fail(_ why: String, _ body: [UInt8]) -> Never {
        fatalError("\(why): \(String(decoding: body.prefix(2000), as: UTF8.self))")
    }

    /// One output body: valid JSON-RPC 2.0 (a response, a notification, or a batch of
    /// responses), and every number of a `sheet.frame` finite.
    static func checkBody(_ body: [UInt8]) {
        guard let v = try? JSONCodec.decode(body) else { fail("output is not JSON", body) }
        if case .array(let elements) = v {
            if elements.isEmpty { fail("empty batch answer", body) }
            for e in elements {
                guard e["method"] == nil else { fail("notification inside a batch answer", body) }
                checkMessage(e, body)
            }
        } else {
            checkMessage(v, body)
        }
    }

    static func checkMessage(_ m: JSONValue, _ body: [UInt8]) {
        guard case .object(let o) = m, o["jsonrpc"] == .string("2.0") else { fail("not a JSON-RPC 2.0 object", body) }
        if case .string(let method)? = o["method"] {
            if o["id"] != nil { fail("the server sent a request", body) }
            guard case .object = o["params"] else { fail("notification without params object", body) }
            if method == "sheet.frame" && !allFinite(o["params"]!) { fail("non-finite number in a frame", body) }
            return
        }
        guard let id = o["id"] else { fail("neither a notification nor a response", body) }
        switch id {
        case .string, .int, .double, .null: break
        default: fail("bad response id", body)
        }
        switch (o["result"], o["error"]) {
        case (.some, nil): break
        case (nil, .some(let e)):
            guard case .int = e["code"], case .string = e["message"] else { fail("malformed error object", body) }
        default: fail("a response needs exactly one of result and error", body)
        }
    }

    static func allFinite(_ v: JSONValue) -> Bool {
        switch v {
        case .double(let d): return d.isFinite
        case .array(let a): return a.allSatisfy(allFinite)
        case .object(let o): return o.members.allSatisfy { allFinite($0.value) }
        default: return true
        }
    }

    /// A frame of a session whose container is `width` × `height`: along each axis the sheet
    /// lies within one container extent before and after the container (a bottom sheet spans
    /// at most the width — page sheets, detached and capped sheets are narrower and centered —,
    /// a left/right drawer slides out sideways, a top sheet upwards), with an extent of at most
    /// twice the container's.
    static func checkFrame(_ f: JSONValue, width: Double, height: Double, _ body: [UInt8]) {
        guard allFinite(f) else { fail("non-finite number in a frame", body) }
        let sheet = f["sheet"]
        let x = sheet?["x"]?.doubleValue ?? .nan, y = sheet?["y"]?.doubleValue ?? .nan
        let w = sheet?["width"]?.doubleValue ?? .nan, h = sheet?["height"]?.doubleValue ?? .nan
        func inside(_ origin: Double, _ extent: Double, _ size: Double) -> Bool {
            origin >= -size - 0.5 && origin <= size + 0.5 && extent >= 0 && extent <= 2 * size + 0.5
        }
        guard inside(x, w, width), inside(y, h, height) else {
            fail("frame outside the container \(width)×\(height)", body)
        }
        for key in ["progress"] {
            guard let p = f[key]?.doubleValue, p >= 0, p <= 1 else { fail("\(key) outside 0...1", body) }
        }
        guard let a = f["dimming"]?["alpha"]?.doubleValue, a >= 0, a <= 1 else { fail("alpha outside 0...1", body) }
    }
}
