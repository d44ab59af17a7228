// options.gesture through the JS client against the real daemon ($SHEETD): input.pan's
// `gesture` answer and the `panDeclined` event with its reason.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SheetdClient } from "../sheetd.js";

const IPHONE = { width: 390, height: 844, safeArea: { top: 47, bottom: 34 } };

test("a sideways pan is declined and answered so", async (t) => {
  const client = await SheetdClient.spawn();
  t.after(() => client.close());  // a failed test must not leave the daemon (and node) running
  await client.initialize({ clock: "host" });
  const session = await client.createSession({
    container: IPHONE, content: { preferredHeight: 300 }, options: { gesture: { slop: 10, directionLock: true } },
  });
  await session.present({ t: 0, animated: false });
  assert.deepEqual(await session.pan({ t: 16, phase: "began", translation: { x: 0, y: 0 } }),
    { state: "presented", gesture: "pending" });
  assert.deepEqual(await session.pan({ t: 32, phase: "changed", translation: { x: 24, y: 5 } }),
    { state: "presented", gesture: "declined" });
  const declined = session.events.filter((e) => e.type === "panDeclined");
  assert.deepEqual(declined.map((e) => [e.t, e.reason]), [[32, "direction"]]);
  await client.shutdown();
  client.exit();
  assert.equal(await client.exited, 0);
});
