#!/usr/bin/env python3
"""Regenerate the conformance goldens and openrpc.json's example outcomes from a real sheetd.

Usage: python3 scripts/regen-conformance.py SHEETD [SHEETD_ARGS...]
(scripts/regen-conformance.sh builds sheetd and calls this; run that.)

0. protocol/examples/*.ndjson are copied into protocol/conformance/ (the suite includes them).
1. protocol/conformance/NAME.ndjson -> NAME.golden.ndjson: the output of
   `SHEETD [SHEETD_ARGS] [--plugin-dir DIR-OF-SHEETD] replay NAME.ndjson` (the plugin directory
   only for cases whose NAME contains "plugin"), with that directory's real path written as
   `<plugin-dir>` (as `replay --expect` compares it).
2. protocol/openrpc.json: every method's examples follow the convention documented in
   protocol/conformance/README.md ("Examples in openrpc.json"): `x-setup` messages, then the
   call as a request with id "example"; the response becomes `result` or `x-error`. For
   sheet.frame, sheet.event and $/diagnostic, `params` becomes the last such notification
   sent while handling `x-setup`; for `exit`, `x-exitStatus` is the daemon's exit status.

Snapshots are opaque and change with the engine, so a `session.restore` whose `state` is a full
snapshot (format "sheetd.snapshot/N" with a non-empty `sheet`) is refreshed first: its state
becomes the result of the latest `session.snapshot` request before it (in a conformance input,
the file itself is rewritten). Standard library only; openrpc.json keeps its format.
"""
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER_TO_HOST = {"sheet.frame", "sheet.event", "$/diagnostic"}
NO_PARAMS = {"shutdown", "exit", "session.list", "plugins.list"}
CALL_ID = "example"


def compact(m):
    return json.dumps(m, separators=(",", ":"), ensure_ascii=False)


def run(command, text):
    p = subprocess.run(command, input=text.encode(), capture_output=True, timeout=120)
    return p.stdout.decode(), p.returncode


def messages(text):
    out = []
    for line in text.splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            out.append(None)
    return out


def is_full_snapshot(state):
    return isinstance(state, dict) and str(state.get("format", "")).startswith("sheetd.snapshot/") and bool(state.get("sheet"))


def responses(output):
    found = {}
    for m in messages(output):
        for r in (m if isinstance(m, list) else [m]):
            if isinstance(r, dict) and "id" in r and "method" not in r:
                found[json.dumps(r["id"])] = r
    return found


def refresh_snapshots(lines, output):
    """Input lines with every full snapshot in a session.restore replaced by the result of
    the latest session.snapshot request before it; `None` when nothing changed."""
    answered = responses(output)
    changed, last_snapshot_id, out = False, None, []
    for line in lines:
        try:
            m = json.loads(line)
        except ValueError:
            out.append(line)
            continue
        if isinstance(m, dict) and m.get("method") == "session.snapshot" and "id" in m:
            last_snapshot_id = json.dumps(m["id"])
        if (isinstance(m, dict) and m.get("method") == "session.restore"
                and is_full_snapshot(m.get("params", {}).get("state")) and last_snapshot_id):
            fresh = answered.get(last_snapshot_id, {}).get("result")
            if fresh is not None and fresh != m["params"]["state"]:
                m["params"]["state"] = fresh
                line, changed = compact(m), True
        out.append(line)
    return out if changed else None


def copy_examples():
    import shutil
    for path in sorted(glob.glob(os.path.join(ROOT, "protocol", "examples", "*.ndjson"))):
        shutil.copyfile(path, os.path.join(ROOT, "protocol", "conformance", os.path.basename(path)))


def regen_goldens(command):
    copy_examples()
    count = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "protocol", "conformance", "*.ndjson"))):
        if path.endswith(".golden.ndjson"):
            continue
        args = list(command[1:])
        if "plugin" in os.path.basename(path):
            args += ["--plugin-dir", os.path.dirname(command[0])]
        replay = [command[0]] + args + ["replay", path]
        output, _ = run(replay, "")
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        refreshed = refresh_snapshots(lines, output)
        if refreshed is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write("".join(l + "\n" for l in refreshed))
            output, _ = run(replay, "")
        if "--plugin-dir" in args:  # as `replay --expect` reads it: no machine's path in a golden
            output = output.replace(os.path.realpath(args[args.index("--plugin-dir") + 1]) + "/", "<plugin-dir>/")
        with open(path[:-len(".ndjson")] + ".golden.ndjson", "w", encoding="utf-8") as f:
            f.write(output)
        count += 1
    return count


def example_stream(method, example):
    lines = [compact(m) for m in example.get("x-setup", [])]
    if method in SERVER_TO_HOST:
        return lines
    params = {p["name"]: p["value"] for p in example.get("params", [])}
    call = {"jsonrpc": "2.0", "method": method} if method == "exit" else {"jsonrpc": "2.0", "id": CALL_ID, "method": method}
    if params or method not in NO_PARAMS:
        call["params"] = params
    return lines + [compact(call)]


def regen_examples(command):
    path = os.path.join(ROOT, "protocol", "openrpc.json")
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    count, missing = 0, []
    for method in doc["methods"]:
        name = method["name"]
        if not method.get("examples"):
            missing.append(name)
        for ex in method.get("examples", []):
            label = f"{name} example {ex.get('name')!r}"
            if "x-setup" not in ex and name != "initialize":
                raise SystemExit(f"{label}: no x-setup; list the messages to send before the call, initialize "
                                 "first (or [] to call it before initialize): protocol/conformance/README.md")
            for p in ex.get("params", []):
                if name == "session.restore" and p["name"] == "state" and is_full_snapshot(p["value"]):
                    output, _ = run(command, "".join(l + "\n" for l in example_stream(name, {"x-setup": ex.get("x-setup", [])})[:-1]))
                    snaps = [m for m in messages(output) if isinstance(m, dict) and isinstance(m.get("result"), dict)
                             and str(m["result"].get("format", "")).startswith("sheetd.snapshot/")]
                    if not snaps:
                        raise SystemExit(f"{label}: x-setup takes no session.snapshot to restore")
                    p["value"] = snaps[-1]["result"]
            output, status = run(command, "".join(l + "\n" for l in example_stream(name, ex)))
            # The bundled plugins' directory (the daemon's own) reads as <plugin-dir>, as in goldens.
            output = output.replace(os.path.realpath(os.path.dirname(command[0])) + "/", "<plugin-dir>/")
            out = messages(output)
            count += 1
            for key in ("result", "x-error", "x-exitStatus"):
                ex.pop(key, None)
            if name in SERVER_TO_HOST:
                sent = [m for m in out if isinstance(m, dict) and m.get("method") == name]
                if not sent:
                    raise SystemExit(f"{label}: x-setup produced no {name}")
                ex["params"] = [{"name": k, "value": v} for k, v in sent[-1]["params"].items()]
            elif name == "exit":
                ex["x-exitStatus"] = status
            else:
                response = next((m for m in out if isinstance(m, dict) and m.get("id") == CALL_ID), None)
                if response is None:
                    raise SystemExit(f"{label}: no response to the call")
                if "error" in response:
                    ex["x-error"] = response["error"]
                else:
                    ex["result"] = {"name": "result", "value": response["result"]}
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    return count, missing


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    command = argv[1:]
    goldens = regen_goldens(command)
    examples, missing = regen_examples(command)
    print(f"regenerated {goldens} conformance goldens and {examples} openrpc.json examples", file=sys.stderr)
    if missing:
        print(f"methods without an example in openrpc.json (add one): {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
