import SheetCore
import SheetRPC

/// The series a plot draws for one recorded session, read from the recording's JSON by member
/// name (members it does not know are ignored, missing ones leave a series empty).
///
/// Frames are sent only when something changed, so between two frames the value is held while
/// the sheet provably rested (`hold`), then moves to the next frame.
struct SessionTimeline {
    /// A value at a time (ms).
    struct Point: Equatable {
        var t: Double
        var v: Double
    }

    /// A stretch of time in one reported state.
    struct Band: Equatable {
        var from: Double
        var to: Double
        var state: String
    }

    /// A finger sample mapped onto the plot's axis.
    struct Finger: Equatable {
        enum Kind: String { case pan, scroll, edge }
        var t: Double
        var v: Double
        var kind: Kind
        /// Release velocity (pt/s) on an `ended` / `dragEnded` sample that carries one.
        var releaseVelocity: Double?
        var isRelease: Bool
    }

    /// A resting detent's line over a stretch of time: `y = container.height − height`.
    struct DetentLine: Equatable {
        var from: Double
        var to: Double
        var y: Double
        var height: Double
        /// Ids at this height (equal heights share one line).
        var ids: [String]
    }

    /// A labelled instant (a `sheet.event` or a host command).
    struct Marker: Equatable {
        var t: Double
        var label: String
        var kind: String
    }

    /// The container over a stretch of time.
    struct ContainerSpan: Equatable {
        var from: Double
        var to: Double
        var width: Double
        var height: Double
    }

    var id: String
    /// The largest container width and height seen (the plot's extent).
    var containerWidth: Double = 0
    var containerHeight: Double = 0
    /// The container in time order, one span per change.
    var containers: [ContainerSpan] = []
    /// The time span shown: from the first to the last thing recorded.
    var start: Double = 0
    var end: Double = 0
    /// `sheet.y` (pt, container coordinates).
    var topEdge: [Point] = []
    var dimmingAlpha: [Point] = []
    var progress: [Point] = []
    /// `opacity` (reduced motion only; else empty).
    var opacity: [Point] = []
    /// `back.scaleX` / `back.scaleY` (1 outside a back gesture), when some frame has `back`
    /// (else empty).
    var backScaleX: [Point] = []
    var backScaleY: [Point] = []
    /// The keyboard's top edge (pt) from `input.keyboard` (linear over its duration).
    var keyboardTop: [Point] = []
    /// `nav.items[].x` per entry id; each id may have several runs (it left and came back).
    var navX: [(id: String, runs: [[Point]])] = []
    /// `nav.items[].alpha` per entry id, when some entry is ever translucent (else empty).
    var navAlpha: [(id: String, runs: [[Point]])] = []
    /// Finger samples: `pan`/`scroll` on the y axis, `edge` (a `leftEdge` pan) on the nav x axis.
    var fingers: [Finger] = []
    var bands: [Band] = []
    var detents: [DetentLine] = []
    var events: [Marker] = []
    var commands: [Marker] = []

    /// The moving states that get a band.
    static let bandStates = ["presenting", "dragging", "settling", "dismissing"]

