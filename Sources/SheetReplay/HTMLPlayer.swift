import SheetRPC

/// `sheetd replay FILE --html OUT.html`: one self-contained page (inline CSS and JS, no
/// network) that plays a recording's frames.
///
/// The page is `Resources/player.html` with `Resources/sheet-renderer.js` (the renderer the web
/// host in examples/web-host draws with) and `Resources/player.js` (the controls) inlined, all
/// embedded in this library as bytes. The recording goes in as JSON: the sessions without their
/// frames in `#recording`, then the frames in chunks of `framesPerChunk` (`script.frames`), so
/// no single text grows with the recording and the page loads recordings of millions of frames.
public enum HTMLPlayer {
    /// Frames per `<script class="frames">` element.
    static let framesPerChunk = 20_000

    /// The page for a recording (`ReplayRecording.json`).
    public static func render(_ recording: JSONValue) -> String {
        var head = recording
        var chunks = ""
        if case .object(var o) = recording, case .array(let sessions)? = o["sessions"] {
            var stripped: [JSONValue] = []
            for (index, s) in sessions.enumerated() {
                guard case .object(var session) = s else { stripped.append(s); continue }
                let frames = session["frames"]?.arrayValue ?? []
                session["frames"] = .array([])
                stripped.append(.object(session))
                var from = 0
                while from < frames.count {
                    let to = min(frames.count, from + framesPerChunk)
                    chunks += #"<script type="application/json" class="frames" data-session="\#(index)">"#
                        + scriptText(.array(Array(frames[from..<to]))) + "</script>\n"
                    from = to
                }
            }
            o["sessions"] = .array(stripped)
            head = .object(o)
        }
        let data = #"<script type="application/json" id="recording">"# + scriptText(head) + "</script>\n" + chunks
        let title = SVGPlot.escape("sheetd player — " + (recording["source"]?.stringValue ?? ""))
        return fill(text(PackageResources.player_html), [
            "__TITLE__": title,
            "__RECORDING__": data,
            "__RENDERER__": text(PackageResources.sheet_renderer_js),
            "__PLAYER__": text(PackageResources.player_js),
        ])
    }

    /// JSON inside a `<script>` element: `<` never appears outside JSON strings, so escaping it
    /// keeps `</script>` and `<!--` out.
    static func scriptText(_ value: JSONValue) -> String {
        let json = JSONCodec.encodeToString(value)
        var out: [UInt8] = []
        out.reserveCapacity(json.utf8.count)
        for b in json.utf8 {
            if b == UInt8(ascii: "<") { out += "\\u003c".utf8 } else { out.append(b) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// `template` with each marker replaced, in one pass (a value is never searched for markers).
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = template[...]
        while let open = TextSearch.firstRange(of: "__", in: rest) {
            let afterOpen = rest[open.upperBound...]
            guard let close = TextSearch.firstRange(of: "__", in: afterOpen) else { break }
            let key = "__" + afterOpen[..<close.lowerBound] + "__"
            if let value = values[key] {
                out += rest[..<open.lowerBound]
                out += value
                rest = afterOpen[close.upperBound...]
            } else {
                out += rest[..<open.upperBound]
                rest = afterOpen
            }
        }
        return out + rest
    }
}
