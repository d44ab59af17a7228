#!/usr/bin/env python3
"""Regenerates link/startup-order.txt, the section order scripts/build-release.sh hands lld
(--symbol-ordering-file): what the executable runs and writes from exec to the `initialize`
reply, so that start-up touches a few contiguous pages instead of pages spread over all of the
executable (bench/README.md, "Start-up III").

Runs the shipped binary under valgrind's lackey (every instruction and data access) with the
bench's `initialize` line, then end of input (as `sheetd-bench --startup` does), and maps
the addresses inside the executable (not the loader's or libc's) to its symbols:
  - the functions, in the order they first run (.text);
  - the zero-initialised variables they touch, in the order first touched (.bss: metadata
    caches, `swift_once` tokens, the runtime's allocation pool; each page of .bss touched
    costs a page fault, two when it is read before it is written).
The file is only a hint: a symbol lld does not find (code changed since) is skipped, silently
(--no-warn-symbol-ordering), and anything not listed is laid out as it would have been. lld
can only move whole input sections: the Swift modules are compiled with -function-sections,
the runtime's C++ objects have a section per function and variable, but the standard
library's Swift code (one 1.6 MB .text) and each module's .bss stay in one piece.

Regenerate after changes to the start-up path (the build does not need valgrind):
    scripts/build-release.sh && scripts/startup-order.py
Usage: scripts/startup-order.py [SHEETD]   (default .build/ship/bin/sheetd)
"""
import bisect
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "link", "startup-order.txt")
REQUEST = b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"host"}}\n'
# Where valgrind (3.x, amd64) maps a position-independent executable.
PIE_BASE = 0x108000


def fail(message):
    sys.exit("startup-order: " + message)


def symbols(binary):
    """(address, size, type, name) of every defined symbol, by address."""
    out = subprocess.run(["nm", "-nS", binary], capture_output=True, text=True).stdout
    syms = []
    for line in out.splitlines():
        p = line.split(None, 3)
        if len(p) == 4 and len(p[2]) == 1:
            syms.append((int(p[0], 16), int(p[1], 16), p[2], p[3]))
    return syms


def nobits_ranges(binary):
    """[start, end) of the executable's zero-initialised sections (.bss, .tbss excluded)."""
    out = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True).stdout
    ranges = []
    for line in out.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+NOBITS\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if m and m.group(1) == ".bss":
            start = int(m.group(2), 16)
            ranges.append((start, start + int(m.group(3), 16)))
    return ranges


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/ship/bin/sheetd"))
    if shutil.which("valgrind") is None:
        fail("needs valgrind (apt-get install valgrind)")
    if not os.access(binary, os.X_OK):
        fail(f"no {binary} (run scripts/build-release.sh first)")
    syms = symbols(binary)
    start = [s for s in syms if s[3] == "_start"]
    if not start:
        fail(f"{binary} has no symbol table")
    functions = [s for s in syms if s[2] in "tTwW" and s[1] > 0]
    variables = [s for s in syms if s[2] in "bB" and s[1] > 0]
    fkeys = [s[0] for s in functions]
    vkeys = [s[0] for s in variables]
    bss = nobits_ranges(binary)

    with tempfile.TemporaryDirectory() as work:
        trace = os.path.join(work, "lackey.txt")
        env = {k: v for k, v in os.environ.items() if k != "SHEETD_PLUGIN_PATH"}
        run = subprocess.run(
            ["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={trace}", binary],
            input=REQUEST, capture_output=True, env=env)
        if b'"serverInfo"' not in run.stdout:
            fail(f"no initialize reply from {binary}:\n{run.stdout.decode()}{run.stderr.decode()}")
        base = PIE_BASE
        entry = f"I  {base + start[0][0]:08x},"
        order_f, order_v, seen = [], [], set()

        def note(a, table, keys, order):
            """Appends the symbol of `table` (sorted by address, `keys`) holding address `a`, once."""
            i = bisect.bisect_right(keys, a) - 1
            if i >= 0:
                s = table[i]
                if a < s[0] + s[1] and s[3] not in seen:
                    seen.add(s[3])
                    order.append(s[3])
        found_entry = False
        with open(trace) as f:
            for line in f:
                if line.startswith("I  "):
                    if not found_entry and line.startswith(entry):
                        found_entry = True
                    note(int(line[3:line.index(",")], 16) - base, functions, fkeys, order_f)
                elif line.startswith(" "):
                    a = int(line[3:line.index(",")], 16) - base
                    if any(lo <= a < hi for lo, hi in bss):
                        note(a, variables, vkeys, order_v)
        if not found_entry:
            fail(f"valgrind did not map {binary} at {PIE_BASE:#x} (no _start executed there)")
    if len(order_f) < 100:
        fail(f"only {len(order_f)} functions found")
    with open(OUT, "w") as f:
        f.write("# Generated by scripts/startup-order.py: the functions that run from exec to the\n"
                "# initialize reply (in the order they first run), then the .bss variables they\n"
                "# touch; lld lays them out first (--symbol-ordering-file). A hint only.\n")
        for name in order_f + order_v:
            f.write(name + "\n")
    print(f"startup-order: {len(order_f)} functions, {len(order_v)} variables -> "
          f"{os.path.relpath(OUT, ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
