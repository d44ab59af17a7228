// The live web host: renders sheetd's frames and turns pointer, wheel and focus events into
// sheetd inputs. Realtime clock by default (sheetd ticks itself, frames arrive at 60 fps);
// ?clock=host runs on the host clock: time moves only when you step (or press play).
// Frames are drawn by sheet-renderer.js (window.SheetRenderer), the renderer of the replay
// player too. window.sheetHost exposes the state for the browser test.
import { SheetdClient } from "./sheetd.js";

const query = new URLSearchParams(location.search);
const mode = query.get("clock") === "host" ? "host" : "realtime";
// ?engine=wasm: no bridge, no daemon process: sheetd compiled to WebAssembly runs in this page
// (`SheetdClient.wasm`), from any static file server (static.sh lays the files out); its
// realtime frames come once per display frame (requestAnimationFrame). Otherwise the bridge's
// WebSocket, one sheetd per page.
const engine = query.get("engine") === "wasm" ? "wasm" : "bridge";
const CONTAINER = { width: 390, height: 844, safeArea: { top: 47, bottom: 34 } };
const ROWS = 40, ROW_HEIGHT = 44, KEYBOARD_HEIGHT = 300;
const $ = (id) => document.getElementById(id);
const TOOLBAR = 32;  // px above the screen (host.css)

// The stage: the container in points, scaled down to fit the window; this host's one sheet is
// drawn under the key "sheet", its navigation pages are the host's own.
const stage = new window.SheetRenderer.Stage($("screen"), {
  backdrop: $("backdrop"),
  page: (key, id) => (host.pages.get(id) || {}).element || null,
});
stage.overlay.append($("keyboard"));
const layer = stage.layer("sheet");
layer.sheet.id = "sheet";
layer.dimming.id = "dimming";
layer.grabber.id = "grabber";
layer.pages.id = "pages";
const fit = () => ({ width: window.innerWidth, height: window.innerHeight - TOOLBAR });
stage.size(CONTAINER, fit());

const host = {
  mode, engine, sent: [], client: null, session: null, frame: null, frames: 0, events: [], errors: [],
  hostT: 0, playing: false, pages: new Map(), detailCount: 0,
};
window.sheetHost = host;

/** Input time: the event's own stamp on the realtime clock, the stepped time on the host clock. */
function now(event) {
  if (mode === "host") return host.hostT;
  return event && event.timeStamp ? event.timeStamp : performance.now();
}

function report(error) {
  host.errors.push(String(error && error.message || error));
  $("status").textContent = `error: ${error && error.message || error}`;
}

/** Sends an input or command; failures are shown, never thrown. */
function send(promise) { promise.catch(report); }

// ---- pages: one per navigation entry ----

function makePage(id, title, isRoot) {
  const page = document.createElement("section");
  page.className = "page";
  page.dataset.entry = id;
  const header = document.createElement("header");
  if (!isRoot) {
    const back = document.createElement("button");
    back.textContent = "‹ Back";
    back.className = "back";
    back.addEventListener("click", () => send(host.session.pop({ t: now() })));
    header.append(back);
  }
  const name = document.createElement("span");
  name.className = "title";
  name.textContent = title;
  header.append(name);
  page.append(header);
  let top = 56;
  if (isRoot) {
    const field = document.createElement("input");
    field.className = "field";
    field.placeholder = "Search (opens the keyboard)";
    field.addEventListener("focus", (e) => keyboard(true, e));
    field.addEventListener("blur", (e) => keyboard(false, e));
    page.append(field);
    top += 52;
  }
  const list = document.createElement("div");
  list.className = "list";
  list.style.top = `${top}px`;
  const rows = document.createElement("div");
  rows.className = "rows";
  for (let i = 1; i <= ROWS; i++) {
    const row = document.createElement("div");
    row.className = "row";
    row.textContent = `${title} · row ${i}`;
    const open = document.createElement("button");
    open.textContent = "Open ›";
    open.className = "open";
    open.addEventListener("click", () => push());
    row.append(open);
    rows.append(row);
  }
  list.append(rows);
  page.append(list);
  $("pages").append(page);
  const state = { id, element: page, list, rows, offset: 0 };
  host.pages.set(id, state);
  attachListGestures(state);
  return state;
}

