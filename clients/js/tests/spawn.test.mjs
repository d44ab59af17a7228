// SheetdClient.spawn(): the Node stdio transport, and where it looks for the daemon.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SheetdClient, DaemonNotFound } from "../sheetd.js";
import { BUNDLED, findDaemon } from "../stdio.js";

const real = process.env.SHEETD;

/** Runs `body` (awaited) with the environment changed, then puts it back. */
async function withEnv(changes, body) {
  const saved = {};
  for (const [k, v] of Object.entries(changes)) {
    saved[k] = process.env[k];
    if (v === undefined) delete process.env[k]; else process.env[k] = v;
  }
  try { return await body(); } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]; else process.env[k] = v;
    }
  }
}

test("spawn() talks to the daemon over stdio and the frames arrive", async (t) => {
  const client = await SheetdClient.spawn();
  t.after(() => client.close());  // a failed test must not leave the daemon (and node) running
  const hello = await client.initialize({ clock: "host" });
  assert.equal(hello.serverInfo.name, "sheetd");
  const session = await client.createSession({ container: { width: 390, height: 844 }, content: { preferredHeight: 300 } });
  await session.present({ t: 0 });
  const frames = await client.tick(150);
  assert.deepEqual(frames.map((f) => f.sheet.y), [694]);
  await client.shutdown();
  client.exit();
  assert.equal(await client.exited, 0);
});

test("spawn(path, args) runs that daemon with those arguments", async () => {
  const client = await withEnv({ SHEETD: undefined }, () => SheetdClient.spawn(real, ["--no-default-plugins"]));
  await client.initialize({});
  assert.deepEqual(await client.listPlugins(), []);
  client.close();
  assert.equal(await client.exited, 0);
});

test("the daemon is looked for at the path, then $SHEETD, then in the package, then on PATH", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sheetd-js-"));
  symlinkSync(real, join(dir, "sheetd"));
  assert.equal(findDaemon(real), real);
  await withEnv({ SHEETD: real }, () => assert.equal(findDaemon(), real));
  await withEnv({ SHEETD: undefined, PATH: dir }, () => assert.equal(findDaemon(), join(dir, "sheetd")));
  assert.throws(() => findDaemon(join(dir, "missing")), DaemonNotFound);
  await withEnv({ SHEETD: undefined, PATH: join(dir, "nowhere") }, () => {
    assert.throws(() => findDaemon(), (e) => e instanceof DaemonNotFound
      && e.message.includes("$SHEETD") && e.message.includes(BUNDLED) && e.message.includes(join(dir, "nowhere")));
  });
});

test("spawn() rejects with DaemonNotFound when there is none", async () => {
  await withEnv({ SHEETD: undefined, PATH: "/nonexistent" }, () =>
    assert.rejects(SheetdClient.spawn(), DaemonNotFound));
});

test("a detent {id, resolver: \"golden\"} takes the maximum detent value ÷ φ", async (t) => {
  const client = await SheetdClient.spawn();
  t.after(() => client.close());
  await client.initialize({ clock: "host" });
  const session = await client.createSession({
    container: { width: 390, height: 844, safeArea: { top: 47, bottom: 34 } }, content: { preferredHeight: 300 },
    detents: ["fit", { id: "golden", resolver: "golden" }], selectedDetent: "golden" });
  await session.present({ t: 0, animated: false });
  const [frame] = await client.tick(0);
  assert.deepEqual([frame.sheet.height, frame.sheet.y, frame.detent], [492.573, 351.427, "golden"]);
  const plugins = await client.listPlugins();
  assert.equal(plugins.find((p) => p.name === "golden").kind, "detentResolver");
  await assert.rejects(client.createSession({ container: { width: 390, height: 844 }, detents: [{ id: "x", resolver: "spiral" }] }),
                       (e) => e.code === -32602 && e.message.includes('unknown detentResolver policy "spiral"'));
  await client.shutdown();
  client.exit();
  assert.equal(await client.exited, 0);
});
