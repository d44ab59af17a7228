// sheetd for JavaScript: a small ES module JSON-RPC client. Transports: a child daemon over
// stdio (`SheetdClient.spawn()`, Node), a WebSocket (`SheetdClient.connect(url)`: browsers, and
// Node 22 or later, which has a global WebSocket), the daemon compiled to WebAssembly in the
// page itself (`await SheetdClient.wasm(url?)`), or any object with send(text) and onmessage.
// One JSON-RPC message per line (stdio) or per WebSocket text message.
// Types: sheetd.d.ts (generated from protocol/openrpc.json by generate.py, like methods.js).
//
//   import { SheetdClient } from "sheetd";              // or "./sheetd.js"
//   const client = await SheetdClient.spawn();          // or SheetdClient.connect("ws://127.0.0.1:8765/rpc")
//   await client.initialize({ clock: "realtime" });
//   const session = await client.createSession({ container: { width: 390, height: 844 }, content: { preferredHeight: 300 } });
//   session.onFrame((frame) => render(frame));
//   await session.present({});
//   const child = await client.createSession({ parent: session, content: { preferredHeight: 200 } });
//   await child.present({ stackBehavior: "replace" });   // a restored stack's root has `children`
//
// Tests: clients/js/tests (`SHEETD=... node --test clients/js/tests`, run by `swift test`).
// README: clients/js/README.md.
import { CLIENT_METHODS, SESSION_METHODS } from "./methods.js";

/** An error answer from sheetd: `code` is the JSON-RPC code. */
export class RPCError extends Error {
  constructor(code, message, data, method) {
    super(`${method ? method + ": " : ""}${message} (${code})`);
    this.name = "RPCError";
    this.code = code;
    this.data = data;
    this.method = method;
  }
}

/** No sheetd executable where the client looked (the message says where). */
export class DaemonNotFound extends Error {
  constructor(message) {
    super(message);
    this.name = "DaemonNotFound";
  }
}

/** Calls every handler in `set`; a throwing handler does not stop the others. */
function emit(set, value) {
  for (const handler of [...set]) {
    try { handler(value); } catch (e) { console.error(e); }
  }
}

function subscribe(set, handler) {
  set.add(handler);
  return () => set.delete(handler);
}

/** A session handle: wire session methods with `session` filled in; frames and events routed here. */
export class SheetSession {
  constructor(client, id) {
    this.client = client;
    this.id = id;
    this.frames = [];
    this.events = [];
    /** For the root of a restored stack: every sheet restored below it, in the snapshot's order. */
    this.children = [];
    this._frameHandlers = new Set();
    this._eventHandlers = new Set();
  }
  /** The last frame received, or undefined. */
  get frame() { return this.frames[this.frames.length - 1]; }
  onFrame(handler) { return subscribe(this._frameHandlers, handler); }
  onEvent(handler) { return subscribe(this._eventHandlers, handler); }
  _frame(frame) { this.frames.push(frame); emit(this._frameHandlers, frame); }
  _event(event) { this.events.push(event); emit(this._eventHandlers, event); }
}
for (const [name, wire] of Object.entries(SESSION_METHODS)) {
  SheetSession.prototype[name] = function (params = {}) {
    return this.client.request(wire, { session: this.id, ...params });
  };
}

/** A sheetd connection. */
export class SheetdClient {
  constructor(transport) {
    this.transport = transport;
    this.sessions = new Map();
    this.diagnostics = [];
    this._nextId = 1;
    this._pending = new Map();
    this._handlers = new Map();
    this._collectors = new Map();
    transport.onmessage = (event) => this._receive(typeof event.data === "string" ? event.data : String(event.data));
    transport.onclose = () => {
      for (const { reject } of this._pending.values()) reject(new Error("sheetd connection closed"));
      this._pending.clear();
    };
  }

