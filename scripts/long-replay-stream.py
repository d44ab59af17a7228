#!/usr/bin/env python3
"""Writes a long host stream for `sheetd replay` (NDJSON, host clock) to stdout: one sheet
dragged up and down and released over and over, a tick every 16 ms, about one frame per tick.

    python3 scripts/long-replay-stream.py FRAMES > long.ndjson
    sheetd replay long.ndjson --svg long.svg --html long.html > /dev/null

For measuring the replay outputs on long recordings by hand (nothing here is timed in tests).
"""
import sys


def main() -> None:
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    out = sys.stdout
    w = out.write
    w('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clock":"host"}}\n')
    w('{"jsonrpc":"2.0","id":2,"method":"session.create","params":{"container":{"width":390,"height":844,'
      '"safeArea":{"top":47,"bottom":34}},"detents":["medium","large"],"content":{"preferredHeight":300}}}\n')
    w('{"jsonrpc":"2.0","id":3,"method":"sheet.present","params":{"session":"s1","t":0,"animated":false}}\n')
    t = 0
    tick = 0
    while tick < frames:
        # One drag: began, 40 moves, released with a fling, 20 ticks to settle.
        for k in range(62):
            t += 16
            if k == 0:
                w('{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s1","t":%d,"phase":"began",'
                  '"translation":{"x":0,"y":0}}}\n' % t)
            elif k <= 40:
                y = -(k * 7) if (tick // 62) % 2 == 0 else k * 2
                phase = "ended" if k == 40 else "changed"
                extra = ',"velocity":{"x":0,"y":%d}' % min(0, y * 4) if k == 40 else ""
                w('{"jsonrpc":"2.0","method":"input.pan","params":{"session":"s1","t":%d,"phase":"%s",'
                  '"translation":{"x":0,"y":%d}%s}}\n' % (t, phase, y, extra))
            w('{"jsonrpc":"2.0","id":9,"method":"clock.tick","params":{"t":%d}}\n' % t)
            tick += 1
    w('{"jsonrpc":"2.0","id":10,"method":"shutdown"}\n{"jsonrpc":"2.0","method":"exit"}\n')


if __name__ == "__main__":
    main()