    init(session s: JSONValue, ticks: [Double]) {
        id = s["id"]?.stringValue ?? "?"
        let frames = s["frames"]?.arrayValue ?? []
        let inputs = s["inputs"]?.arrayValue ?? []
        let layouts = s["layouts"]?.arrayValue ?? []
        let states = s["states"]?.arrayValue ?? []
        let eventList = s["events"]?.arrayValue ?? []

        var times = frames.compactMap { $0["t"]?.doubleValue } + inputs.compactMap { $0["t"]?.doubleValue }
            + eventList.compactMap { $0["t"]?.doubleValue } + layouts.compactMap { $0["t"]?.doubleValue }
        // A destroyed session ends there; a live one lasts to the last tick.
        let destroyed = inputs.first { $0["method"]?.stringValue == "session.destroy" && $0["error"] == nil }?["t"]?.doubleValue
        if let first = times.min() { times += ticks.filter { $0 >= first && $0 <= (destroyed ?? .infinity) } }
        start = min(0, times.min() ?? 0)
        end = max(times.max() ?? 0, start + 1)
        let ticks = ticks.filter { $0 <= end }

        for (i, l) in layouts.enumerated() {
            guard let t = l["t"]?.doubleValue, let w = l["container"]?["width"]?.doubleValue,
                  let h = l["container"]?["height"]?.doubleValue else { continue }
            containerWidth = max(containerWidth, w)
            containerHeight = max(containerHeight, h)
            let to = i + 1 < layouts.count ? (layouts[i + 1]["t"]?.doubleValue ?? end) : end
            if let last = containers.last, last.width == w, last.height == h {
                containers[containers.count - 1].to = to
            } else {
                containers.append(ContainerSpan(from: t, to: to, width: w, height: h))
            }
        }
        for f in frames {
            let y = f["sheet"]?["y"]?.doubleValue ?? 0
            containerHeight = max(containerHeight, f["state"]?.stringValue == "dismissed" ? y : 0)
            containerWidth = max(containerWidth, f["sheet"]?["width"]?.doubleValue ?? 0)
        }

        let heldUntil = ticks.max() ?? end
        let inputTimes = inputs.compactMap { $0["t"]?.doubleValue }
        let activity = Activity(samples: states.compactMap { s in
            guard let t = s["t"]?.doubleValue, case .bool(let moving)? = s["moving"] else { return nil }
            return (t, moving)
        })
        func series(_ path: (JSONValue) -> Double?) -> [Point] {
            Self.hold(frames.compactMap { f in
                guard let t = f["t"]?.doubleValue, let v = path(f) else { return nil }
                return Point(t: t, v: v)
            }, ticks: ticks, rest: activity, inputs: inputTimes, until: heldUntil)
        }
        topEdge = series { $0["sheet"]?["y"]?.doubleValue }
        dimmingAlpha = series { $0["dimming"]?["alpha"]?.doubleValue }
        progress = series { $0["progress"]?.doubleValue }
        opacity = series { $0["opacity"]?.doubleValue }
        if frames.contains(where: { $0["back"] != nil }) {
            backScaleX = series { $0["back"]?["scaleX"]?.doubleValue ?? 1 }
            backScaleY = series { $0["back"]?["scaleY"]?.doubleValue ?? 1 }
        }
        navX = Self.navigation(frames, member: "x", ticks: ticks, rest: activity, inputs: inputTimes, until: heldUntil)
        let alphas = Self.navigation(frames, member: "alpha", ticks: ticks, rest: activity, inputs: inputTimes, until: heldUntil)
        navAlpha = alphas.contains { $0.runs.contains { $0.contains { $0.v != 1 } } } ? alphas : []
        bands = Self.bands(states, end: end)
        detents = Self.detentLines(layouts, end: end)
        events = eventList.compactMap { e in
            guard let t = e["t"]?.doubleValue, let type = e["type"]?.stringValue else { return nil }
            let detail = (e["detent"] ?? e["id"])?.stringValue.map { " " + $0 } ?? ""
            return Marker(t: t, label: type + detail, kind: type)
        }
        commands = inputs.compactMap(Self.command)
        fingers = Self.fingers(inputs, topEdge: topEdge, frames: frames, rest: containerHeight)
        keyboardTop = Self.keyboard(inputs, containerHeight: containerHeight, end: end)
    }

    /// The value recorded at or before `t` (`fallback` before the first point); `points` in
    /// time order.
    static func value(_ points: [Point], at t: Double, fallback: Double) -> Double {
        let i = countAtOrBefore(t, points.count) { points[$0].t }
        return i > 0 ? points[i - 1].v : fallback
    }

