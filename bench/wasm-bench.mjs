#!/usr/bin/env node
// sheetd compiled to WebAssembly, measured in Node against the native daemon:
//
//   scripts/build-wasm.sh && scripts/build-release.sh
//   node bench/wasm-bench.mjs --sheetd .build/ship/bin/sheetd [--wasm .build/wasm/sheetd.wasm] [--rounds 5]
//
// - the module's size and its gzip size (gzip -9);
// - compile and instantiate time in Node: the process's first WebAssembly.compile, then the
//   medians of 21 fresh compiles and of 21 WebAssembly.instantiate + sheetd_init, and the first
//   `initialize` answer;
// - the bench's drag stream (sheetd-bench's: 500 sessions x 200 ticks, every session moves its
//   finger then one clock.tick draws 500 frames): CPU time per frame of the wasm engine fed the
//   whole stream in 64 KiB reads, as `sheetd serve` reads stdin (process.cpuUsage, in this
//   process), against `sheetd serve` stdin file -> stdout file (user + system of the child, from
//   bash's `time`); rounds alternate, the ratio is the median of the per-round ratios; both
//   outputs must be byte-identical.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { SheetdEngine } from "../clients/js/sheetd-wasm.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const wasmPath = opt("--wasm", join(root, ".build/wasm/sheetd.wasm"));
const sheetd = opt("--sheetd", join(root, ".build/ship/bin/sheetd"));
const rounds = Number(opt("--rounds", "5"));
const sessions = Number(opt("--sessions", "500"));
const ticks = Number(opt("--ticks", "200"));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** sheetd-bench's drag stream (Sources/sheetd-bench/BenchDragStream.swift), byte for byte. */
function dragStream(sessions, ticks) {
  const lines = [];
  let id = 1;
  lines.push('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"host"}}');
  for (let s = 1; s <= sessions; s++) {
    id += 1;
    lines.push(`{"jsonrpc":"2.0","id":${id},"method":"session.create","params":{"container":{"width":390,"height":844,"safeArea":{"top":47,"bottom":34}},"content":{"preferredHeight":300}}}`);
  }
  for (let s = 1; s <= sessions; s++) {
    id += 1;
    lines.push(`{"jsonrpc":"2.0","id":${id},"method":"sheet.present","params":{"session":"s${s}","t":0,"animated":false}}`);
  }
  for (let s = 1; s <= sessions; s++) {
    lines.push(`{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s${s}","t":0,"phase":"began","translation":{"x":0,"y":0}}}`);
  }
  const translation = (s, k) => {
    const v = (k * 37 + s * 11) % 2510;
    return v % 10 === 0 ? `${v / 10}` : `${Math.floor(v / 10)}.${v % 10}`;
  };
  for (let k = 1; k <= ticks; k++) {
    for (let s = 1; s <= sessions; s++) {
      lines.push(`{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s${s}","t":${16 * k},"phase":"changed","translation":{"x":0,"y":${translation(s, k)}}}}`);
    }
    id += 1;
    lines.push(`{"jsonrpc":"2.0","id":${id},"method":"clock.tick","params":{"t":${16 * k}}}`);
  }
  id += 1;
  lines.push(`{"jsonrpc":"2.0","id":${id},"method":"shutdown"}`);
  lines.push('{"jsonrpc":"2.0","method":"exit"}');
  return Buffer.from(lines.join("\n") + "\n");
}

const cpuMs = (u) => (u.user + u.system) / 1000;

const bytes = readFileSync(wasmPath);
console.log(`module: ${bytes.length} bytes (${(bytes.length / 1024).toFixed(1)} KiB), gzip -9 ${gzipSync(bytes, { level: 9 }).length} bytes (${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KiB)`);

// Compile and instantiate: the first compile of this process (no code cache), then medians.
let t0 = performance.now();
await WebAssembly.compile(bytes);
const firstCompile = performance.now() - t0;
const compiles = [], instantiates = [], firsts = [];
for (let i = 0; i < 21; i++) {
  t0 = performance.now();
  const module = await WebAssembly.compile(bytes);
  compiles.push(performance.now() - t0);
  t0 = performance.now();
  const engine = await SheetdEngine.load(module);
  instantiates.push(performance.now() - t0);
  t0 = performance.now();
  engine.feed('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"host"}}\n');
  firsts.push(performance.now() - t0);
}
console.log(`first compile: ${firstCompile.toFixed(2)} ms; compile: ${median(compiles).toFixed(2)} ms; instantiate + init: ${median(instantiates).toFixed(3)} ms; first initialize answer: ${median(firsts).toFixed(3)} ms (medians of 21)`);

// The drag stream.
const stream = dragStream(sessions, ticks);
const frames = sessions * ticks;
const dir = mkdtempSync(join(tmpdir(), "sheetd-wasm-bench-"));
const input = join(dir, "drag.ndjson"), output = join(dir, "out.ndjson");
writeFileSync(input, stream);
const module = await WebAssembly.compile(bytes);

async function wasmRound() {
  const engine = await SheetdEngine.load(module);
  const chunks = [];
  const before = process.cpuUsage();
  for (let i = 0; i < stream.length; i += 65536) {
    const out = engine.feed(stream.subarray(i, Math.min(stream.length, i + 65536)));
    if (out.length) chunks.push(out);
  }
  const out = engine.finish();
  if (out.length) chunks.push(out);
  const ms = cpuMs(process.cpuUsage(before));
  return { ms, output: Buffer.concat(chunks) };
}

function nativeRound() {
  const text = execFileSync("/bin/bash", ["-c", `TIMEFORMAT='%3U %3S'; { time "$0" serve < "$1" > "$2"; } 2>&1`, sheetd, input, output], { encoding: "utf8" });
  const [user, sys] = text.trim().split(/\s+/).slice(-2).map(Number);
  return { ms: (user + sys) * 1000, output: readFileSync(output) };
}

const ratios = [], wasmMs = [], nativeMs = [];
let identical = true;
for (let r = 0; r < rounds; r++) {
  const n = nativeRound();
  const w = await wasmRound();
  identical &&= Buffer.compare(n.output, w.output) === 0;
  nativeMs.push(n.ms);
  wasmMs.push(w.ms);
  ratios.push(w.ms / n.ms);
}
rmSync(dir, { recursive: true, force: true });
const us = (ms) => ((ms * 1000) / frames).toFixed(2);
console.log(`drag stream ${sessions}x${ticks} (${stream.length} bytes in, ${frames} frames):`);
console.log(`  sheetd serve (native, ${sheetd}): ${us(median(nativeMs))} µs/frame CPU`);
console.log(`  sheetd.wasm in Node ${process.version}: ${us(median(wasmMs))} µs/frame CPU`);
console.log(`  wasm / native: ${median(ratios).toFixed(2)} x (median of ${rounds} rounds)`);
console.log(`  outputs byte-identical: ${identical ? "yes" : "NO"}`);
process.exit(identical ? 0 : 1);
