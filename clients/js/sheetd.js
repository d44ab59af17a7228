// sheetd for JavaScript: a small ES module JSON-RPC client. Transports: a child daemon over
// stdio (`SheetdClient.spawn()`, Node), a WebSocket (`SheetdClient.connect(url)`: browsers, and
// Node 22 or later, which has a global WebSocket), or any object with send(text) and onmessage.
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
for (const [name, wire] of Object.entries(CLIENT_METHODS)) {
  if (!(name in SheetdClient.prototype)) {
    SheetdClient.prototype[name] = function (params) { return this.request(wire, params); };
  }
}