function push() {
  host.detailCount += 1;
  const id = `detail-${host.detailCount}`;
  makePage(id, `Detail ${host.detailCount}`, false);
  send(host.session.push({ t: now(), entry: { id, preferredHeight: 500 } }));
}

function keyboard(shown, event) {
  $("keyboard").classList.toggle("shown", shown);
  send(host.session.keyboard({ t: now(event), height: shown ? KEYBOARD_HEIGHT : 0, durationMs: 250 }));
}

// ---- rendering a frame ----

function render(frame) {
  host.frame = frame;
  host.frames += 1;
  draw();
  if (frame.scroll.pinOffsetY !== null && host.listDrag) setOffset(host.listDrag.page, frame.scroll.pinOffsetY);
  $("status").textContent = `${mode} · ${frame.state} · ${frame.detent} · y ${frame.sheet.y}`;
}

function draw() {
  stage.draw({ container: CONTAINER, fit: fit(), sheets: [{ key: "sheet", frame: host.frame, pullBarHeight: 20 }] });
}
window.addEventListener("resize", () => { if (host.frame) draw(); else stage.size(CONTAINER, fit()); });

/** A pointer's movement in points (the stage may be scaled to fit the window). */
function points(px) { return px / stage.scale; }

// ---- gestures: dragging the sheet ----

function attachSheetGestures() {
  // The sheet's header and the grabber (drawn in the pull bar above the sheet) both drag it.
  let drag = null;
  const pan = (e, phase) => {
    const params = { t: now(e), phase, translation: { x: points(e.clientX - drag.x), y: points(e.clientY - drag.y) } };
    if (drag.source !== "sheet") params.source = drag.source;
    send(host.session.pan(params));
  };
  for (const [element, source] of [[$("sheet"), "sheet"], [$("grabber"), "grabber"]]) {
    element.addEventListener("pointerdown", (e) => {
      if (e.target.closest(".list, button, input")) return;
      drag = { id: e.pointerId, x: e.clientX, y: e.clientY, source };
      element.setPointerCapture(e.pointerId);
      pan(e, "began");
    });
    element.addEventListener("pointermove", (e) => {
      if (drag && e.pointerId === drag.id) pan(e, "changed");
    });
    const end = (phase) => (e) => {
      if (!drag || e.pointerId !== drag.id) return;
      pan(e, phase);
      drag = null;
    };
    element.addEventListener("pointerup", end("ended"));
    element.addEventListener("pointercancel", end("cancelled"));
  }
  $("dimming").addEventListener("click", (e) => send(host.session.tap({ t: now(e), target: "dimming" })));
}

// ---- gestures: scrolling a list (hand-off to the sheet through input.scroll) ----

function maxOffset(page) { return Math.max(0, ROWS * ROW_HEIGHT - page.list.clientHeight); }

function setOffset(page, offset) {
  page.offset = offset;
  page.rows.style.transform = `translateY(${-offset}px)`;
  page.list.dataset.offset = String(offset);
}

/**
 * The finger's velocity at release (pt/s, + = down) over the last 100 ms of samples, the
 * release included — what a scroll view's pan recognizer reports: a finger that stopped
 * before lifting has no velocity.
 */
function releaseVelocity(samples) {
  const end = samples[samples.length - 1];
  const recent = samples.filter((s) => end.t - s.t <= 100);
  const first = recent[0];
  return end.t > first.t ? ((end.y - first.y) / (end.t - first.t)) * 1000 : 0;
}

function scrollSample(page, e, phase, translationY, velocityY) {
  const sample = {
    t: now(e), phase, offsetY: page.offset, insetTop: 0, contentHeight: ROWS * ROW_HEIGHT,
    viewportHeight: page.list.clientHeight, isTracking: phase !== "dragEnded", translationY, entry: page.id,
  };
  if (velocityY !== undefined) sample.velocityY = velocityY;
  send(host.session.scroll(sample));
}

