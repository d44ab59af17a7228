// sheetd's Node transport: the daemon as a child process, one JSON-RPC message per line each
// way (NDJSON over its stdin and stdout; its stderr is inherited). `SheetdClient.spawn()` in
// sheetd.js loads this module on demand, so browsers never import it.
//
// The daemon is found in the order every sheetd client uses: an explicit path, `$SHEETD`,
// the daemon bundled in this package (`daemon/bin/sheetd`, which the npm tarball carries
// with its plugins in `daemon/lib/sheetd/plugins`), `sheetd` on PATH.
import { spawn } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { DaemonNotFound } from "./sheetd.js";

/** Where the npm package carries the daemon. */
export const BUNDLED = fileURLToPath(new URL("./daemon/bin/sheetd", import.meta.url));

function isExecutable(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The sheetd executable to spawn; throws DaemonNotFound saying where it looked. */
export function findDaemon(path) {
  if (path) {
    if (isExecutable(path)) return path;
    throw new DaemonNotFound(`sheetd path '${path}' is not an executable file`);
  }
  const env = process.env.SHEETD;
  if (env) {
    if (isExecutable(env)) return env;
    throw new DaemonNotFound(`$SHEETD='${env}' is not an executable file`);
  }
  if (isExecutable(BUNDLED)) return BUNDLED;
  const searched = process.env.PATH ?? "";
  for (const dir of searched.split(delimiter)) {
    if (dir && isExecutable(join(dir, "sheetd"))) return join(dir, "sheetd");
  }
  throw new DaemonNotFound(
    "sheetd not found. Looked for: an explicit path (none given), $SHEETD (not set), " +
    `the daemon bundled in this package (${BUNDLED}: not there, only the npm tarball carries one), ` +
    `sheetd on PATH (${searched}). Pass its path, set $SHEETD, install the sheetd npm package, or put sheetd on PATH.`);
}

/**
 * Spawns the daemon (`findDaemon(path)`) with `--framing ndjson` and `args`; returns a
 * transport for `new SheetdClient(transport)`: `send(text)`, `close()` (ends its input),
 * `onmessage`/`onclose`, `executable`, and `exited`, a promise of its exit status.
 */
export function spawnStdio(path, args = []) {
  const executable = findDaemon(path);
  const child = spawn(executable, ["--framing", "ndjson", ...args], { stdio: ["pipe", "pipe", "inherit"] });
  const transport = {
    onmessage: null,
    onclose: null,
    executable,
    send(text) { child.stdin.write(text + "\n"); },
    close() { child.stdin.end(); },
  };
  child.stdin.on("error", () => {});  // a daemon that exited: its answerless requests reject on close
  createInterface({ input: child.stdout }).on("line", (line) => transport.onmessage?.({ data: line }));
  transport.exited = new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => { transport.onclose?.(); resolve(code); });
  });
  return transport;
}