    /// How many of the first `count` times (ascending, read through `time`) are at or before
    /// `t`: a binary search, so each lookup costs log(n) and a timeline is drawn in n log n.
    static func countAtOrBefore(_ t: Double, _ count: Int, _ time: (Int) -> Double) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if time(mid) <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// How many of the first `count` times (ascending) are before `t`.
    static func countBefore(_ t: Double, _ count: Int, _ time: (Int) -> Double) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if time(mid) < t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The latest of the ascending `times` strictly between `a` and `b`.
    static func latest(_ times: [Double], after a: Double, before b: Double) -> Double? {
        let i = countBefore(b, times.count) { times[$0] }
        return i > 0 && times[i - 1] > a ? times[i - 1] : nil
    }

    /// The latest of the ascending `times` after `a` and at most `b`.
    static func latest(_ times: [Double], after a: Double, atMost b: Double) -> Double? {
        let i = countAtOrBefore(b, times.count) { times[$0] }
        return i > 0 && times[i - 1] > a ? times[i - 1] : nil
    }

    /// A timing curve as the protocol names it (`easeInOut` when absent or unknown).
    static func curve(_ v: JSONValue?) -> CubicBezier {
        if let c = v?.arrayValue?.compactMap(\.doubleValue), c.count == 4 {
            let b = CubicBezier(c[0], c[1], c[2], c[3])
            return b.isValid ? b : .easeInOut
        }
        switch v?.stringValue {
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "linear": return .linear
        default: return .easeInOut
        }
    }

    /// When the engine said nothing moved (the recording's `states` with `moving: false`).
    struct Activity {
        /// `(t, moving)` in recording order (time order: the recording stamps the latest time).
        let samples: [(t: Double, moving: Bool)]
        /// The times of the samples at rest, ascending.
        let restTimes: [Double]

        init(samples: [(t: Double, moving: Bool)] = []) {
            self.samples = samples
            restTimes = samples.filter { !$0.moving }.map(\.t)
        }

        /// At rest after everything recorded at or before `t`.
        func isAtRest(at t: Double) -> Bool {
            let i = SessionTimeline.countAtOrBefore(t, samples.count) { samples[$0].t }
            return i > 0 && !samples[i - 1].moving
        }
    }

    /// The piecewise-linear value at `t`; `nil` before the first point, the last value after.
    static func interpolate(_ points: [Point], at t: Double) -> Double? {
        guard let first = points.first, t >= first.t else { return nil }
        let i = countAtOrBefore(t, points.count) { points[$0].t }
        guard i < points.count else { return points.last!.v }
        let a = points[i - 1], b = points[i]
        return a.v + (b.v - a.v) * (t - a.t) / (b.t - a.t)
    }

    /// Frame samples with the value held while the sheet provably did not move: the engine said
    /// it was at rest, or a tick sent no frame for the session; at rest only a host input starts
    /// a motion. So before each change the value is held to the last such tick, or to the last
    /// input after it (at most the new frame's time); the last value is held to `end`.
    /// `ticks` and `inputs` ascending.
    static func hold(_ samples: [Point], ticks: [Double], rest: Activity = Activity(), inputs: [Double] = [],
                     until end: Double) -> [Point] {
        var out: [Point] = []
        for (i, p) in samples.enumerated() {
            if i > 0, samples[i - 1].v != p.v {
                let a = samples[i - 1].t
                let quiet = [rest.isAtRest(at: a) ? a : nil,
                             latest(ticks, after: a, before: p.t),
                             latest(rest.restTimes, after: a, before: p.t)].compactMap { $0 }.max()
                if let quiet {
                    let moved = latest(inputs, after: quiet, atMost: p.t) ?? quiet
                    if moved > a { out.append(Point(t: moved, v: samples[i - 1].v)) }
                }
            }
            out.append(p)
        }
        if let last = out.last, end > last.t { out.append(Point(t: end, v: last.v)) }
        return out
    }