  /**
   * Node: spawns sheetd as a child process and talks to it over its stdin and stdout (NDJSON).
   * The daemon is `path`, else `$SHEETD`, else the one bundled in the npm package, else
   * `sheetd` on PATH (rejects with DaemonNotFound saying where it looked); `args` are added to
   * its command line. `client.exited` resolves with its exit status.
   */
  static async spawn(path, args = []) {
    const { spawnStdio } = await import("./stdio.js");
    const transport = spawnStdio(path, args);
    const client = new SheetdClient(transport);
    client.exited = transport.exited;
    return client;
  }

  /** Opens a WebSocket to `url` (browsers; Node 22 or later); resolves with a client once it is open. */
  static connect(url) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.onopen = () => resolve(new SheetdClient(ws));
      ws.onerror = () => reject(new Error(`cannot connect to ${url}`));
    });
  }

  /**
   * sheetd in this page (or this Node process): the WebAssembly build of the daemon
   * (scripts/build-wasm.sh), no process and no socket, with the same API as `connect`.
   * `source`: where sheetd.wasm is (a URL or path) or its bytes; default `$SHEETD_WASM` (Node),
   * else `sheetd.wasm` beside this module, else (Node, in a checkout) `.build/wasm/sheetd.wasm`.
   * On the realtime clock the page ticks from `requestAnimationFrame`: frames come at the
   * display's rate and carry the frame's rAF timestamp (ms since `initialize`) as `t`, not the
   * daemon's fixed fps grid (without rAF, in Node, it ticks the daemon's grid with timers).
   * Plugins do not exist there: `plugins.load` answers -32011, `initialize` lists the built-ins.
   */
  static async wasm(source, options = {}) {
    const { SheetdEngine, defaultWasmSource } = await import("./sheetd-wasm.js");
    const engine = await SheetdEngine.load(source ?? await defaultWasmSource(), { ...options, framing: "ndjson" });
    const client = new SheetdClient(new WasmTransport(engine));
    client.engine = engine;
    return client;
  }

  /**
   * In-page transport only (`SheetdClient.wasm`): hands `text` — one or more protocol
   * messages, NDJSON (a final newline is added when missing) — straight to the engine and
   * returns the output lines it produced, for hosts that speak the protocol themselves. Those
   * lines are returned, not dispatched to this client's sessions or handlers; later frames of
   * the realtime clock are (`client.on("sheet.frame", ...)`).
   */
  sendRaw(text) {
    if (typeof this.transport.sendRaw !== "function") throw new Error("sendRaw: only the in-page transport (SheetdClient.wasm) takes raw protocol text");
    return this.transport.sendRaw(text);
  }

  /** Any method by wire name; resolves with its result, rejects with an RPCError. */
  request(method, params) {
    const id = this._nextId++;
    const message = { jsonrpc: "2.0", id, method };
    if (params !== undefined) message.params = params;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject, method });
      this._collectors.set(id, []);
      this.transport.send(JSON.stringify(message));
    });
  }

  /** Any notification by wire name. */
  notify(method, params) {
    const message = { jsonrpc: "2.0", method };
    if (params !== undefined) message.params = params;
    this.transport.send(JSON.stringify(message));
  }

  /** Calls `handler(params)` for each notification `method`; returns the unsubscribe function. */
  on(method, handler) {
    if (!this._handlers.has(method)) this._handlers.set(method, new Set());
    return subscribe(this._handlers.get(method), handler);
  }

  close() { this.transport.close?.(); }

  exit() { this.notify("exit"); }

  /** `clock.tick {t}` (host clock): resolves with the frames the tick produced. */
  async tick(t) {
    const id = this._nextId;
    const result = this.request("clock.tick", { t });
    const frames = this._collectors.get(id);
    await result;
    return frames;
  }

  /** `session.create`; `parent` may be a session handle or its id (a child takes its parent's container). */
  async createSession(params) {
    const parent = params?.parent;
    const wire = parent instanceof SheetSession ? { ...params, parent: parent.id } : params;
    const { session } = await this.request("session.create", wire);
    return this._adopt(session);
  }

  /** `session.restore`; a stack's root comes back with `children`, the restored sheets below it. */
  async restoreSession(state) {
    const { session, children = [] } = await this.request("session.restore", { state });
    const root = this._adopt(session);
    root.children = children.map((id) => this._adopt(id));
    return root;
  }

  _adopt(id) {
    const session = new SheetSession(this, id);
    this.sessions.set(id, session);
    return session;
  }

  _receive(text) {
    let message;
    try { message = JSON.parse(text); } catch { return; }
    if (Array.isArray(message)) return;
    if (message.method !== undefined && message.id === undefined) {
      const params = message.params ?? {};
      const session = this.sessions.get(params.session);
      if (message.method === "sheet.frame") {
        for (const frames of this._collectors.values()) frames.push(params);
        session?._frame(params);
      } else if (message.method === "sheet.event") {
        session?._event(params);
      } else if (message.method === "$/diagnostic") {
        this.diagnostics.push(params);
      }
      const handlers = this._handlers.get(message.method);
      if (handlers) emit(handlers, params);
      return;
    }
    const pending = this._pending.get(message.id);
    if (!pending) return;
    this._pending.delete(message.id);
    this._collectors.delete(message.id);
    if (message.error) {
      const e = message.error;
      pending.reject(new RPCError(e.code, e.message, e.data, pending.method));
    } else {
      pending.resolve(message.result);
    }
  }
}
/**
 * The in-page transport: a send(text)/onmessage object over a SheetdEngine. Output is
 * delivered asynchronously (a microtask later), as from a socket. While anything moves on the
 * realtime clock it ticks once per display frame (requestAnimationFrame, at the frame's
 * timestamp) or, without rAF, on the daemon's fps grid with timers.
 */
