#!/usr/bin/env python3
"""The realtime-like load of bench/README.md ("Speed II"): a host-clock stand-in for the
pacing bench, counted by callgrind instead of timed. N sessions (default 500) toggle
sheet.present / sheet.dismiss every 36 ticks, staggered; a clock.tick every 16.67 ms.

Instructions per frame = callgrind's total for TICKS=120 minus TICKS=40, over the difference in
frames (21,138 for 500 sessions):
    bench/realtime-like.py 40 > /tmp/rt40.ndjson; bench/realtime-like.py 120 > /tmp/rt120.ndjson
    for f in rt40 rt120; do valgrind --tool=callgrind --callgrind-out-file=/tmp/$f.cg \\
        .build/ship/bin/sheetd < /tmp/$f.ndjson > /tmp/$f.out; done
    grep -c sheet.frame /tmp/rt40.out /tmp/rt120.out
Usage: bench/realtime-like.py TICKS [SESSIONS]
"""
import sys

if len(sys.argv) < 2:
    sys.exit(__doc__)
ticks = int(sys.argv[1])
n = int(sys.argv[2]) if len(sys.argv) > 2 else 500
out = ['{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clock":"host"}}']
for s in range(n):
    out.append('{"jsonrpc":"2.0","method":"session.create","params":{"container":{"width":390,"height":844}}}')
presented = [False] * (n + 1)
for k in range(ticks):
    t = round(k * 1000 / 60, 3)
    for s in range(1, n + 1):
        if (k + s) % 36 == 0:
            method = "sheet.dismiss" if presented[s] else "sheet.present"
            presented[s] = not presented[s]
            out.append('{"jsonrpc":"2.0","method":"%s","params":{"session":"s%d","t":%s}}' % (method, s, t))
    out.append('{"jsonrpc":"2.0","method":"clock.tick","params":{"t":%s}}' % t)
print("\n".join(out))
