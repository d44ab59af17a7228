// sheetd compiled to WebAssembly (scripts/build-wasm.sh writes .build/wasm/sheetd.wasm): the
// daemon's bytes-in, bytes-out core — the engine, the wire module, message handling and the
// frame writer, from the same Swift sources as the native daemon — in any JavaScript runtime
// with WebAssembly (browsers, Node). No process, no socket: `feed(bytes)` returns the framed
// output those bytes produced, exactly what `sheetd serve` would write on stdout.
//
//   import { SheetdEngine } from "./sheetd-wasm.js";
//   const engine = await SheetdEngine.load(bytesOrUrl);   // an ArrayBuffer/Uint8Array, a URL, or a Response
//   const out = engine.feed(new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"initialize"}\n'));
//
// What the module does not have: plugins (`plugins.load` answers -32011, `plugins.list` is
// empty, `initialize` lists the built-in policies only).

/** The imports the module's C library asks for: stderr (a Swift runtime trap message) and random bytes (hash seeds). */
function wasiImports(getMemory) {
  const decoder = new TextDecoder();
  let stderrLine = "";
  return {
    wasi_snapshot_preview1: {
      fd_write(fd, iovs, iovsLen, nwritten) {
        const view = new DataView(getMemory().buffer);
        let total = 0;
        for (let i = 0; i < iovsLen; i++) {
          const ptr = view.getUint32(iovs + i * 8, true);
          const len = view.getUint32(iovs + i * 8 + 4, true);
          stderrLine += decoder.decode(new Uint8Array(getMemory().buffer, ptr, len));
          total += len;
        }
        const lines = stderrLine.split("\n");
        stderrLine = lines.pop();
        for (const line of lines) console.error(`sheetd.wasm: ${line}`);
        view.setUint32(nwritten, total, true);
        return 0;
      },
      fd_close() { return 0; },
      fd_seek() { return 70; },  // ESPIPE
      random_get(ptr, len) {
        const bytes = new Uint8Array(getMemory().buffer, ptr, len);
        if (globalThis.crypto?.getRandomValues) {
          for (let i = 0; i < len; i += 65536) globalThis.crypto.getRandomValues(bytes.subarray(i, Math.min(len, i + 65536)));
        } else {
          for (let i = 0; i < len; i++) bytes[i] = (Math.random() * 256) | 0;
        }
        return 0;
      },
    },
  };
}

const FRAMING = { auto: 0, ndjson: 1, lsp: 2 };

const isNode = typeof process !== "undefined" && !!process.versions?.node && typeof window === "undefined";

/**
 * Where the module is by default: `$SHEETD_WASM` (Node), else `sheetd.wasm` beside this file,
 * else (Node, in a checkout of the repository) `.build/wasm/sheetd.wasm`.
 */
export async function defaultWasmSource() {
  const beside = new URL("./sheetd.wasm", import.meta.url);
  if (!isNode) return beside;
  if (process.env.SHEETD_WASM) return process.env.SHEETD_WASM;
  const { existsSync } = await import("node:fs");
  const { fileURLToPath } = await import("node:url");
  if (existsSync(fileURLToPath(beside))) return beside;
  return new URL("../../.build/wasm/sheetd.wasm", import.meta.url);
}

/** Node: a path or a file: URL is read from disk (fetch cannot). */
async function readLocal(source) {
  if (!isNode) return undefined;
  const isFileURL = source instanceof URL ? source.protocol === "file:" : /^file:/i.test(source);
  const isPath = typeof source === "string" && !/^[a-z][a-z0-9+.-]*:/i.test(source);
  if (!isFileURL && !isPath) return undefined;
  const { readFile } = await import("node:fs/promises");
  return readFile(source instanceof URL || isFileURL ? new URL(source) : source);
}

/** One sheetd, in this JavaScript thread. */
export class SheetdEngine {
  /**
   * Compiles and instantiates the module. `source`: the module's bytes (ArrayBuffer,
   * Uint8Array), a compiled WebAssembly.Module, a Response, or a URL (fetched).
   * `options.framing`: "auto" (default, as `sheetd serve`), "ndjson" or "lsp".
   */
  static async load(source, options = {}) {
    let module;
    if (source instanceof WebAssembly.Module) module = source;
    else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) module = await WebAssembly.compile(source);
    else {
      const local = typeof Response !== "undefined" && source instanceof Response ? undefined : await readLocal(source);
      if (local !== undefined) module = await WebAssembly.compile(local);
    }
    if (!module) {
      const response = typeof Response !== "undefined" && source instanceof Response ? source : await fetch(source);
      if (!response.ok) throw new Error(`sheetd.wasm: ${response.status} ${response.statusText} (${response.url})`);
      module = WebAssembly.compileStreaming && (response.headers.get("content-type") || "").startsWith("application/wasm")
        ? await WebAssembly.compileStreaming(response)
        : await WebAssembly.compile(await response.arrayBuffer());
    }
    let instance;
    instance = await WebAssembly.instantiate(module, wasiImports(() => instance.exports.memory));
    return new SheetdEngine(instance, options);
  }

  constructor(instance, options = {}) {
    this.exports = instance.exports;
    this.now = options.now ?? (() => (globalThis.performance ? performance.now() : Date.now()));
    this.exports.sheetd_set_now(this.now());
    this.exports.sheetd_init(FRAMING[options.framing ?? "auto"] ?? 0);
  }

  /** Copies out (and forgets) the output produced so far. */
  _take(length) {
    if (length === 0) return new Uint8Array(0);
    const out = new Uint8Array(this.exports.memory.buffer, this.exports.sheetd_output(), length).slice();
    this.exports.sheetd_output_clear();
    return out;
  }

  /** Feeds input bytes (any cut of the stream); returns the output bytes they produced. */
  feed(bytes) {
    if (typeof bytes === "string") bytes = new TextEncoder().encode(bytes);
    this.exports.sheetd_set_now(this.now());
    const ptr = this.exports.sheetd_input(bytes.length);
    new Uint8Array(this.exports.memory.buffer, ptr, bytes.length).set(bytes);
    return this._take(this.exports.sheetd_feed(bytes.length));
  }

  /** End of input: a message cut short is answered as the daemon answers it at EOF. */
  finish() { return this._take(this.exports.sheetd_finish()); }

  /** Realtime clock: when (ms on `now`'s clock) the daemon's next fps-grid tick is due; undefined when nothing moves. */
  nextDeadline() {
    const d = this.exports.sheetd_next_deadline();
    return d < 0 ? undefined : d;
  }

  /** Realtime clock, the daemon's way: the grid tick due at `now` (ms). Returns the output. */
  advance(now = this.now()) { return this._take(this.exports.sheetd_advance(now)); }

  /** Realtime clock, the display's way: a tick at exactly `now` (a requestAnimationFrame timestamp). */
  displayFrame(now) { return this._take(this.exports.sheetd_display_frame(now)); }

  /** undefined while running; the exit code once `exit` was received (0 after `shutdown`, else 1). */
  get exitCode() {
    const c = this.exports.sheetd_exit_code();
    return c < 0 ? undefined : c;
  }
}