class WasmTransport {
  constructor(engine) {
    this.engine = engine;
    this.onmessage = null;
    this.onclose = null;
    this.closed = false;
    this._decoder = new TextDecoder();
    this._frame = null;
    this._timer = null;
  }

  _lines(bytes) {
    if (bytes.length === 0) return [];
    return this._decoder.decode(bytes).split("\n").filter((line) => line.length > 0);
  }

  _deliver(lines) {
    if (lines.length === 0) return;
    queueMicrotask(() => { for (const line of lines) this.onmessage?.({ data: line }); });
  }

  send(text) {
    if (this.closed) throw new Error("sheetd (wasm) has exited");
    this._deliver(this._lines(this.engine.feed(text + "\n")));
    this._schedule();
  }

  sendRaw(text) {
    if (this.closed) throw new Error("sheetd (wasm) has exited");
    const lines = this._lines(this.engine.feed(text.endsWith("\n") ? text : text + "\n"));
    this._schedule();
    return lines;
  }

  _schedule() {
    if (this.engine.exitCode !== undefined) return this.close();
    const deadline = this.engine.nextDeadline();
    if (deadline === undefined) return;  // the host clock, or nothing moves
    if (typeof requestAnimationFrame === "function") {
      if (this._frame !== null) return;
      this._frame = requestAnimationFrame((timestamp) => {
        this._frame = null;
        if (this.closed) return;
        this._deliver(this._lines(this.engine.displayFrame(timestamp)));
        this._schedule();
      });
    } else if (this._timer === null) {
      this._timer = setTimeout(() => {
        this._timer = null;
        if (this.closed) return;
        this._deliver(this._lines(this.engine.advance(this.engine.now())));
        this._schedule();
      }, Math.max(0, deadline - this.engine.now()));
    }
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    if (this._frame !== null && typeof cancelAnimationFrame === "function") cancelAnimationFrame(this._frame);
    if (this._timer !== null) clearTimeout(this._timer);
    queueMicrotask(() => this.onclose?.());
  }
}

for (const [name, wire] of Object.entries(CLIENT_METHODS)) {
  if (!(name in SheetdClient.prototype)) {
    SheetdClient.prototype[name] = function (params) { return this.request(wire, params); };
  }
}
