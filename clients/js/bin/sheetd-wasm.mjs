#!/usr/bin/env node
// sheetd compiled to WebAssembly, as a command: reads a host stream on stdin and writes the
// output on stdout the way `sheetd serve` does (NDJSON or LSP framing, auto-detected; the host
// clock by default). Any conformance runner can use it in place of the daemon:
//
//   scripts/build-wasm.sh
//   node clients/js/bin/sheetd-wasm.mjs < protocol/conformance/01-present-dismiss.ndjson
//
// Options:
//   --wasm PATH          the module (default: $SHEETD_WASM, else .build/wasm/sheetd.wasm of this checkout)
//   --framing MODE       auto (default), ndjson or lsp, as the daemon's --framing
//   --realtime           serve the realtime clock too: tick on the daemon's fps grid with timers
//                        while anything moves (a host still picks the clock in `initialize`)
// Exit status: the code of `exit` (0 after shutdown, else 1), 0 at the end of input.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SheetdEngine } from "../sheetd-wasm.js";

const args = process.argv.slice(2);
let wasmPath = process.env.SHEETD_WASM || resolve(dirname(fileURLToPath(import.meta.url)), "../../../.build/wasm/sheetd.wasm");
let framing = "auto";
let realtime = false;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--wasm") wasmPath = args[++i];
  else if (a === "--framing") framing = args[++i];
  else if (a === "--realtime") realtime = true;
  else if (a === "-h" || a === "--help") {
    process.stdout.write("usage: sheetd-wasm.mjs [--wasm PATH] [--framing auto|lsp|ndjson] [--realtime] < input\n");
    process.exit(0);
  } else {
    process.stderr.write(`sheetd-wasm: unknown argument '${a}'\n`);
    process.exit(2);
  }
}
if (!["auto", "ndjson", "lsp"].includes(framing)) {
  process.stderr.write(`sheetd-wasm: invalid --framing '${framing}': expected auto, lsp or ndjson\n`);
  process.exit(2);
}

let bytes;
try {
  bytes = readFileSync(wasmPath);
} catch (e) {
  process.stderr.write(`sheetd-wasm: cannot read ${wasmPath} (build it with scripts/build-wasm.sh): ${e.message}\n`);
  process.exit(2);
}
const engine = await SheetdEngine.load(bytes, { framing });

let timer;
const pending = [];
let writing = false;
function write(out) {
  if (out.length === 0) return;
  pending.push(out);
  if (!writing) flush();
}
function flush() {
  const chunk = pending.shift();
  if (!chunk) { writing = false; return; }
  writing = true;
  if (process.stdout.write(chunk)) flush();
  else process.stdout.once("drain", flush);
}
function done(code) {
  clearTimeout(timer);
  process.stdin.pause();
  const end = () => process.exit(code);
  if (pending.length || writing) {
    const wait = () => (pending.length || writing ? setImmediate(wait) : process.stdout.write("", end));
    wait();
  } else process.stdout.write("", end);
}
function schedule() {
  if (!realtime) return;
  clearTimeout(timer);
  const deadline = engine.nextDeadline();
  if (deadline === undefined) return;
  timer = setTimeout(() => {
    write(engine.advance(performance.now()));
    if (engine.exitCode !== undefined) return done(engine.exitCode);
    schedule();
  }, Math.max(0, deadline - performance.now()));
}

process.stdin.on("data", (chunk) => {
  write(engine.feed(chunk));
  if (engine.exitCode !== undefined) return done(engine.exitCode);
  schedule();
});
process.stdin.on("end", () => {
  write(engine.finish());
  done(engine.exitCode ?? 0);
});
process.stdout.on("error", () => process.exit(1));
