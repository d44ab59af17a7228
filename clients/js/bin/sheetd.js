#!/usr/bin/env node
// `sheetd` from the npm package (its `bin`): runs the daemon the client finds — $SHEETD, else
// the one bundled in the package, else sheetd on PATH — with the same arguments and exit status.
import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { findDaemon } from "../stdio.js";

let daemon;
try {
  daemon = findDaemon();
} catch (e) {
  console.error(`sheetd: ${e.message}`);
  process.exit(127);
}
if (realpathSync(daemon) === realpathSync(process.argv[1])) {
  console.error("sheetd: no daemon bundled in this package and none on PATH besides this script");
  process.exit(127);
}
const run = spawnSync(daemon, process.argv.slice(2), { stdio: "inherit" });
process.exit(run.status ?? 1);
