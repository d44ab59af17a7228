#!/usr/bin/env python3
"""Peak memory of a sheetd process, measured from /proc (Linux):

  scripts/measure-memory.py SHEETD stalled N TICKS   N animating sessions, one batch of TICKS clock.ticks,
                                                    the reader stalled until sheetd blocks: VmHWM, then
                                                    everything is read (bytes, last byte, exit status)
  scripts/measure-memory.py SHEETD sessions N         bytes per session at N presented sessions, and after a
                                                    tick that moves them all
"""
import os, sys, subprocess, time, json, threading
B = sys.argv[1]; mode = sys.argv[2]
def hwm(pid):
    for l in open(f"/proc/{pid}/status"):
        if l.startswith("VmHWM"): return int(l.split()[1])
def asleep_forever(pid):
    try: f = open(f"/proc/{pid}/syscall").read().split()
    except FileNotFoundError: return False
    return len(f) > 3 and f[0] == "7" and f[3] == "0xffffffff"
def line(o): return (json.dumps(o, separators=(',', ':')) + "\n").encode()
if mode == "sessions":
    n = int(sys.argv[3])
    p = subprocess.Popen([B], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    p.stdin.write(line({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clock":"host"}})); p.stdin.flush()
    while not asleep_forever(p.pid): pass
    base = hwm(p.pid)
    buf = bytearray()
    for i in range(n): buf += line({"jsonrpc":"2.0","method":"session.create","params":{"container":{"width":390,"height":844}}})
    p.stdin.write(buf); p.stdin.flush()
    buf = bytearray()
    for i in range(1, n+1): buf += line({"jsonrpc":"2.0","method":"sheet.present","params":{"session":"s%d"%i,"t":0,"animated":False}})
    p.stdin.write(buf); p.stdin.flush()
    while not asleep_forever(p.pid): pass
    created = hwm(p.pid)
    p.stdin.write(line({"jsonrpc":"2.0","id":1,"method":"clock.tick","params":{"t":0}})); p.stdin.flush()
    time.sleep(0.2)
    while not asleep_forever(p.pid): pass
    ticked = hwm(p.pid)
    p.stdin.close(); p.wait()
    print(f"{n} sessions: baseline {base} KiB, after create+present {created} KiB = {(created-base)*1024/n:.0f} B/session, after a tick moving all {ticked} KiB = {(ticked-base)*1024/n:.0f} B/session")
else:
    n = int(sys.argv[3]); ticks = int(sys.argv[4])
    r, w = os.pipe()
    p = subprocess.Popen([B], stdin=subprocess.PIPE, stdout=w)
    os.close(w)
    buf = bytearray(line({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"clock":"host"}}))
    for i in range(n): buf += line({"jsonrpc":"2.0","method":"session.create","params":{"container":{"width":390,"height":844}}})
    for i in range(1, n+1): buf += line({"jsonrpc":"2.0","method":"sheet.present","params":{"session":"s%d"%i,"t":0}})
    batch = [{"jsonrpc":"2.0","id":k,"method":"clock.tick","params":{"t":(k+1)*0.1}} for k in range(ticks)]
    bl = line(batch)
    p.stdin.write(buf + bl); p.stdin.close()
    while not asleep_forever(p.pid): pass
    stalled = hwm(p.pid)
    total = 0
    while True:
        d = os.read(r, 1 << 20)
        if not d: break
        total += len(d); last = d[-1:]
    rc = p.wait()
    print(f"stalled reader, {n} animating sessions, batch of {ticks} ticks ({len(bl)} bytes): VmHWM while stalled {stalled} KiB; then {total} bytes read, last byte {last!r}, exit {rc}")