function attachListGestures(page) {
  page.list.addEventListener("pointerdown", (e) => {
    if (e.target.closest("button")) return;
    host.listDrag = { page, id: e.pointerId, y: e.clientY, base: 0, baseOffset: page.offset, samples: [{ t: now(e), y: 0 }] };
    page.list.setPointerCapture(e.pointerId);
    scrollSample(page, e, "dragBegan", 0);
  });
  page.list.addEventListener("pointermove", (e) => {
    const d = host.listDrag;
    if (!d || d.page !== page || e.pointerId !== d.id) return;
    const ty = points(e.clientY - d.y);
    const pinned = host.frame && host.frame.scroll.pinOffsetY !== null;
    if (pinned) {  // the sheet owns the drag: hold the list, scroll from here once it lets go
      setOffset(page, host.frame.scroll.pinOffsetY);
      d.base = ty;
      d.baseOffset = page.offset;
    } else {
      setOffset(page, Math.min(maxOffset(page), Math.max(0, d.baseOffset - (ty - d.base))));
    }
    d.samples.push({ t: now(e), y: ty });
    scrollSample(page, e, "scrolled", ty);
  });
  const end = (e) => {
    const d = host.listDrag;
    if (!d || d.page !== page || e.pointerId !== d.id) return;
    d.samples.push({ t: now(e), y: points(e.clientY - d.y) });
    scrollSample(page, e, "dragEnded", points(e.clientY - d.y), releaseVelocity(d.samples));
    host.listDrag = null;
  };
  page.list.addEventListener("pointerup", end);
  page.list.addEventListener("pointercancel", end);
  page.list.addEventListener("wheel", (e) => {
    e.preventDefault();
    setOffset(page, Math.min(maxOffset(page), Math.max(0, page.offset + e.deltaY)));
  }, { passive: false });
}

// ---- the host clock: stepping ----

/** Host clock: advances time by `ms` in 16 ms ticks; resolves when the last tick answered. */
host.step = async (ms = 16) => {
  const end = host.hostT + ms;
  while (host.hostT < end) {
    host.hostT = Math.min(end, host.hostT + 16);
    await host.client.tick(host.hostT);
  }
  $("host-time").textContent = `t = ${host.hostT} ms`;
};

/** Resolves with the next event of `type` (or one already received after index `since`). */
host.waitForEvent = (type, since = 0) => new Promise((resolve) => {
  const found = host.events.slice(since).find((e) => e.type === type);
  if (found) return resolve(found);
  const off = host.session.onEvent((e) => { if (e.type === type) { off(); resolve(e); } });
});

/** Resolves once a frame satisfies `predicate` (the current one included). */
host.waitForFrame = (predicate) => new Promise((resolve) => {
  if (host.frame && predicate(host.frame)) return resolve(host.frame);
  const off = host.session.onFrame((f) => { if (predicate(f)) { off(); resolve(f); } });
});

function playLoop() {
  if (!host.playing) return;
  host.step(16).then(() => requestAnimationFrame(playLoop), report);
}

// ---- start ----

async function start() {
  const client = engine === "wasm"
    ? await SheetdClient.wasm(new URL(query.get("wasm") || "sheetd.wasm", location.href))
    : await SheetdClient.connect(`ws://${location.host}/rpc`);
  host.client = client;
  // Every message the page sends, in order: the host stream (the browser test replays it
  // through the daemon and compares the frames).
  const transportSend = client.transport.send.bind(client.transport);
  client.transport.send = (text) => { host.sent.push(text); transportSend(text); };
  client.on("$/diagnostic", (d) => report(`${d.method}: ${d.message}`));
  await client.initialize({ clientInfo: { name: "web-host" }, clock: mode, fps: 60 });
  makePage("root", "Sheet", true);
  host.session = await client.createSession({
    container: CONTAINER,
    navigation: { entries: [{ id: "root", preferredHeight: 400 }] },
    detents: ["medium", "large"],
    selectedDetent: "medium",
  });
  host.session.onFrame(render);
  host.session.onEvent((e) => host.events.push(e));
  attachSheetGestures();
  $("show").addEventListener("click", (e) => send(host.session.present({ t: now(e) })));
  if (mode === "host") {
    $("clock-controls").hidden = false;
    $("step").addEventListener("click", () => host.step(16).catch(report));
    $("play").addEventListener("click", () => {
      host.playing = !host.playing;
      $("play").textContent = host.playing ? "pause" : "play";
      playLoop();
    });
    await host.session.present({ t: now() });
    await host.client.tick(host.hostT);  // host clock: frames come only with ticks
  } else {
    await host.session.present({ t: now() });
  }
  host.ready = true;
  $("status").textContent = `${mode} clock · ${engine === "wasm" ? "sheetd.wasm in this page" : "connected"}`;
}

host.started = start().catch((e) => { report(e); throw e; });
