// The harness verbs: client.runUntilRest() and session.currentFrame().
import { test } from "node:test";
import assert from "node:assert/strict";
import { SheetdClient } from "../sheetd.js";

test("runUntilRest ticks a presentation to rest; currentFrame consumes no seq", async (t) => {
  const client = await SheetdClient.spawn();
  t.after(() => client.close());
  await client.initialize({ clock: "host" });
  const session = await client.createSession({
    container: { width: 390, height: 844, safeArea: { top: 47, bottom: 34 } }, content: { preferredHeight: 300 } });
  assert.equal((await session.currentFrame()).seq, 0);
  await session.present({ t: 0 });
  assert.deepEqual(await client.runUntilRest({ fps: 30, maxMs: 100 }), { t: 100, ticks: 3, frames: 3, rested: false });
  assert.deepEqual(session.frames.map((f) => f.t), [100 / 3, 200 / 3, 100]);
  const now = await session.currentFrame();
  assert.deepEqual([now.seq, now.t, now.sheet.y], [3, 100, session.frame.sheet.y]);
  assert.deepEqual(await client.runUntilRest(), { t: 300, ticks: 12, frames: 12, rested: true });
  assert.equal(session.frame.seq, 15);
  assert.equal(session.frame.sheet.y, 510);
  await client.shutdown();
  client.exit();
  assert.equal(await client.exited, 0);
});

test("reduced motion: the sheet fades in place and frames carry opacity", async (t) => {
  const client = await SheetdClient.spawn();
  t.after(() => client.close());
  assert.equal((await client.initialize({ clock: "host", reduceMotion: true })).reduceMotion, true);
  const container = { width: 390, height: 844, safeArea: { top: 47, bottom: 34 } };
  const session = await client.createSession({ container, content: { preferredHeight: 300 } });
  const plain = await client.createSession({ container, content: { preferredHeight: 300 }, options: { reduceMotion: false } });
  await session.present({ t: 0 });
  await plain.present({ t: 0 });
  const frames = await client.tick(150);
  assert.deepEqual(frames.map((f) => [f.session, f.sheet.y, f.opacity]), [["s1", 510, 0.5], ["s2", 677, undefined]]);
  assert.equal(frames[0].dimming.alpha, 0.3);
  await client.runUntilRest();
  assert.equal(session.frame.opacity, 1);
  await client.shutdown();
  client.exit();
  assert.equal(await client.exited, 0);
});
