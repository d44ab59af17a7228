// The replay player (`sheetd replay FILE --html OUT.html`): plays a recording's frames on the
// stage of sheet-renderer.js, the web host's renderer. A stack is played whole: the root
// session and every session created over it, parents receding under their children.
//
// For tests and scripts: `window.player` has `seek(t)`, `play()`, `pause()`, `setSpeed(x)`,
// `select(session)`, `frameAt(t)` and `probe(t)` (seeks, then measures the root's `#sheet` in
// points and its `#dimming`'s computed opacity; `sheets` gives every drawn sheet); the query
// string takes `t=` (seek, paused), `session=`, `speed=`, `play=1`, and `probe=t1,t2,...`
// (writes the probes as JSON into `#probe`, so `chromium --headless --dump-dom` can read them).
//
// Nothing here spreads or `apply`s an array: a recording may hold millions of frames, and
// every lookup by time is a binary search.
(function () {
  "use strict";
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
  /** How many of `list` (ascending by `.t`) are at or before `t`. */
  function countAtOrBefore(list, t) {
    var lo = 0, hi = list.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (list[mid].t <= t) lo = mid + 1; else hi = mid;
    }
    return lo;
  }
  function lastAtOrBefore(list, t) { var i = countAtOrBefore(list, t); return i > 0 ? list[i - 1] : null; }

  // The recording: the sessions without their frames, then the frames in chunks (each a small
  // JSON text, so no string grows with the recording).
  var rec = JSON.parse($("recording").textContent);
  $("recording").textContent = "";
  rec.sessions.forEach(function (s) { s.frames = []; });
  Array.prototype.forEach.call(document.querySelectorAll("script.frames"), function (el) {
    var s = rec.sessions[Number(el.dataset.session)], part = JSON.parse(el.textContent);
    for (var i = 0; i < part.length; i++) if (typeof part[i].t === "number") s.frames.push(part[i]);
    el.textContent = "";
  });

  var byId = {};
  rec.sessions.forEach(function (s) { byId[s.id] = s; s.children = []; });
  function parentOf(s) { var p = s.create && s.create.parent; return typeof p === "string" && byId[p] && byId[p] !== s ? byId[p] : null; }
  rec.sessions.forEach(function (s) { var p = parentOf(s); if (p) p.children.push(s); });
  function rootOf(s) { var seen = 0; while (parentOf(s) && seen++ < 64) s = parentOf(s); return s; }
  var roots = rec.sessions.filter(function (s) { return rootOf(s) === s; });

  var stage = new SheetRenderer.Stage($("viewport"), {
    backdrop: $("screen"),
    page: function (key, entryId) { return navPage(key, entryId); },
  });
  stage.overlay.appendChild($("keyboard"));
  stage.overlay.appendChild($("pin"));
  stage.overlay.appendChild($("finger"));

  var stack = [], log = [], touches = [], kb = [], pages = {}, entryInfo = {};
  var start = 0, end = 1, now = 0, speed = 1, playing = false, last = null, pastCount = 0, current = null;

  function tint(k) { return ["#ffffff", "#f0f9ff", "#fdf4ff", "#f7fee7", "#fff7ed", "#eef2ff"][k % 6]; }
  function navPage(key, id) {
    var k = key + "\u0000" + id;
    if (pages[k]) return pages[k];
    var el = document.createElement("div");
    el.className = "nav-item";
    el.dataset.entry = id;
    var info = (entryInfo[key] || {})[id] || {};
    if (info.navigationBar !== false) {
      var b = document.createElement("div");
      b.className = "nav-bar";
      b.textContent = id;
      el.appendChild(b);
    }
    var rows = document.createElement("div");
    rows.className = "rows";
    if (info.navigationBar === false) rows.style.top = "20px";
    el.appendChild(rows);
    el.style.background = tint(Object.keys(entryInfo[key] || {}).indexOf(id) + 1);
    pages[k] = el;
    return el;
  }

  /** The sessions of the stack rooted at `root`, parents before their children. */
  function members(root) {
    var out = [];
    (function walk(s, depth) { if (depth > 64) return; out.push(s); s.children.forEach(function (c) { walk(c, depth + 1); }); })(root, 0);
    return out;
  }

  function prepare(s) {
    var inputs = s.inputs || [];
    s.layoutList = (s.layouts || []).filter(function (l) { return typeof l.t === "number"; });
    s.destroyedAt = Infinity;
    var info = {};
    var create = s.create;
    ((create && create.navigation && create.navigation.entries) || []).forEach(function (e) { if (e && e.id !== undefined) info[e.id] = e; });
    inputs.forEach(function (i) {
      var p = i.params || {};
      if (p.entry && p.entry.id !== undefined) info[p.entry.id] = p.entry;
      if (Array.isArray(p.entries)) p.entries.forEach(function (e) { if (e && e.id !== undefined) info[e.id] = e; });
      if (i.method === "session.destroy" && !i.error && i.t < s.destroyedAt) s.destroyedAt = i.t;
    });
    entryInfo[s.id] = info;
  }

  function frameOf(s, t) { return lastAtOrBefore(s.frames, t); }
  // The frame on the stage at t: none once the session is destroyed.
  function shown(s, t) { return t >= s.destroyedAt ? null : frameOf(s, t); }
  function pullBar(s, t) { var l = lastAtOrBefore(s.layoutList, t) || s.layoutList[0]; return l ? num(l.pullBarHeight, 20) : 20; }
  function containerAt(t) {
    var root = stack[0], l = root ? (lastAtOrBefore(root.layoutList, t) || root.layoutList[0]) : null;
    if (l && l.container) return l.container;
    var f = root ? frameOf(root, t) : null;
    return { width: f ? f.sheet.width : 390, height: 844, safeArea: { top: 0 } };
  }

  function select(id) {
    var s = byId[id] || roots[0] || null;
    var root = s ? rootOf(s) : null;
    stack = root ? members(root) : [];
    stack.forEach(prepare);
    var lo = 0, hi = 1, any = false;
    function span(t) {
      if (typeof t !== "number" || !isFinite(t)) return;
      if (!any) { lo = Math.min(0, t); hi = t; any = true; } else { if (t < lo) lo = t; if (t > hi) hi = t; }
    }
    touches = [];
    kb = [];
    log = [];
    stack.forEach(function (m) {
      var frames = m.frames;
      if (frames.length) { span(frames[0].t); span(frames[frames.length - 1].t); }
      var base = null;
      (m.inputs || []).forEach(function (i) {
        var p = i.params || {}, method = i.method, label = null;
        span(i.t);
        if (method === "input.keyboard" && !i.error && i.params) {
          var c = p.curve;
          kb.push({ t: i.t, h: num(p.height, 0), dur: num(p.durationMs, 250),
                    ease: bezier(Array.isArray(c) && c.length === 4 ? c : (CURVES[c] || CURVES.easeInOut)) });
        }
        var f = frameOf(m, i.t), sy = f ? f.sheet.y : containerAt(i.t).height, W = f ? f.sheet.width : 390, x0 = f ? f.sheet.x : 0;
        if (method === "input.pan" && p.translation && !i.error) {
          var edge = p.source === "leftEdge", tr = p.translation;
          // Drawn a little inside the sheet (above it for a bottom-edge pan), moving with it.
          var dy = p.source === "bottomEdge" ? -22 : 44;
          if (p.phase === "began" || base === null) base = edge ? { x: x0 - num(tr.x, 0), y: sy + 120 - num(tr.y, 0) } : { x: x0 + W / 2 - num(tr.x, 0), y: sy + dy - num(tr.y, 0) };
          var up = p.phase === "ended" || p.phase === "cancelled";
          touches.push({ t: i.t, x: base.x + num(tr.x, 0), y: base.y + num(tr.y, 0), down: !up });
          if (up) base = null;
        } else if (method === "input.scroll" && typeof p.translationY === "number" && !i.error) {
          if (p.phase === "dragBegan" || base === null) base = { x: x0 + W / 2, y: sy + 120 - p.translationY };
          var lift = p.phase === "dragEnded" || p.isTracking === false;
          touches.push({ t: i.t, x: base.x, y: base.y + p.translationY, down: !lift });
          if (lift) base = null;
        }
        if (method === "clock.tick") return;
        if (method === "input.pan") {
          if (p.phase === "changed") return;
          label = "pan " + (p.source || "sheet") + " " + p.phase;
          if (p.translation) label += " (" + p.translation.x + ", " + p.translation.y + ")";
          if (p.velocity) label += " v=(" + p.velocity.x + ", " + p.velocity.y + ")";
        } else if (method === "input.scroll") {
          if (p.phase !== "dragBegan" && p.phase !== "dragEnded") return;
          label = "scroll " + p.phase + " offset " + p.offsetY + (p.velocityY !== undefined ? " v=" + p.velocityY : "");
        } else {
          var detail = p.detent || (p.entry && p.entry.id) || (p.height !== undefined ? p.height : "") || p.target || "";
          label = method + (detail !== "" ? " " + detail : "");
        }
        if (i.state) label += " → " + i.state;
        if (i.error) label += " ✗ " + i.error;
        log.push({ t: i.t, text: (stack.length > 1 ? m.id + ": " : "") + label, kind: "host" });
      });
      (m.events || []).forEach(function (e) {
        span(e.t);
        log.push({ t: e.t, text: (stack.length > 1 ? m.id + ": " : "") + "● " + e.type + (e.detent ? " " + e.detent : "") + (e.id ? " " + e.id : ""), kind: "event" });
      });
    });
    var byTime = function (a, b) { return a.t - b.t; };
    touches.sort(byTime);
    kb.sort(byTime);
    log.sort(byTime);
    start = lo;
    end = Math.max(hi, lo + 1);
    var ul = $("log");
    ul.textContent = "";
    var items = document.createDocumentFragment();
    log.forEach(function (l) {
      var li = document.createElement("li");
      li.className = l.kind;
      var t = document.createElement("span");
      t.className = "t";
      t.textContent = l.t;
      li.appendChild(t);
      li.appendChild(document.createTextNode(l.text));
      li.addEventListener("click", function () { pause(); seek(l.t); });
      l.el = li;
      items.appendChild(li);
    });
    ul.appendChild(items);
    pastCount = 0;
    current = null;
    $("scrubber").min = start;
    $("scrubber").max = end;
    $("title").textContent = (rec.source || "") + (root ? " · " + (stack.length > 1 ? "stack " : "session ") + stack.map(function (m) { return m.id; }).join(" › ") : "");
    return root;
  }

  function keyboardAt(t, f) {
    if (f && f.keyboard !== undefined && f.keyboard !== null) {
      if (typeof f.keyboard === "number") return f.keyboard;
      if (typeof f.keyboard.height === "number" && kb.length === 0) return f.keyboard.height;
    }
    // The last input.keyboard at or before t, animating from where the one before left it.
    var n = countAtOrBefore(kb, t);
    if (n === 0) return 0;
    function val(s, x) { return s.dur <= 0 || x >= s.t0 + s.dur ? s.to : s.from + (s.to - s.from) * s.ease((x - s.t0) / s.dur); }
    var seg = null;
    // Only the last few can still be moving; older ones have long reached their height.
    for (var i = Math.max(0, n - 8); i < n; i++) {
      var from = seg ? val(seg, kb[i].t) : (i > 0 ? kb[i - 1].h : 0);
      seg = { t0: kb[i].t, from: from, to: kb[i].h, dur: kb[i].dur, ease: kb[i].ease };
    }
    return val(seg, t);
  }

  function render() {
    var C = containerAt(now), W = num(C.width, 390), H = num(C.height, 844);
    var safeTop = C.safeArea ? num(C.safeArea.top, 0) : 0;
    var fit = { width: Math.max(200, window.innerWidth - (window.innerWidth > 900 ? 640 : 60)), height: Math.max(200, window.innerHeight - 52) };
    var sheets = stack.map(function (m) { return { key: m.id, frame: shown(m, now), pullBarHeight: pullBar(m, now) }; });
    stage.draw({ container: { width: W, height: H }, fit: fit, sheets: sheets });
    if (stack.length) {
      var rl = stage.layer(stack[0].id);
      rl.sheet.id = "sheet";
      rl.dimming.id = "dimming";
      rl.grabber.id = "grabber";
    }
    document.querySelector("#screen .bar").style.height = safeTop + 44 + "px";
    // The top sheet shown: its frame is the readout, its scroll pin the badge.
    var top = null, topSession = null;
    for (var i = sheets.length - 1; i >= 0; i--) if (sheets[i].frame && (sheets[i].frame.state !== "dismissed" || i === 0)) { top = sheets[i].frame; topSession = stack[i]; break; }
    var pin = $("pin"), po = top && top.scroll ? top.scroll.pinOffsetY : null;
    pin.style.display = typeof po === "number" ? "block" : "none";
    if (typeof po === "number") { pin.textContent = "list pinned at offset " + po; pin.style.top = top.sheet.y + 12 + "px"; }
    var touch = lastAtOrBefore(touches, now), finger = $("finger");
    finger.style.display = touch && touch.down ? "block" : "none";
    if (touch) { finger.style.left = touch.x + "px"; finger.style.top = touch.y + "px"; }
    var k = keyboardAt(now, top), kbd = $("keyboard");
    kbd.style.display = k > 0 ? "block" : "none";
    kbd.style.top = H - k + "px";
    kbd.style.height = k + "px";

    $("scrubber").value = now;
    $("time").textContent = "t = " + Math.round(now) + " / " + end + " ms";
    $("play").textContent = playing ? "Pause" : "Play";
    var f = top, r = f ? f.sheet : null;
    var gone = stack.length && stack.every(function (m) { return now >= m.destroyedAt; });
    $("readout").textContent = f
      ? (stack.length > 1 ? "session " + topSession.id + "  " : "") + "frame seq " + f.seq + " at t=" + f.t + "  " + f.state + "  detent " + f.detent +
        "\nsheet y=" + r.y + " height=" + r.height + "  alpha=" + f.dimming.alpha +
        (f.dimming.passthrough ? " (passthrough)" : "") + "  progress=" + f.progress +
        (f.transform ? "  transform scale=" + f.transform.scale + " translateY=" + f.transform.translateY : "") +
        (k > 0 ? "\nkeyboard " + Math.round(k * 100) / 100 + " pt" : "")
      : gone ? "session destroyed" : "no frame yet (dismissed)";
    // The log: only the entries whose side of `now` changed are touched.
    var n = countAtOrBefore(log, now);
    for (var a = Math.min(n, pastCount); a < Math.max(n, pastCount); a++) log[a].el.classList.toggle("past", a < n);
    pastCount = n;
    if (current) current.classList.remove("current");
    current = n > 0 ? log[n - 1].el : null;
    if (current) {
      current.classList.add("current");
      var ul = $("log");
      if (current.offsetTop < ul.scrollTop || current.offsetTop > ul.scrollTop + ul.clientHeight - 20) ul.scrollTop = current.offsetTop - ul.clientHeight / 2;
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
  function rect(el, st) {
    var b = el.getBoundingClientRect();
    return { x: (b.left - st.left) / stage.scale, y: (b.top - st.top) / stage.scale, width: b.width / stage.scale, height: b.height / stage.scale };
  }
  function probe(t) {
    seek(t);
    var st = stage.element.getBoundingClientRect();
    var f = stack.length ? shown(stack[0], now) : null, sheets = {};
    stack.forEach(function (m) {
      var l = stage.layer(m.id);
      if (shown(m, now)) sheets[m.id] = { sheet: rect(l.sheet, st), dimming: Number(getComputedStyle(l.dimming).opacity), grabber: l.grabber.style.display === "none" ? null : rect(l.grabber, st) };
    });
    var root = stack.length ? stage.layer(stack[0].id) : null;
    return { t: now, seq: f ? f.seq : null, state: f ? f.state : null,
             sheet: root ? rect(root.sheet, st) : null,
             dimming: root ? Number(getComputedStyle(root.dimming).opacity) : 0, scale: stage.scale, sheets: sheets };
  }

  $("play").addEventListener("click", function () { if (playing) pause(); else play(); });
  $("speed").addEventListener("change", function (e) { speed = Number(e.target.value); });
  $("scrubber").addEventListener("input", function (e) { pause(); seek(e.target.value); });
  $("session").addEventListener("change", function (e) { pause(); select(e.target.value); seek(start); });
  window.addEventListener("resize", render);
  roots.forEach(function (s) {
    var o = document.createElement("option");
    o.value = s.id;
    var n = members(s).length;
    o.textContent = s.id + (n > 1 ? " (+" + (n - 1) + ")" : "");
    $("session").appendChild(o);
  });
  $("session-pick").style.display = roots.length > 1 ? "" : "none";

  window.player = {
    seek: seek, play: play, pause: pause, probe: probe,
    frameAt: function (t) { return stack.length ? frameOf(stack[0], t) : null; },
    setSpeed: function (x) { speed = Number(x); $("speed").value = String(x); },
    select: function (id) { var r = select(id); $("session").value = r ? r.id : ""; return seek(start); },
    get time() { return now; }, get playing() { return playing; },
    get start() { return start; }, get end() { return end; }, get session() { return stack.length ? stack[0].id : null; },
    get stack() { return stack.map(function (m) { return m.id; }); },
    sessions: rec.sessions.map(function (s) { return s.id; })
  };

  var q = new URLSearchParams(location.search);
  var root = select(q.get("session"));
  $("session").value = root ? root.id : "";
  if (q.get("speed")) window.player.setSpeed(q.get("speed"));
  seek(q.get("t") !== null ? q.get("t") : start);
  if (q.get("probe")) {
    $("probe").textContent = JSON.stringify(q.get("probe").split(",").map(Number).map(probe));
  }
  if (q.get("play") === "1") play();
})();