    /// `nav.items[].<member>` per entry id, in order of first appearance.
    static func navigation(_ frames: [JSONValue], member: String, ticks: [Double], rest: Activity, inputs: [Double],
                           until end: Double) -> [(id: String, runs: [[Point]])] {
        var order: [String] = []
        var runs: [String: [[Point]]] = [:]
        var open: Set<String> = []
        for f in frames {
            guard let t = f["t"]?.doubleValue, let items = f["nav"]?["items"]?.arrayValue else { continue }
            var seen: Set<String> = []
            for item in items {
                guard let id = item["id"]?.stringValue, let x = item[member]?.doubleValue else { continue }
                seen.insert(id)
                if runs[id] == nil { order.append(id); runs[id] = [] }
                if !open.contains(id) { runs[id]!.append([]); open.insert(id) }
                runs[id]![runs[id]!.count - 1].append(Point(t: t, v: x))
            }
            open.formIntersection(seen)
        }
        return order.map { id in
            let all = runs[id]!
            return (id, all.indices.map { k in
                let run = all[k]
                return hold(run, ticks: ticks, rest: rest, inputs: inputs,
                            until: open.contains(id) && k == all.count - 1 ? end : run.last!.t)
            })
        }
    }

    /// Consecutive state reports merged; each covers the time up to the next report.
    static func bands(_ states: [JSONValue], end: Double) -> [Band] {
        var out: [Band] = []
        for s in states {
            guard let t = s["t"]?.doubleValue, let state = s["state"]?.stringValue else { continue }
            if var last = out.popLast() {
                last.to = max(last.from, t)
                out.append(last)
                if last.state == state { continue }
            }
            out.append(Band(from: t, to: end, state: state))
        }
        return out.filter { bandStates.contains($0.state) && $0.to > $0.from }
    }

    /// One line per distinct resting height per layout, ids at equal heights (±0.5 pt) joined.
    static func detentLines(_ layouts: [JSONValue], end: Double) -> [DetentLine] {
        var out: [DetentLine] = []
        for (i, l) in layouts.enumerated() {
            guard let from = l["t"]?.doubleValue, let h = l["container"]?["height"]?.doubleValue else { continue }
            let to = i + 1 < layouts.count ? (layouts[i + 1]["t"]?.doubleValue ?? end) : end
            var lines: [DetentLine] = []
            for d in l["detents"]?.arrayValue ?? [] {
                guard let id = d["id"]?.stringValue, let height = d["height"]?.doubleValue else { continue }
                if let k = lines.firstIndex(where: { abs($0.height - height) < 0.5 }) {
                    lines[k].ids.append(id)
                } else {
                    lines.append(DetentLine(from: from, to: to, y: h - height, height: height, ids: [id]))
                }
            }
            out += lines.filter { $0.to > $0.from || to >= end }
        }
        return out
    }

    /// A short label for a host command; `nil` for gestures, scroll samples and ticks.
    static func command(_ input: JSONValue) -> Marker? {
        guard let t = input["t"]?.doubleValue, let method = input["method"]?.stringValue else { return nil }
        let p = input["params"] ?? .null
        func n(_ v: JSONValue?) -> String { v?.doubleValue.map(SVGPlot.number) ?? "?" }
        var label: String
        switch method {
        case "input.pan", "input.scroll", "clock.tick": return nil
        case "sheet.present": label = "present"
        case "sheet.dismiss": label = "dismiss"
        case "sheet.selectDetent": label = "select " + (p["detent"]?.stringValue ?? "?")
        case "sheet.setContentHeight": label = "content " + (p["entry"]?.stringValue.map { $0 + " " } ?? "") + n(p["height"])
        case "sheet.setContainer": label = "container \(n(p["width"]))×\(n(p["height"]))"
        case "input.tap": label = "tap " + (p["target"]?.stringValue ?? "")
        case "input.keyboard": label = "keyboard " + n(p["height"])
        case "nav.push": label = "push " + (p["entry"]?["id"]?.stringValue ?? "?")
        case "input.accessibilityAction": label = "a11y " + (p["action"]?.stringValue ?? "?")
        case "input.back":
            // Progress samples are a gesture's, like pans: only its start and end are marked.
            guard let phase = p["phase"]?.stringValue, phase != "progressed" else { return nil }
            label = "back " + phase + (phase == "began" ? " " + n(p["progress"]) : "")
        default:
            label = String(method.split(separator: ".").last ?? Substring(method))
        }
        if p["animated"] == .bool(false) { label += " (not animated)" }
        if input["error"] != nil { label += " ✗" }
        return Marker(t: t, label: label, kind: method)
    }

