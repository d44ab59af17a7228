#!/usr/bin/env python3
"""Instructions per sheet.present and per sheet.dismiss (everything each emits included), the
burst of the pacing bench (issue 24, "Speed II"), counted by callgrind.

Each N: N sessions, then N presents from rest at one time, a clock.tick that brings every
sheet to rest, then N dismisses from rest. Four inputs per N, each a prefix of the next:
    base      initialize, N session.create, clock.tick
    present   base + N sheet.present
    rest      present + clock.tick 3.3 s later (every sheet at rest)
    dismiss   rest + N sheet.dismiss
Per present = ((present - base) at N2 - (present - base) at N1) / (N2 - N1), and per dismiss the
same of (dismiss - rest): what does not grow with N (start-up, first-use set-up) cancels.
Also printed: the same for the tick between (rest - present), a frame and a `presented` event
per session.

Host clock, not realtime: under callgrind the daemon runs ~50x slower, so on the realtime clock
grid ticks (and their frames) fall between the commands wherever the wall clock puts them, and
the counts move from run to run. The host clock is deterministic, and its `t` are the realtime
grid's (k * 1000/60, to nine decimals: 16.666666667), so an event's `t` is formatted the way a
realtime time is. The output is deterministic too: its md5 is printed, to check that a
change leaves every byte as it was.

Usage: bench/burst-count.py [--sheetd PATH] [--n1 N] [--n2 N] [--keep DIR]
    (default: .build/ship/bin/sheetd, N1 500, N2 1500)
       bench/burst-count.py --input N STAGE   print one input (STAGE: base|present|rest|dismiss)
"""
import argparse
import hashlib
import os
import subprocess
import sys
import tempfile

STAGES = ["base", "present", "rest", "dismiss"]


def grid(k):
    # Nine decimals: more than the four the writer's short path prints, so an event's `t` is
    # formatted the general way, as a realtime time is; few enough digits (15) that the input's
    # `t` is read without strtod, as on the realtime clock, where the burst's commands have none.
    return round(k * 1000 / 60, 9)


def lines(n, stage):
    out = ['{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clock":"host"}}']
    for _ in range(n):
        out.append('{"jsonrpc":"2.0","method":"session.create","params":{"container":{"width":390,"height":844}}}')
    out.append('{"jsonrpc":"2.0","method":"clock.tick","params":{"t":%r}}' % grid(1))
    upto = STAGES.index(stage)
    if upto >= 1:
        for s in range(1, n + 1):
            out.append('{"jsonrpc":"2.0","method":"sheet.present","params":{"session":"s%d","t":%r}}' % (s, grid(2)))
    if upto >= 2:
        out.append('{"jsonrpc":"2.0","method":"clock.tick","params":{"t":%r}}' % grid(200))
    if upto >= 3:
        for s in range(1, n + 1):
            out.append('{"jsonrpc":"2.0","method":"sheet.dismiss","params":{"session":"s%d","t":%r}}' % (s, grid(203)))
    return "\n".join(out) + "\n"


def count(sheetd, text, cg, outpath):
    with open(outpath, "wb") as out:
        subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + cg, sheetd],
                       input=text.encode(), stdout=out, stderr=subprocess.DEVNULL, check=True)
    with open(cg) as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    raise SystemExit("burst-count: no total in " + cg)


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "--input":
        sys.stdout.write(lines(int(sys.argv[2]), sys.argv[3]))
        return
    ap = argparse.ArgumentParser(usage=__doc__)
    ap.add_argument("--sheetd", default=".build/ship/bin/sheetd")
    ap.add_argument("--n1", type=int, default=500)
    ap.add_argument("--n2", type=int, default=1500)
    ap.add_argument("--keep", help="directory for the inputs, outputs and callgrind files")
    a = ap.parse_args()
    d = a.keep or tempfile.mkdtemp(prefix="burst-count.")
    os.makedirs(d, exist_ok=True)
    totals = {}
    digest = hashlib.md5()
    for n in (a.n1, a.n2):
        for stage in STAGES:
            name = os.path.join(d, "%s-%d" % (stage, n))
            text = lines(n, stage)
            with open(name + ".ndjson", "w") as f:
                f.write(text)
            totals[(n, stage)] = count(a.sheetd, text, name + ".cg", name + ".out")
            if stage == "dismiss":
                with open(name + ".out", "rb") as f:
                    digest.update(f.read())
    dn = a.n2 - a.n1
    present = ((totals[(a.n2, "present")] - totals[(a.n2, "base")]) - (totals[(a.n1, "present")] - totals[(a.n1, "base")])) / dn
    dismiss = ((totals[(a.n2, "dismiss")] - totals[(a.n2, "rest")]) - (totals[(a.n1, "dismiss")] - totals[(a.n1, "rest")])) / dn
    arrival = ((totals[(a.n2, "rest")] - totals[(a.n2, "present")]) - (totals[(a.n1, "rest")] - totals[(a.n1, "present")])) / dn
    for (n, stage), v in sorted(totals.items()):
        print("%-8s N=%-6d %14d instructions" % (stage, n, v))
    print("instructions per sheet.present: %.0f" % present)
    print("instructions per sheet.dismiss: %.0f" % dismiss)
    print("instructions per session of the tick that ends the presents (a frame, a presented event): %.0f" % arrival)
    print("output md5 (dismiss inputs, N1 then N2): %s" % digest.hexdigest())
    print("files: %s" % d)


if __name__ == "__main__":
    main()
