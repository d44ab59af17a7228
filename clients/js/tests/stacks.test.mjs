// The JS client against the real daemon ($SHEETD) over a child process's pipes (NDJSON), run
// by `node --test clients/js/tests` (Tests/SheetdTests/JSClientTests.swift does it in `swift test`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { SheetdClient, RPCError } from "../sheetd.js";

const IPHONE = { width: 390, height: 844, safeArea: { top: 47, bottom: 34 } };

/** A Transport over a spawned sheetd: one JSON-RPC message per line each way. */
function spawnDaemon() {
  const child = spawn(process.env.SHEETD ?? "sheetd", ["--framing", "ndjson"], { stdio: ["pipe", "pipe", "inherit"] });
  const transport = {
    onmessage: null,
    onclose: null,
    send(text) { child.stdin.write(text + "\n"); },
    close() { child.stdin.end(); },
  };
  createInterface({ input: child.stdout }).on("line", (line) => transport.onmessage?.({ data: line }));
  transport.exited = new Promise((resolve) => child.on("exit", (code) => { transport.onclose?.(); resolve(code); }));
  return transport;
}

async function start() {
  const transport = spawnDaemon();
  const client = new SheetdClient(transport);
  await client.initialize({ clock: "host" });
  return { client, transport };
}

async function stop({ client, transport }) {
  await client.shutdown();
  client.exit();
  assert.equal(await transport.exited, 0);
}

async function ticks(client, from, to, step = 16) {
  const frames = [];
  for (let t = from; t <= to; t += step) frames.push(...(await client.tick(t)));
  return frames;
}

/** A presented root (receding background) and a child created over its handle. */
async function presentedStack(client) {
  const root = await client.createSession({ container: IPHONE, content: { preferredHeight: 300 }, options: { recedeBackground: true } });
  await root.present({ t: 0 });
  await ticks(client, 0, 320);
  const child = await client.createSession({ parent: root, content: { preferredHeight: 200 } });
  return { root, child };
}

test("a child created over a handle pushes its parent back", async () => {
  const daemon = await start();
  const { client } = daemon;
  const { root, child } = await presentedStack(client);
  assert.equal(child.id, "s2");
  assert.deepEqual(await child.present({ t: 400, stackBehavior: "push" }), { state: "presenting" });
  await ticks(client, 400, 800);
  assert.deepEqual(child.events.map((e) => e.type), ["presented"]);
  assert.equal(root.frame.transform.translateY, -16);
  assert.ok(Math.abs(root.frame.transform.scale - (1 - 16 / 390)) < 1e-3);
  assert.ok(root.frame.background);
  assert.equal(child.frame.background, undefined);
  const byId = await client.createSession({ parent: child.id, content: { preferredHeight: 100 } });
  assert.equal(byId.id, "s3");
  await assert.rejects(client.createSession({ parent: root, container: IPHONE, content: { preferredHeight: 100 } }),
    (e) => e instanceof RPCError && e.code === -32602);
  await stop(daemon);
});

test("stackBehavior replace dismisses the parent first", async () => {
  const daemon = await start();
  const { client } = daemon;
  const { root, child } = await presentedStack(client);
  assert.deepEqual(await child.present({ t: 400, stackBehavior: "replace" }), { state: "dismissed" });
  await ticks(client, 400, 1200);
  assert.deepEqual(root.events.map((e) => e.type), ["presented", "dismissed"]);
  assert.deepEqual(child.events.map((e) => e.type), ["presented"]);
  await stop(daemon);
});

test("a restored stack hands back its children, routed", async () => {
  const daemon = await start();
  const { client } = daemon;
  const { root, child } = await presentedStack(client);
  await child.present({ t: 400 });
  await ticks(client, 400, 480);
  const restored = await client.restoreSession(await root.snapshot());
  assert.equal(restored.id, "s3");
  assert.deepEqual(restored.children.map((c) => c.id), ["s4"]);
  const copy = restored.children[0];
  assert.equal(client.sessions.get("s4"), copy);
  await ticks(client, 496, 800);
  assert.ok(copy.frames.length > 0);
  assert.deepEqual(copy.frames.map((f) => f.sheet), child.frames.slice(-copy.frames.length).map((f) => f.sheet));
  assert.deepEqual(copy.events.map((e) => e.type), ["presented"]);
  const lone = await client.createSession({ container: IPHONE, content: { preferredHeight: 300 } });
  assert.deepEqual((await client.restoreSession(await lone.snapshot())).children, []);
  await stop(daemon);
});
