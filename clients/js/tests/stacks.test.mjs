// The JS client against the real daemon ($SHEETD) spawned by SheetdClient.spawn() (NDJSON over
// its pipes), run by `node --test clients/js/tests` (Tests/SheetdTests/JSClientTests.swift does
// it in `swift test`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { SheetdClient, RPCError } from "../sheetd.js";

const IPHONE = { width: 390, height: 844, safeArea: { top: 47, bottom: 34 } };

/** A daemon for test `t`; ended (its input closed) when the test ends, passed or failed. */
async function start(t) {
  const client = await SheetdClient.spawn();
  t.after(() => client.close());  // a failed test must not leave the daemon (and node) running
  await client.initialize({ clock: "host" });
  return { client };
}

async function stop({ client }) {
  await client.shutdown();
  client.exit();
  assert.equal(await client.exited, 0);
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

test("a child created over a handle pushes its parent back", async (t) => {
  const daemon = await start(t);
  const { client } = daemon;
  const { root, child } = await presentedStack(client);
  assert.equal(child.id, "s2");
  assert.deepEqual(await child.present({ t: 400, stackBehavior: "push" }), { state: "presenting" });
  await ticks(client, 400, 800);
  assert.deepEqual(child.events.map((e) => e.type), ["willSettle", "presented"]);
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

test("stackBehavior replace dismisses the parent first", async (t) => {
  const daemon = await start(t);
  const { client } = daemon;
  const { root, child } = await presentedStack(client);
  assert.deepEqual(await child.present({ t: 400, stackBehavior: "replace" }), { state: "dismissed" });
  await ticks(client, 400, 1200);
  assert.deepEqual(root.events.map((e) => e.type), ["willSettle", "presented", "willSettle", "dismissed"]);
  assert.deepEqual(child.events.map((e) => e.type), ["willSettle", "presented"]);
  await stop(daemon);
});

test("a restored stack hands back its children, routed", async (t) => {
  const daemon = await start(t);
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
