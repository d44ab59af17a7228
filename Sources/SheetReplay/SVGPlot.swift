import SheetRPC

/// `sheetd replay FILE --svg OUT.svg`: one static plot per recorded session, stacked.
///
/// Each session gets a lane of host commands and one of `sheet.event`s (labelled markers), then
/// three strips sharing the time axis (ms): the sheet's top edge `sheet.y` (pt, the container's
/// top at the top, as on screen) with the resting detents, finger samples and the keyboard's top
/// edge; the dimming alpha and the progress (0…1); and, for sessions with navigation, every
/// entry's `x` (pt). State bands (presenting, dragging, settling, dismissing) shade all strips.
/// The output is deterministic: the same recording gives the same bytes.
public enum SVGPlot {
    static let width = 1000.0
    static let plotLeft = 70.0
    static let plotRight = 820.0
    static let rowHeight = 13.0
    static let charWidth = 6.0
    static let palette = ["#0891b2", "#c026d3", "#65a30d", "#ea580c", "#4f46e5", "#be123c"]
    static let bandColors = ["presenting": "#dbeafe", "dragging": "#fde4c8", "settling": "#d5f5dd", "dismissing": "#fde0e0"]

    /// The SVG document for a recording (`ReplayRecording.json`).
    public static func render(_ recording: JSONValue) -> String {
        let ticks = (recording["ticks"]?.arrayValue ?? []).compactMap(\.doubleValue).sorted()
        let source = recording["source"]?.stringValue ?? ""
        let timelines = (recording["sessions"]?.arrayValue ?? []).map { SessionTimeline(session: $0, ticks: ticks) }
        var body = ""
        var y = 8.0
        y = legend(timelines, into: &body, top: y)
        if timelines.isEmpty {
            body += text(plotLeft, y + 20, "no session in \(source)", cls: "title")
            y += 40
        }
        for (i, tl) in timelines.enumerated() {
            y = session(tl, index: i, source: source, into: &body, top: y + 14)
        }
        let height = (y + 10).rounded()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height))" \
            viewBox="0 0 \(number(width)) \(number(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">
            <title>sheetd replay \(escape(source))</title>
            <style>
            .axis{stroke:#9ca3af;stroke-width:1;fill:none}.grid{stroke:#eef0f3;stroke-width:1}
            .lbl{fill:#374151}.muted{fill:#6b7280}.title{font-size:13px;font-weight:bold;fill:#111827}
            .top-edge{fill:none;stroke:#2563eb;stroke-width:2;stroke-linejoin:round}
            .progress{fill:none;stroke:#2563eb;stroke-width:1;stroke-dasharray:2 2}
            .dimming-alpha{fill:#11182733;stroke:#111827;stroke-width:1.2}
            .detent{stroke:#6b7280;stroke-width:1;stroke-dasharray:6 4}.detent-label{fill:#4b5563}
            .bottom{stroke:#9ca3af;stroke-width:1}
            .keyboard-top{fill:none;stroke:#0d9488;stroke-width:1.5;stroke-dasharray:8 3 2 3}
            .finger-pan{fill:#f97316}.finger-scroll{fill:#fff;stroke:#9333ea;stroke-width:1.5}
            .finger-edge{fill:#f97316}.release{fill:none;stroke:#111827;stroke-width:1.2}
            .event{stroke:#dc2626;stroke-width:1;stroke-dasharray:3 2}.event-label{fill:#b91c1c}
            .command{stroke:#64748b;stroke-width:1;stroke-dasharray:1 3}.command-label{fill:#475569}
            .nav-x{fill:none;stroke-width:2}.nav-alpha{fill:none;stroke-width:1.5;stroke-dasharray:5 2}
            </style>
            <rect width="100%" height="100%" fill="#ffffff"/>
            \(body)</svg>

            """
    }

    // MARK: - Legend

    static func legend(_ timelines: [SessionTimeline], into out: inout String, top: Double) -> Double {
        func any(_ p: (SessionTimeline) -> Bool) -> Bool { timelines.contains(where: p) }
        var items: [(swatch: String, label: String)] = [
            (lineSwatch("top-edge"), "sheet top edge y (pt)"),
            (lineSwatch("detent"), "resting detent (id, height)"),
        ]
        if any({ $0.fingers.contains { $0.kind != .scroll } }) {
            items.append((#"<circle class="finger-pan" cx="9" cy="0" r="3.5"/>"#, "finger (pan): top edge at began + translation"))
        }
        if any({ $0.fingers.contains { $0.kind == .scroll } }) {
            items.append((#"<circle class="finger-scroll" cx="9" cy="0" r="3.5"/>"#, "finger (scroll drag): top edge at dragBegan + translationY"))
        }
        if any({ $0.fingers.contains(where: \.isRelease) }) {
            items.append((#"<circle class="release" cx="9" cy="0" r="6"/>"#, "release (velocity, pt/s, + = down)"))
        }
        if any({ !$0.keyboardTop.isEmpty }) { items.append((lineSwatch("keyboard-top"), "keyboard top (input.keyboard)")) }
        items.append((#"<rect class="dimming-alpha" x="0" y="-5" width="18" height="10"/>"#, "dimming alpha"))
        items.append((lineSwatch("progress"), "progress"))
        if any({ !$0.opacity.isEmpty }) {
            items.append((#"<line class="opacity"\#(opacityStyle) x1="0" y1="0" x2="18" y2="0"/>"#, "sheet opacity (reduced motion)"))
        }
        if any({ !$0.backScaleX.isEmpty }) {
            items.append((#"<line class="back-scale-x"\#(backScaleXStyle) x1="0" y1="0" x2="18" y2="0"/>"#, "back scale X (input.back)"))
            items.append((#"<line class="back-scale-y"\#(backScaleYStyle) x1="0" y1="0" x2="18" y2="0"/>"#, "back scale Y"))
        }
        if any({ !$0.navX.isEmpty }) {
            items.append((#"<line x1="0" y1="0" x2="18" y2="0" stroke="\#(palette[0])" stroke-width="2"/>"#, "navigation entry x (pt)"))
        }
        if any({ !$0.navAlpha.isEmpty }) {
            items.append((#"<line class="nav-alpha" x1="0" y1="0" x2="18" y2="0" stroke="\#(palette[0])"/>"#, "navigation entry alpha"))
        }
        items.append((#"<line class="event" x1="9" y1="-6" x2="9" y2="6"/>"#, "sheet.event"))
        items.append((#"<line class="command" x1="9" y1="-6" x2="9" y2="6"/>"#, "host command"))
        for s in SessionTimeline.bandStates {
            items.append((#"<rect x="0" y="-6" width="18" height="12" fill="\#(bandColors[s]!)"/>"#, s))
        }
        out += #"<g id="legend">"# + "\n"
        var x = plotLeft, y = top + 8
        for item in items {
            let w = 26 + Double(item.label.count) * charWidth + 16
            if x + w > width - 10 { x = plotLeft; y += 18 }
            out += #"<g class="legend-item" transform="translate(\#(number(x)),\#(number(y)))">"#
                + item.swatch + text(24, 4, item.label, cls: "lbl") + "</g>\n"
            x += w
        }
        out += "</g>\n"
        return y + 10
    }

    /// The opacity line's look, inline (plots without reduced motion keep their style sheet).
    static let opacityStyle = ##" fill="none" stroke="#7c3aed" stroke-width="1.5""##
    /// The back gesture's scale lines, inline (plots without `input.back` keep their style sheet).
    static let backScaleXStyle = ##" fill="none" stroke="#0891b2" stroke-width="1.5""##
    static let backScaleYStyle = ##" fill="none" stroke="#0891b2" stroke-width="1.5" stroke-dasharray="5 3""##

    static func lineSwatch(_ cls: String) -> String {
        #"<line class="\#(cls)" x1="0" y1="0" x2="18" y2="0"/>"#
    }

    // MARK: - One session

    /// Draws a session's block below `top`; returns its bottom.
    static func session(_ tl: SessionTimeline, index: Int, source: String, into out: inout String, top: Double) -> Double {
        let tx = Scale(domain: (tl.start, tl.end), range: (plotLeft, plotRight))
        // Clip ids go into `url(#…)`: the session id when it is a plain name, else its index.
        let plain = !tl.id.isEmpty && tl.id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
        let sid = plain ? tl.id : "session\(index)"
        out += #"<g class="session" id="session-\#(escape(tl.id))">"# + "\n"
        var title = "session \(tl.id) · \(source)"
        if !tl.containers.isEmpty {
            title += " · container " + tl.containers.map { "\(number($0.width))×\(number($0.height))" }.joined(separator: " → ") + " pt"
        }
        out += text(plotLeft, top + 12, title, cls: "title")
        var y = top + 22

        // Label lanes: host commands, then sheet events.
        let commandRows = lanes(tl.commands, tx)
        let eventRows = lanes(tl.events, tx)
        let commandLane = y, commandLaneHeight = Double(commandRows.rows) * rowHeight
        y += commandLaneHeight + (tl.commands.isEmpty ? 0 : 4)
        let eventLane = y, eventLaneHeight = Double(eventRows.rows) * rowHeight
        y += eventLaneHeight + 4

        // Strip A: the top edge.
        let fingerValues = tl.fingers.filter { $0.kind != .edge }.map(\.v)
        let values = tl.topEdge.map(\.v) + fingerValues + tl.keyboardTop.map(\.v) + tl.detents.map(\.y)
        let lo = min(0, values.min() ?? 0), hi = max(tl.containerHeight, values.max() ?? 1, lo + 1)
        let stripA = (top: y, bottom: y + 300)
        let ya = Scale(domain: padded(lo, hi), range: stripA.top...stripA.bottom, inverted: false)
        // Strip B: dimming alpha and progress.
        let stripB = (top: stripA.bottom + 14, bottom: stripA.bottom + 14 + 64)
        let yb = Scale(domain: padded(0, 1), range: stripB.top...stripB.bottom, inverted: true)
        // Strip C: navigation x, when the session has navigation items.
        var stripC: (top: Double, bottom: Double)?
        var yc: Scale?
        var navRange = (0.0, 1.0)
        if !tl.navX.isEmpty {
            let xs = tl.navX.flatMap { $0.runs.flatMap { $0.map(\.v) } } + tl.fingers.filter { $0.kind == .edge }.map(\.v)
            let c = (top: stripB.bottom + 14, bottom: stripB.bottom + 14 + 110)
            stripC = c
            navRange = (min(0, xs.min() ?? 0), max(tl.containerWidth, xs.max() ?? 1, 1))
            yc = Scale(domain: padded(navRange.0, navRange.1), range: c.top...c.bottom, inverted: true)
        }
        let strips = [stripA, stripB] + (stripC.map { [$0] } ?? [])
        let bottom = strips.last!.bottom

        // Bands, grid, clip paths.
        for (k, s) in strips.enumerated() {
            out += #"<clipPath id="clip-\#(sid)-\#(k)"><rect x="\#(number(plotLeft))" y="\#(number(s.top - 1))" "#
                + #"width="\#(number(plotRight - plotLeft))" height="\#(number(s.bottom - s.top + 2))"/></clipPath>"# + "\n"
            out += #"<g class="bands">"#
            for b in tl.bands {
                out += #"<rect class="band \#(b.state)" x="\#(number(tx(b.from)))" y="\#(number(s.top))" "#
                    + #"width="\#(number(max(0.5, tx(b.to) - tx(b.from))))" height="\#(number(s.bottom - s.top))" "#
                    + #"fill="\#(bandColors[b.state] ?? "#eee")"/>"#
            }
            out += "</g>\n"
        }
        let timeTicks = niceTicks(tl.start, tl.end, target: 10)
        for s in strips {
            for t in timeTicks { out += line(tx(t), s.top, tx(t), s.bottom, cls: "grid") }
        }
        for v in niceTicks(lo, hi, target: 8) { out += line(plotLeft, ya(v), plotRight, ya(v), cls: "grid") }
        if let yc {
            for v in niceTicks(navRange.0, navRange.1, target: 6) { out += line(plotLeft, yc(v), plotRight, yc(v), cls: "grid") }
        }

        // Command and event markers.
        for (m, row) in commandRows.placed {
            let x = tx(m.t)
            out += #"<g class="command-marker" data-method="\#(escape(m.kind))">"#
                + line(x, commandLane + Double(row) * rowHeight + 3, x, stripA.bottom, cls: "command")
                + text(x + 2, commandLane + Double(row + 1) * rowHeight - 2, m.label, cls: "command-label") + "</g>\n"
        }
        for (m, row) in eventRows.placed {
            let x = tx(m.t)
            out += #"<g class="event-marker" data-type="\#(escape(m.kind))">"#
                + line(x, eventLane + Double(row) * rowHeight + 3, x, bottom, cls: "event")
                + text(x + 2, eventLane + Double(row + 1) * rowHeight - 2, m.label, cls: "event-label") + "</g>\n"
        }

        // Strip A content.
        out += #"<g clip-path="url(#clip-\#(sid)-0)">"# + "\n"
        for c in tl.containers {
            out += line(tx(c.from), ya(c.height), tx(c.to), ya(c.height), cls: "bottom")
        }
        for d in tl.detents {
            out += #"<line class="detent" data-detent="\#(escape(d.ids.joined(separator: " ")))" "#
                + #"x1="\#(number(tx(d.from)))" y1="\#(number(ya(d.y)))" x2="\#(number(tx(d.to)))" y2="\#(number(ya(d.y)))"/>"# + "\n"
        }
        if !tl.keyboardTop.isEmpty {
            out += polyline(tl.keyboardTop, tx, ya, cls: "keyboard-top")
        }
        out += polyline(tl.topEdge, tx, ya, cls: "top-edge")
        out += fingers(tl.fingers.filter { $0.kind != .edge }, tx, ya)
        out += "</g>\n"
        out += detentLabels(tl, ya: ya, tx: tx)
        if let c = tl.containers.last {
            out += text(plotRight + 6, ya(c.height) + 4, "bottom y=\(number(c.height))", cls: "muted")
        }

        // Strip B content.
        out += #"<g clip-path="url(#clip-\#(sid)-1)">"#
        if let first = tl.dimmingAlpha.first, let last = tl.dimmingAlpha.last {
            let pts = tl.dimmingAlpha.map { "\(number(tx($0.t))),\(number(yb($0.v)))" }.joined(separator: " ")
            out += #"<polygon class="dimming-alpha" points="\#(number(tx(first.t))),\#(number(yb(0))) \#(pts) \#(number(tx(last.t))),\#(number(yb(0)))"/>"#
        }
        out += polyline(tl.progress, tx, yb, cls: "progress")
        out += polyline(tl.opacity, tx, yb, cls: "opacity", extra: opacityStyle)
        out += polyline(tl.backScaleX, tx, yb, cls: "back-scale-x", extra: backScaleXStyle)
        out += polyline(tl.backScaleY, tx, yb, cls: "back-scale-y", extra: backScaleYStyle)
        for (k, entry) in tl.navAlpha.enumerated() {
            let color = palette[(tl.navX.firstIndex { $0.id == entry.id } ?? k) % palette.count]
            for run in entry.runs {
                out += polyline(run, tx, yb, cls: "nav-alpha", extra: #" data-entry="\#(escape(entry.id))" stroke="\#(color)""#)
            }
        }
        out += "</g>\n"

        // Strip C content.
        if stripC != nil, let yc {
            out += #"<g clip-path="url(#clip-\#(sid)-2)">"# + "\n"
            for (k, entry) in tl.navX.enumerated() {
                let color = palette[k % palette.count]
                for run in entry.runs {
                    out += polyline(run, tx, yc, cls: "nav-x", extra: #" data-entry="\#(escape(entry.id))" stroke="\#(color)""#)
                }
            }
            out += fingers(tl.fingers.filter { $0.kind == .edge }, tx, yc)
            out += "</g>\n"
            var labelYs: [Double] = []
            for (k, entry) in tl.navX.enumerated() {
                guard let last = entry.runs.last?.last else { continue }
                var ly = yc(last.v) + 4
                while labelYs.contains(where: { abs($0 - ly) < 11 }) { ly += 11 }
                labelYs.append(ly)
                out += text(plotRight + 6, ly, "\(entry.id) x=\(number(last.v))", cls: "lbl",
                            extra: #" fill="\#(palette[k % palette.count])""#)
            }
        }

        // Axes.
        for s in strips {
            out += #"<rect class="axis" x="\#(number(plotLeft))" y="\#(number(s.top))" width="\#(number(plotRight - plotLeft))" height="\#(number(s.bottom - s.top))"/>"# + "\n"
        }
        for v in niceTicks(lo, hi, target: 8) {
            out += text(plotLeft - 6, ya(v) + 4, number(v), cls: "muted", anchor: "end")
        }
        out += verticalTitle(18, (stripA.top + stripA.bottom) / 2, "sheet y (pt)")
        for v in [0.0, 0.5, 1] { out += text(plotLeft - 6, yb(v) + 4, number(v), cls: "muted", anchor: "end") }
        out += verticalTitle(18, (stripB.top + stripB.bottom) / 2, "alpha")
        if let c = stripC, let yc {
            for v in niceTicks(navRange.0, navRange.1, target: 6) {
                out += text(plotLeft - 6, yc(v) + 4, number(v), cls: "muted", anchor: "end")
            }
            out += verticalTitle(18, (c.top + c.bottom) / 2, "nav x (pt)")
        }
        for t in timeTicks {
            out += line(tx(t), bottom, tx(t), bottom + 4, cls: "axis")
            out += text(tx(t), bottom + 15, number(t), cls: "muted", anchor: "middle")
        }
        out += text(plotRight, bottom + 29, "t (ms)", cls: "lbl", anchor: "end")
        if !tl.commands.isEmpty { out += text(plotLeft - 6, commandLane + rowHeight - 2, "host", cls: "command-label", anchor: "end") }
        if !tl.events.isEmpty { out += text(plotLeft - 6, eventLane + rowHeight - 2, "events", cls: "event-label", anchor: "end") }
        out += "</g>\n"
        return bottom + 34
    }

    /// Detent labels in the right margin at each line's last height, nudged apart.
    static func detentLabels(_ tl: SessionTimeline, ya: Scale, tx: Scale) -> String {
        var out = ""
        var used: [Double] = []
        for d in tl.detents.sorted(by: { $0.y < $1.y }) {
            let atEnd = d.to >= tl.end
            var y = ya(d.y) + 4
            let label = "\(d.ids.joined(separator: " = ")) \(number(d.height))"
            if atEnd {
                while used.contains(where: { abs($0 - y) < 11 }) { y += 11 }
                used.append(y)
                out += text(plotRight + 6, y, label, cls: "detent-label")
            } else {
                out += text(tx(d.to) - 3, ya(d.y) - 3, label, cls: "detent-label", anchor: "end")
            }
        }
        return out
    }

    static func fingers(_ fingers: [SessionTimeline.Finger], _ tx: Scale, _ ty: Scale) -> String {
        var out = ""
        for f in fingers {
            let x = number(tx(f.t)), y = number(ty(f.v))
            let cls = "finger-" + f.kind.rawValue
            out += #"<circle class="\#(cls)" cx="\#(x)" cy="\#(y)" r="\#(f.kind == .scroll ? "3" : "2.8")"/>"#
            if f.isRelease {
                out += #"<circle class="release" cx="\#(x)" cy="\#(y)" r="6"/>"#
                if let v = f.releaseVelocity {
                    out += text(tx(f.t) + 8, ty(f.v) + 4, "v=\(number(v)) pt/s", cls: "lbl")
                }
            }
        }
        return out + "\n"
    }

    // MARK: - Label lanes

    /// Places labels left to right in the first row where they do not overlap (at most 4 rows;
    /// beyond that the least crowded row).
    static func lanes(_ markers: [SessionTimeline.Marker], _ tx: Scale) -> (placed: [(SessionTimeline.Marker, Int)], rows: Int) {
        var rowEnds: [Double] = []
        var placed: [(SessionTimeline.Marker, Int)] = []
        for m in markers.sorted(by: { $0.t < $1.t }) {
            let x = tx(m.t), w = Double(m.label.count) * charWidth + 8
            var row = rowEnds.firstIndex { $0 <= x }
            if row == nil {
                if rowEnds.count < 4 { rowEnds.append(-.infinity); row = rowEnds.count - 1 }
                else { row = rowEnds.indices.min { rowEnds[$0] < rowEnds[$1] } }
            }
            rowEnds[row!] = x + w
            placed.append((m, row!))
        }
        return (placed, rowEnds.count)
    }

    // MARK: - Primitives

    /// A linear map from a domain to pixels.
    struct Scale {
        var domain: (Double, Double)
        var range: (Double, Double)

        init(domain: (Double, Double), range: (Double, Double)) {
            self.domain = domain
            self.range = range
        }

        /// A vertical scale: the domain's low end at the top unless `inverted`.
        init(domain: (Double, Double), range: ClosedRange<Double>, inverted: Bool) {
            self.domain = domain
            self.range = inverted ? (range.upperBound, range.lowerBound) : (range.lowerBound, range.upperBound)
        }

        func callAsFunction(_ v: Double) -> Double {
            let span = domain.1 - domain.0
            guard span != 0 else { return range.0 }
            return range.0 + (v - domain.0) / span * (range.1 - range.0)
        }
    }

    /// A domain with 4% of room on each side, so lines at its ends stay off the frame.
    static func padded(_ lo: Double, _ hi: Double) -> (Double, Double) {
        let m = (hi - lo) * 0.04
        return (lo - m, hi + m)
    }

    /// Round ticks (1, 2 or 5 × 10^k apart) covering `lo...hi`, about `target` of them.
    static func niceTicks(_ lo: Double, _ hi: Double, target: Int) -> [Double] {
        guard hi > lo, target > 0 else { return [lo] }
        let raw = (hi - lo) / Double(target)
        var step = 1.0
        while step * 10 <= raw { step *= 10 }
        while step > raw { step /= 10 }
        for m in [1.0, 2, 5, 10] where step * m >= raw { step *= m; break }
        var out: [Double] = []
        var v = (lo / step).rounded(.up) * step
        while v <= hi + step * 1e-9 {
            out.append(v == 0 ? 0 : v)
            v += step
        }
        return out
    }

    static func polyline(_ points: [SessionTimeline.Point], _ tx: Scale, _ ty: Scale, cls: String, extra: String = "") -> String {
        guard !points.isEmpty else { return "" }
        let pts = points.map { "\(number(tx($0.t))),\(number(ty($0.v)))" }.joined(separator: " ")
        return #"<polyline class="\#(cls)"\#(extra) points="\#(pts)"/>"# + "\n"
    }

    static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, cls: String) -> String {
        #"<line class="\#(cls)" x1="\#(number(x1))" y1="\#(number(y1))" x2="\#(number(x2))" y2="\#(number(y2))"/>"#
    }

    static func text(_ x: Double, _ y: Double, _ s: String, cls: String, anchor: String = "start", extra: String = "") -> String {
        let a = anchor == "start" ? "" : #" text-anchor="\#(anchor)""#
        return #"<text class="\#(cls)" x="\#(number(x))" y="\#(number(y))"\#(a)\#(extra)>\#(escape(s))</text>"#
    }

    static func verticalTitle(_ x: Double, _ y: Double, _ s: String) -> String {
        #"<text class="lbl" transform="translate(\#(number(x)),\#(number(y))) rotate(-90)" text-anchor="middle">\#(escape(s))</text>"#
    }

    /// A number for coordinates and labels: rounded to 0.01, no trailing `.0`.
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        let r = (x * 100).rounded() / 100
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return "\(r)"
    }

    /// Any string as XML text or attribute value: markup characters escaped; tab, newline and
    /// carriage return as character references (so attributes keep them); characters XML 1.0
    /// forbids (the other C0 controls, U+FFFE, U+FFFF) replaced by U+FFFD.
    static func escape(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        func append(_ text: String) { out.append(contentsOf: text.unicodeScalars) }
        for c in s.unicodeScalars {
            switch c {
            case "&": append("&amp;")
            case "<": append("&lt;")
            case ">": append("&gt;")
            case "\"": append("&quot;")
            case "'": append("&apos;")
            case "\t": append("&#9;")
            case "\n": append("&#10;")
            case "\r": append("&#13;")
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out.append("\u{FFFD}")
            default: out.append(c)
            }
        }
        return String(out)
    }
}
