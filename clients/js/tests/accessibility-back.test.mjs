// Accessibility actions and (predictive) back through the JS client against the real daemon
// ($SHEETD): frames' `accessibility.actions` and `back`, the refusals.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SheetdClient } from "../sheetd.js";

const IPHONE = { width: 390, height: 844, safeArea: { top: 47, bottom: 34 } };

test("frames list the accessibility actions; an action not available is refused", async (t) => {
  const client = await SheetdClient.spawn();
  t.after(() => client.close());
  await client.initialize({ clock: "host" });
  const session = await client.createSession({ container: IPHONE, detents: ["medium", "large"] });
  await session.present({ t: 0, animated: false });
  await client.tick(0);
  assert.deepEqual(session.frame.accessibility, { actions: ["expand", "dismiss"] });
  assert.deepEqual(await session.accessibilityAction({ t: 16, action: "expand" }), { state: "settling" });
  await client.tick(32);
  assert.deepEqual(session.frame.accessibility.actions, ["collapse", "dismiss"]);
  await assert.rejects(session.accessibilityAction({ t: 48, action: "expand" }),
    (e) => e.code === -32010 && e.message.includes("available: collapse, dismiss, escape"));
  await assert.rejects(session.accessibilityAction({ t: 48, action: "shrink" }), (e) => e.code === -32602);
  await client.shutdown();
  client.exit();
  assert.equal(await client.exited, 0);
});

test("a predictive back gesture scales the sheet; invoked dismisses it", async (t) => {
  const client = await SheetdClient.spawn();
  t.after(() => client.close());
  await client.initialize({ clock: "host" });
  const session = await client.createSession({ container: IPHONE, content: { preferredHeight: 300 } });
  await session.present({ t: 0, animated: false });
  await client.tick(0);
  await assert.rejects(session.back({ t: 16, phase: "began" }), (e) => e.code === -32602);
  await session.back({ t: 16, phase: "began", progress: 0.5, swipeEdge: "left" });
  await client.tick(16);
  assert.deepEqual(session.frame.back, { scaleX: 0.8899, scaleY: 0.9357 });  // 1 - p·48/390, 1 - p·24/334
  assert.deepEqual(await session.back({ t: 32, phase: "invoked" }), { state: "dismissing" });
  for (let t = 32; t <= 400; t += 16) await client.tick(t);
  assert.equal(session.frame.state, "dismissed");
  assert.equal(session.frame.back, undefined);
  await client.shutdown();
  client.exit();
  assert.equal(await client.exited, 0);
});
