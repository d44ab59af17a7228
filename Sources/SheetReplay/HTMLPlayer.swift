import SheetRPC

/// `sheetd replay FILE --html OUT.html`: one self-contained page (inline CSS and JS, no
/// network) that plays a recording's frames on a phone-sized stage.
///
/// The stage is the session's container in points, scaled to fit: the presenting screen, the
/// dimming layer (`#dimming`, opacity = the frame's `dimming.alpha`), the sheet (`#sheet`, the
/// frame's rect and top corner radius) holding its navigation entries (`.nav-item`, x and alpha
/// from `nav.items`), the grabber (`#grabber`, in its pull bar at `grabber.y`) and the keyboard
/// (`#keyboard`, from `input.keyboard`), and a finger (`#finger`) while a pan or a scroll drag is
/// down, where the plot puts it. At time t the stage shows the last frame sent at or
/// before t. Controls: play/pause, speed, a scrubber, the session, and the event log (click an
/// entry to seek).
///
/// For tests and scripts: `window.player` has `seek(t)`, `play()`, `pause()`, `setSpeed(x)`,
/// `select(session)`, `frameAt(t)` and `probe(t)` (seeks, then measures `#sheet` in points and
/// `#dimming`'s computed opacity); the query string takes `t=` (seek, paused), `session=`,
/// `speed=`, `play=1`, and `probe=t1,t2,...` (writes the probes as JSON into `#probe`, so
/// `chromium --headless --dump-dom` can read them).
public enum HTMLPlayer {
    /// The page for a recording (`ReplayRecording.json`).
    public static func render(_ recording: JSONValue) -> String {
        // `<` never appears outside JSON strings; escaping it keeps `</script>` and `<!--`
        // out of the script element.
        let data = JSONCodec.encodeToString(recording).replacingAll("<", with: "\\u003c")
        let title = SVGPlot.escape("sheetd player — " + (recording["source"]?.stringValue ?? ""))
        return template.replacingAll("__TITLE__", with: title).replacingAll("__RECORDING__", with: data)
    }