    /// Finger samples: a `sheet`/`bottomEdge` pan maps to the sheet's top edge when it began
    /// plus `translation.y`; a tracking scroll drag to the top edge at `dragBegan` plus
    /// `translationY`; a `leftEdge` pan to the top entry's x when it began plus `translation.x`.
    static func fingers(_ inputs: [JSONValue], topEdge: [Point], frames: [JSONValue], rest: Double) -> [Finger] {
        var out: [Finger] = []
        var panBase: Double?, scrollBase: Double?
        let frames = frames.filter { $0["t"]?.doubleValue != nil }
        let frameTimes = frames.map { $0["t"]!.doubleValue! }
        for input in inputs {
            guard let t = input["t"]?.doubleValue, let p = input["params"], input["error"] == nil else { continue }
            let phase = p["phase"]?.stringValue ?? ""
            switch input["method"]?.stringValue {
            case "input.pan":
                let source = p["source"]?.stringValue ?? "sheet"
                let edge = source == "leftEdge"
                guard let tr = p["translation"]?[edge ? "x" : "y"]?.doubleValue else { continue }
                if phase == "began" || panBase == nil {
                    let shown = countAtOrBefore(t, frameTimes.count) { frameTimes[$0] }
                    let here = edge
                        ? (shown > 0 ? frames[shown - 1]["nav"]?["items"]?.arrayValue?.last?["x"]?.doubleValue ?? 0 : 0)
                        : value(topEdge, at: t, fallback: rest)
                    panBase = here - tr
                }
                let release = phase == "ended" || phase == "cancelled"
                out.append(Finger(t: t, v: panBase! + tr, kind: edge ? .edge : .pan,
                                  releaseVelocity: release ? p["velocity"]?[edge ? "x" : "y"]?.doubleValue : nil,
                                  isRelease: release))
                if release { panBase = nil }
            case "input.scroll":
                guard let tr = p["translationY"]?.doubleValue else { continue }
                if phase == "dragBegan" || scrollBase == nil { scrollBase = value(topEdge, at: t, fallback: rest) - tr }
                let release = phase == "dragEnded"
                guard p["isTracking"] != .bool(false) || release else { continue }
                out.append(Finger(t: t, v: scrollBase! + tr, kind: .scroll,
                                  releaseVelocity: release ? p["velocityY"]?.doubleValue : nil, isRelease: release))
                if release { scrollBase = nil }
            default:
                continue
            }
        }
        return out
    }

    /// The keyboard's top edge from `input.keyboard {height, durationMs, curve}`, moving along
    /// the curve over each duration from wherever it was.
    static func keyboard(_ inputs: [JSONValue], containerHeight: Double, end: Double) -> [Point] {
        var out: [Point] = []
        for input in inputs where input["method"]?.stringValue == "input.keyboard" {
            guard let t = input["t"]?.doubleValue, let h = input["params"]?["height"]?.doubleValue,
                  input["error"] == nil else { continue }
            let duration = max(0, input["params"]?["durationMs"]?.doubleValue ?? 250)
            let curve = Self.curve(input["params"]?["curve"])
            let here = interpolate(out, at: t) ?? containerHeight
            out.removeSubrange(countAtOrBefore(t, out.count) { out[$0].t }...)
            let steps = duration > 0 ? 16 : 0
            for k in 0...steps {
                let f = steps == 0 ? 1 : Double(k) / Double(steps)
                out.append(Point(t: t + f * duration, v: here + (containerHeight - h - here) * curve.value(at: f)))
            }
        }
        if let last = out.last, end > last.t { out.append(Point(t: end, v: last.v)) }
        return out
    }
}
