// The in-page transport (`SheetdClient.wasm`): the daemon compiled to WebAssembly
// ($SHEETD_WASM, built by scripts/build-wasm.sh) answers the same API with the same frames as
// the spawned daemon ($SHEETD). Skipped when $SHEETD_WASM is not set (JSClientTests sets it
// when the wasm tools are installed).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { SheetdClient, RPCError } from "../sheetd.js";

const WASM = process.env.SHEETD_WASM;
const skip = !WASM || !existsSync(WASM) ? "SHEETD_WASM is not a built sheetd.wasm" : false;
const IPHONE = { width: 390, height: 844, safeArea: { top: 47, bottom: 34 } };

/** A drag and release on the host clock; returns every frame and event the session saw. */
async function dragAndRelease(client) {
  await client.initialize({ clock: "host" });
  const session = await client.createSession({
    container: IPHONE, content: { preferredHeight: 600 }, detents: ["medium", "large"],
  });
  await session.present({ t: 0 });
  for (let t = 16; t <= 400; t += 16) await client.tick(t);
  const phases = [["began", 0], ["changed", -40], ["changed", -120], ["changed", -200], ["ended", -260]];
  let t = 416;
  for (const [phase, y] of phases) {
    await session.pan({ t, phase, translation: { x: 0, y }, ...(phase === "ended" ? { velocity: { x: 0, y: -900 } } : {}) });
    t += 16;
    await client.tick(t);
  }
  for (; t <= 1400; t += 16) await client.tick(t);
  return { frames: session.frames, events: session.events };
}

test("the wasm client gives the daemon's frames for the same gesture", { skip }, async (t) => {
  const daemon = await SheetdClient.spawn();
  t.after(() => daemon.close());
  const expected = await dragAndRelease(daemon);
  const wasm = await SheetdClient.wasm(WASM);
  const got = await dragAndRelease(wasm);
  assert.ok(expected.frames.length > 40);
  assert.deepEqual(got.frames, expected.frames);
  assert.deepEqual(got.events, expected.events);
  assert.equal(got.frames.at(-1).detent, "large");
});

test("plugins do not exist in the browser: plugins.load answers -32011", { skip }, async () => {
  const client = await SheetdClient.wasm(WASM);
  const init = await client.initialize({});
  assert.deepEqual(init.policies, { dismissal: ["deceleration", "projection"], scrollHandoff: ["edge"], navigation: ["slide", "cover"], detentResolver: [] });
  await assert.rejects(client.request("plugins.load", { path: "/usr/lib/sheetd/plugins/libsheetd-material.so" }),
    (e) => e instanceof RPCError && e.code === -32011 && /do not exist in the browser/.test(e.message));
  assert.deepEqual(await client.request("plugins.list"), []);
});

test("sendRaw hands protocol text to the engine and returns its output lines", { skip }, async () => {
  const client = await SheetdClient.wasm(WASM);
  const lines = client.sendRaw('{"jsonrpc":"2.0","id":"a","method":"initialize","params":{"clock":"host"}}\n{"jsonrpc":"2.0","id":"b","method":"session.list"}');
  assert.equal(lines.length, 2);
  assert.equal(JSON.parse(lines[0]).result.clock, "host");
  assert.deepEqual(JSON.parse(lines[1]), { jsonrpc: "2.0", id: "b", result: [] });
  assert.deepEqual(client.sendRaw("{"), ['{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: line 1, column 2: string or \'}\' expected near end of file"}}']);
});

test("realtime clock without requestAnimationFrame (Node): the daemon's grid", { skip }, async () => {
  const client = await SheetdClient.wasm(WASM);
  const init = await client.initialize({ clock: "realtime", fps: 60 });
  assert.equal(init.clock, "realtime");
  const session = await client.createSession({ container: IPHONE, content: { preferredHeight: 300 } });
  const settled = new Promise((resolve) => session.onEvent((e) => { if (e.type === "presented") resolve(e); }));
  await session.present({});
  await settled;
  assert.ok(session.frames.length > 5);
  for (const f of session.frames) assert.ok(Math.abs(f.t / (1000 / 60) - Math.round(f.t / (1000 / 60))) < 1e-6, `t ${f.t} on the grid`);
  client.close();
});