    static let template = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>__TITLE__</title>
        <style>
        *{box-sizing:border-box}
        html,body{margin:0;height:100%}
        body{font:13px/1.4 -apple-system,"Helvetica Neue",Helvetica,Arial,sans-serif;background:#e5e7eb;color:#111827}
        #app{display:flex;gap:20px;padding:16px;align-items:flex-start}
        #phone{flex:none;background:#1f2937;border-radius:40px;padding:10px;box-shadow:0 12px 32px #0005}
        #viewport{position:relative;overflow:hidden;border-radius:30px;background:#fff}
        #stage{position:absolute;left:0;top:0;transform-origin:0 0;overflow:hidden;background:#f8fafc}
        #screen{position:absolute;inset:0;background:
          repeating-linear-gradient(#f8fafc 0 64px,#e2e8f0 64px 65px);}
        #screen .bar{position:absolute;left:0;right:0;top:0;background:#f1f5f9;border-bottom:1px solid #cbd5e1;
          font-weight:600;font-size:17px;text-align:center;display:flex;align-items:flex-end;justify-content:center;padding-bottom:10px}
        #screen .status{position:absolute;left:24px;top:14px;font-weight:600;font-size:15px}
        #screen .row{position:absolute;left:16px;height:12px;border-radius:6px;background:#cbd5e1}
        #dimming{position:absolute;inset:0;background:#000;opacity:0}
        #sheet{position:absolute;background:#fff;overflow:hidden;box-shadow:0 -2px 10px #0003}
        #content{position:absolute;left:0;top:0;width:100%;
          background:repeating-linear-gradient(#fff 0 52px,#e5e7eb 52px 53px);background-position:0 20px}
        .nav-item{position:absolute;top:0;overflow:hidden;border-left:1px solid #0001}
        .nav-item .nav-bar{height:56px;display:flex;align-items:center;justify-content:center;font-weight:600;
          font-size:16px;border-bottom:1px solid #d1d5db;background:#ffffffcc}
        .nav-item .rows{position:absolute;left:0;right:0;top:56px;bottom:0;
          background:repeating-linear-gradient(transparent 0 48px,#0000001a 48px 49px)}
        #separator{position:absolute;top:0;width:1px;background:#9ca3af;height:100%}
        #grabber{position:absolute;width:36px;height:5px;border-radius:3px;background:#d1d5db;box-shadow:0 0 0 1px #0002}
        #keyboard{position:absolute;left:0;right:0;border-top:1px solid #9ca3af;background-color:#d1d5db;
          background-image:repeating-linear-gradient(#d1d5db 0 10px,transparent 10px 52px),
            repeating-linear-gradient(90deg,#d1d5db 0 3px,#fff 3px 36px,#d1d5db 36px 39px)}
        #finger{position:absolute;width:44px;height:44px;margin:-22px 0 0 -22px;border-radius:50%;
          background:#f9731655;border:2px solid #f97316;pointer-events:none}
        #pin{position:absolute;right:8px;padding:2px 6px;border-radius:6px;background:#9333ea;color:#fff;font-size:12px}
        #side{flex:1;min-width:320px;max-width:560px}
        h1{font-size:16px;margin:0 0 8px}
        #controls{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin-bottom:8px}
        button,select{font:inherit;padding:4px 10px;border-radius:6px;border:1px solid #9ca3af;background:#fff}
        #scrubber{width:100%;margin:4px 0 8px}
        #readout{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;background:#fff;border-radius:6px;
          padding:6px 8px;margin-bottom:8px;white-space:pre}
        #log{list-style:none;margin:0;padding:0;background:#fff;border-radius:6px;max-height:420px;overflow:auto;
          font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
        #log li{padding:2px 8px;cursor:pointer;color:#9ca3af;border-bottom:1px solid #f3f4f6}
        #log li.past{color:#111827}#log li.past.event{color:#b91c1c}
        #log li.current{background:#fef3c7}
        #log li .t{display:inline-block;width:56px;text-align:right;margin-right:8px}
        #probe{display:none}
        </style>
        </head>
        <body>
        <div id="app">
          <div id="phone"><div id="viewport"><div id="stage">
            <div id="screen"><div class="bar">Presenting screen</div><div class="status">9:41</div></div>
            <div id="dimming"></div>
            <div id="sheet"><div id="content"></div><div id="navs"></div><div id="separator"></div></div>
            <div id="grabber"></div>
            <div id="pin"></div>
            <div id="keyboard"></div>
            <div id="finger"></div>
          </div></div></div>
          <div id="side">
            <h1 id="title"></h1>
            <div id="controls">
              <button id="play" type="button">Play</button>
              <label>speed <select id="speed">
                <option value="0.1">0.1×</option><option value="0.25">0.25×</option><option value="0.5">0.5×</option>
                <option value="1" selected>1×</option><option value="2">2×</option></select></label>
              <label id="session-pick">session <select id="session"></select></label>
              <span id="time"></span>
            </div>
            <input id="scrubber" type="range" min="0" max="1" step="1" value="0">
            <div id="readout"></div>
            <ul id="log"></ul>
          </div>
        </div>
        <pre id="probe"></pre>
        <script type="application/json" id="recording">__RECORDING__</script>
        <script>
        (function () {
          "use strict";
          var rec = JSON.parse(document.getElementById("recording").textContent);
          var $ = function (id) { return document.getElementById(id); };
          var num = function (v, d) { return typeof v === "number" && isFinite(v) ? v : d; };
          var CURVES = { easeInOut: [0.42, 0, 0.58, 1], easeIn: [0.42, 0, 1, 1], easeOut: [0, 0, 0.58, 1], linear: [0, 0, 1, 1] };
          function bezier(c) {
            return function (x) {
              if (x <= 0) return 0;
              if (x >= 1) return 1;
              var lo = 0, hi = 1, u = x;
              for (var i = 0; i < 40; i++) {
                u = (lo + hi) / 2;
                var bx = 3 * (1 - u) * (1 - u) * u * c[0] + 3 * (1 - u) * u * u * c[2] + u * u * u;
                if (bx < x) lo = u; else hi = u;
              }
              return 3 * (1 - u) * (1 - u) * u * c[1] + 3 * (1 - u) * u * u * c[3] + u * u * u;
            };
          }

          var S = null, frames = [], layouts = [], kb = [], log = [], entryInfo = {}, touches = [], destroyedAt = Infinity;
          var start = 0, end = 1, now = 0, speed = 1, playing = false, last = null, scale = 1;

          function session(id) {
            var s = rec.sessions.filter(function (x) { return x.id === id; })[0] || rec.sessions[0] || null;
            S = s;
            frames = s ? (s.frames || []).filter(function (f) { return typeof f.t === "number"; }) : [];
            layouts = s ? (s.layouts || []) : [];
            var inputs = s ? (s.inputs || []) : [], events = s ? (s.events || []) : [];
            kb = inputs.filter(function (i) { return i.method === "input.keyboard" && !i.error && i.params; })
              .map(function (i) {
                var c = i.params.curve;
                return { t: i.t, h: num(i.params.height, 0), dur: num(i.params.durationMs, 250),
                         ease: bezier(Array.isArray(c) ? c : (CURVES[c] || CURVES.easeInOut)) };
              });
            entryInfo = {};
            var create = s && s.create;
            ((create && create.navigation && create.navigation.entries) || []).forEach(function (e) { entryInfo[e.id] = e; });
            inputs.forEach(function (i) {
              var p = i.params || {};
              if (p.entry && p.entry.id) entryInfo[p.entry.id] = p.entry;
              (p.entries || []).forEach(function (e) { if (e && e.id) entryInfo[e.id] = e; });
            });
            destroyedAt = Infinity;
            inputs.forEach(function (i) { if (i.method === "session.destroy" && !i.error) destroyedAt = Math.min(destroyedAt, i.t); });
            touches = [];
            var base = null;
            inputs.forEach(function (i) {
              var p = i.params || {}, f = frameAt(i.t), sy = f ? f.sheet.y : layoutHeight(i.t);
              var W = f ? f.sheet.width : 390;
              if (i.method === "input.pan" && p.translation && !i.error) {
                var edge = p.source === "leftEdge", tr = p.translation;
                // Drawn a little inside the sheet (above it for a bottom-edge pan), moving with it.
                var dy = p.source === "bottomEdge" ? -22 : 44;
                if (p.phase === "began" || base === null) base = edge ? { x: -tr.x, y: sy + 120 - tr.y } : { x: W / 2 - tr.x, y: sy + dy - tr.y };
                var up = p.phase === "ended" || p.phase === "cancelled";
                touches.push({ t: i.t, x: base.x + tr.x, y: base.y + tr.y, down: !up });
                if (up) base = null;
              } else if (i.method === "input.scroll" && typeof p.translationY === "number" && !i.error) {
                if (p.phase === "dragBegan" || base === null) base = { x: W / 2, y: sy + 120 - p.translationY };
                var lift = p.phase === "dragEnded" || p.isTracking === false;
                touches.push({ t: i.t, x: base.x, y: base.y + p.translationY, down: !lift });
                if (lift) base = null;
              }
            });
            log = [];
            inputs.forEach(function (i) {
              var p = i.params || {}, m = i.method, label = null;
              if (m === "clock.tick") return;
              if (m === "input.pan") {
                if (p.phase === "changed") return;
                label = "pan " + (p.source || "sheet") + " " + p.phase;
                if (p.translation) label += " (" + p.translation.x + ", " + p.translation.y + ")";
                if (p.velocity) label += " v=(" + p.velocity.x + ", " + p.velocity.y + ")";
              } else if (m === "input.scroll") {
                if (p.phase !== "dragBegan" && p.phase !== "dragEnded") return;
                label = "scroll " + p.phase + " offset " + p.offsetY + (p.velocityY !== undefined ? " v=" + p.velocityY : "");
              } else {
                var detail = p.detent || (p.entry && p.entry.id) || (p.height !== undefined ? p.height : "") || p.target || "";
                label = m + (detail !== "" ? " " + detail : "");
              }
              if (i.state) label += " → " + i.state;
              if (i.error) label += " ✗ " + i.error;
              log.push({ t: i.t, text: label, kind: "host" });
            });
            events.forEach(function (e) {
              log.push({ t: e.t, text: "● " + e.type + (e.detent ? " " + e.detent : "") + (e.id ? " " + e.id : ""), kind: "event" });
            });
            log.sort(function (a, b) { return a.t - b.t; });
            var times = frames.map(function (f) { return f.t; }).concat(log.map(function (l) { return l.t; }));
            start = Math.min.apply(null, [0].concat(times));
            end = Math.max.apply(null, [start + 1].concat(times));
            var ul = $("log");
            ul.innerHTML = "";
            log.forEach(function (l, k) {
              var li = document.createElement("li");
              li.className = l.kind;
              var t = document.createElement("span");
              t.className = "t";
              t.textContent = l.t;
              li.appendChild(t);
              li.appendChild(document.createTextNode(l.text));
              li.addEventListener("click", function () { pause(); seek(l.t); });
              l.el = li;
              ul.appendChild(li);
            });
            $("scrubber").min = start;
            $("scrubber").max = end;
            $("title").textContent = (rec.source || "") + (S ? " · session " + S.id : "");
          }

          function frameAt(t) {
            var lo = 0, hi = frames.length - 1, found = null;
            while (lo <= hi) {
              var mid = (lo + hi) >> 1;
              if (frames[mid].t <= t) { found = frames[mid]; lo = mid + 1; } else hi = mid - 1;
            }
            return found;
          }
          // The frame on the stage at t: none once the session is destroyed.
          function shown(t) { return t >= destroyedAt ? null : frameAt(t); }
          function layoutAt(t) {
            var l = layouts[0] || null;
            for (var i = 0; i < layouts.length; i++) if (layouts[i].t <= t) l = layouts[i];
            return l;
          }
          function layoutHeight(t) { var l = layoutAt(t); return l ? num(l.container.height, 844) : 844; }
          function keyboardAt(t, f) {
            if (f && f.keyboard !== undefined && f.keyboard !== null) {
              if (typeof f.keyboard === "number") return f.keyboard;
              if (typeof f.keyboard.height === "number") return f.keyboard.height;
            }
            var seg = null;
            function val(s, x) { return s.dur <= 0 || x >= s.t0 + s.dur ? s.to : s.from + (s.to - s.from) * s.ease((x - s.t0) / s.dur); }
            for (var i = 0; i < kb.length && kb[i].t <= t; i++) {
              seg = { t0: kb[i].t, from: seg ? val(seg, kb[i].t) : 0, to: kb[i].h, dur: kb[i].dur, ease: kb[i].ease };
            }
            return seg ? val(seg, t) : 0;
          }
          function tint(k) { return ["#ffffff", "#f0f9ff", "#fdf4ff", "#f7fee7", "#fff7ed", "#eef2ff"][k % 6]; }

          function render() {
            var f = shown(now), L = layoutAt(now);
            var W = L ? num(L.container.width, 390) : (f ? f.sheet.width : 390);
            var H = L ? num(L.container.height, 844) : 844;
            var safeTop = L && L.container.safeArea ? num(L.container.safeArea.top, 0) : 0;
            var maxH = Math.max(200, window.innerHeight - 52), maxW = Math.max(200, window.innerWidth - 420);
            scale = Math.min(1, maxH / H, maxW / W);
            var stage = $("stage");
            stage.style.width = W + "px";
            stage.style.height = H + "px";
            stage.style.transform = "scale(" + scale + ")";
            $("viewport").style.width = W * scale + "px";
            $("viewport").style.height = H * scale + "px";
            var bar = document.querySelector("#screen .bar");
            bar.style.height = safeTop + 44 + "px";
            var sheet = $("sheet"), dim = $("dimming"), grab = $("grabber");
            var r = f ? f.sheet : { x: 0, y: H, width: W, height: 0, cornerRadius: 10 };
            sheet.style.left = r.x + "px";
            sheet.style.top = r.y + "px";
            sheet.style.width = r.width + "px";
            sheet.style.height = r.height + "px";
            var cr = num(r.cornerRadius, 10);
            sheet.style.borderRadius = cr + "px " + cr + "px 0 0";
            dim.style.opacity = f ? num(f.dimming.alpha, 0) : 0;
            var pull = L ? num(L.pullBarHeight, 20) : 20;
            if (f && f.grabber && f.grabber.visible) {
              grab.style.display = "block";
              grab.style.left = r.x + r.width / 2 - 18 + "px";
              grab.style.top = f.grabber.y + (pull - 5) / 2 + "px";
            } else grab.style.display = "none";
            var items = f && f.nav && Array.isArray(f.nav.items) ? f.nav.items : [];
            var navs = $("navs"), keep = {};
            $("content").style.display = items.length ? "none" : "block";
            $("content").style.height = r.height + "px";
            items.forEach(function (it, k) {
              var id = "nav-" + it.id, el = document.getElementById(id);
              if (!el) {
                el = document.createElement("div");
                el.id = id;
                el.className = "nav-item";
                el.dataset.entry = it.id;
                var info = entryInfo[it.id] || {};
                if (info.navigationBar !== false) {
                  var b = document.createElement("div");
                  b.className = "nav-bar";
                  b.textContent = it.id;
                  el.appendChild(b);
                }
                var rows = document.createElement("div");
                rows.className = "rows";
                if (info.navigationBar === false) rows.style.top = "20px";
                el.appendChild(rows);
                el.style.background = tint(Object.keys(entryInfo).indexOf(it.id) + 1);
              }
              navs.appendChild(el);
              el.style.left = num(it.x, 0) + "px";
              el.style.width = num(it.width, r.width) + "px";
              el.style.height = num(it.height, r.height) + "px";
              el.style.opacity = num(it.alpha, 1);
              keep[id] = true;
            });
            Array.prototype.slice.call(navs.children).forEach(function (el) { if (!keep[el.id]) navs.removeChild(el); });
            var sep = $("separator"), sx = f && f.nav ? f.nav.separatorX : null;
            sep.style.display = typeof sx === "number" ? "block" : "none";
            if (typeof sx === "number") sep.style.left = sx + "px";
            var pin = $("pin"), po = f && f.scroll ? f.scroll.pinOffsetY : null;
            pin.style.display = typeof po === "number" ? "block" : "none";
            if (typeof po === "number") { pin.textContent = "list pinned at offset " + po; pin.style.top = r.y + 12 + "px"; }
            var touch = null;
            for (var j = 0; j < touches.length && touches[j].t <= now; j++) touch = touches[j];
            var finger = $("finger");
            finger.style.display = touch && touch.down ? "block" : "none";
            if (touch) { finger.style.left = touch.x + "px"; finger.style.top = touch.y + "px"; }
            var k = keyboardAt(now, f), kbd = $("keyboard");
            kbd.style.display = k > 0 ? "block" : "none";
            kbd.style.top = H - k + "px";
            kbd.style.height = k + "px";

            $("scrubber").value = now;
            $("time").textContent = "t = " + Math.round(now) + " / " + end + " ms";
            $("play").textContent = playing ? "Pause" : "Play";
            $("readout").textContent = f
              ? "frame seq " + f.seq + " at t=" + f.t + "  " + f.state + "  detent " + f.detent +
                "\nsheet y=" + r.y + " height=" + r.height + "  alpha=" + f.dimming.alpha +
                (f.dimming.passthrough ? " (passthrough)" : "") + "  progress=" + f.progress +
                (k > 0 ? "\nkeyboard " + Math.round(k * 100) / 100 + " pt" : "")
              : now >= destroyedAt ? "session destroyed at t=" + destroyedAt : "no frame yet (dismissed)";
            var current = -1;
            log.forEach(function (l, i) {
              var past = l.t <= now;
              if (past) current = i;
              l.el.classList.toggle("past", past);
              l.el.classList.remove("current");
            });
            if (current >= 0) {
              var c = log[current].el;
              c.classList.add("current");
              var ul = $("log");
              if (c.offsetTop < ul.scrollTop || c.offsetTop > ul.scrollTop + ul.clientHeight - 20) ul.scrollTop = c.offsetTop - ul.clientHeight / 2;
            }
          }

          function seek(t) { now = Math.min(end, Math.max(start, Number(t))); render(); return now; }
          function step(ts) {
            if (!playing) return;
            if (last !== null) now += (ts - last) * speed;
            last = ts;
            if (now >= end) { now = end; playing = false; }
            render();
            if (playing) requestAnimationFrame(step);
          }
          function play() {
            if (playing) return;
            if (now >= end) now = start;
            playing = true;
            last = null;
            requestAnimationFrame(step);
            render();
          }
          function pause() { playing = false; render(); }
          function probe(t) {
            seek(t);
            var st = $("stage").getBoundingClientRect(), sh = $("sheet").getBoundingClientRect();
            var f = shown(now);
            return { t: now, seq: f ? f.seq : null, state: f ? f.state : null,
                     sheet: { x: (sh.left - st.left) / scale, y: (sh.top - st.top) / scale,
                              width: sh.width / scale, height: sh.height / scale },
                     dimming: Number(getComputedStyle($("dimming")).opacity), scale: scale };
          }

          $("play").addEventListener("click", function () { if (playing) pause(); else play(); });
          $("speed").addEventListener("change", function (e) { speed = Number(e.target.value); });
          $("scrubber").addEventListener("input", function (e) { pause(); seek(e.target.value); });
          $("session").addEventListener("change", function (e) { pause(); session(e.target.value); seek(start); });
          window.addEventListener("resize", render);
          rec.sessions.forEach(function (s) {
            var o = document.createElement("option");
            o.value = s.id;
            o.textContent = s.id;
            $("session").appendChild(o);
          });
          $("session-pick").style.display = rec.sessions.length > 1 ? "" : "none";

          window.player = {
            seek: seek, play: play, pause: pause, probe: probe, frameAt: frameAt,
            setSpeed: function (x) { speed = Number(x); $("speed").value = String(x); },
            select: function (id) { session(id); $("session").value = S ? S.id : ""; return seek(start); },
            get time() { return now; }, get playing() { return playing; },
            get start() { return start; }, get end() { return end; }, get session() { return S ? S.id : null; },
            sessions: rec.sessions.map(function (s) { return s.id; })
          };

          var q = new URLSearchParams(location.search);
          session(q.get("session"));
          $("session").value = S ? S.id : "";
          if (q.get("speed")) window.player.setSpeed(q.get("speed"));
          seek(q.get("t") !== null ? q.get("t") : start);
          if (q.get("probe")) {
            $("probe").textContent = JSON.stringify(q.get("probe").split(",").map(Number).map(probe));
          }
          if (q.get("play") === "1") play();
        })();
        </script>
        </body>
        </html>

        """#
}

extension String {
    /// Every occurrence of `target` replaced by `replacement` (no Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
