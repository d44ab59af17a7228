#!/usr/bin/env python3
"""The serverless web host in headless Chromium: sheetd compiled to WebAssembly, in the page.

    python3 examples/web-host/wasm_browser_test.py --static DIR --sheetd .build/debug/sheetd [--artifacts DIR]

DIR is the page laid out by examples/web-host/static.sh (index.html, the scripts, sheetd.wasm).
It is served by a plain static file server (Python's http.server: no bridge, no WebSocket, no
daemon process) and driven with real pointer events (Input.dispatchMouseEvent), as
browser_test.py drives the bridged page:

- host clock (`?engine=wasm&clock=host`), stepped 16 ms at a time: a quick drag up from
  `medium` is released and settles. The page's whole host stream (every message it sent) is
  then replayed by the native daemon (`sheetd replay`): the daemon's frames and events must be
  the page's, one for one, so the sheet settles at the detent the daemon chooses for the same
  gesture; and a slow drag down that settles back, checked the same way;
- realtime clock (`?engine=wasm`): a finger drag up settles at `large`, with frames ticked by
  requestAnimationFrame (their `t` are the display frames' timestamps, not the 60 fps grid).

Uses browser_test.py's DevTools client (needs the ``websockets`` library). Waits are for page
promises, bounded by a safety timeout; nothing sleeps. Exit status 0 when every check passed.
"""
from __future__ import annotations

import argparse
import asyncio
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser_test as bt  # noqa: E402
from browser_test import check  # noqa: E402

ROOT = bt.ROOT


class StaticServer:
    """Python's plain static file server on 127.0.0.1 (a free port), in a thread."""

    def __init__(self, directory: str):
        handler = functools.partial(Quiet, directory=directory)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args) -> None:  # no request log on stderr
        pass


def replay(sheetd: str, sent: list) -> list:
    """The daemon's output (parsed messages) for the page's host stream."""
    with tempfile.NamedTemporaryFile("w", suffix=".ndjson", delete=False) as f:
        f.write("".join(line + "\n" for line in sent))
        path = f.name
    try:
        r = subprocess.run([sheetd, "replay", path], capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(path)
    if r.returncode != 0:
        raise RuntimeError(f"sheetd replay failed: {r.stderr}")
    return [json.loads(line) for line in r.stdout.splitlines() if line]


async def page_stream(page: bt.DevTools) -> dict:
    return await page.evaluate("""(() => ({
        sent: window.sheetHost.sent,
        session: window.sheetHost.session.id,
        frames: window.sheetHost.session.frames,
        events: window.sheetHost.session.events,
        errors: window.sheetHost.errors}))()""")


async def same_as_daemon(page: bt.DevTools, sheetd: str, label: str) -> dict:
    """Replays what the page sent through the daemon; the frames and events must be the page's."""
    p = await page_stream(page)
    out = replay(sheetd, p["sent"])
    frames = [m["params"] for m in out if m.get("method") == "sheet.frame" and m["params"]["session"] == p["session"]]
    events = [m["params"] for m in out if m.get("method") == "sheet.event" and m["params"]["session"] == p["session"]]
    check(len(frames) > 10 and frames == p["frames"],
          f"{label}: the daemon replaying the page's {len(p['sent'])} messages sends the page's {len(p['frames'])} frames"
          + ("" if frames == p["frames"] else f" (daemon {len(frames)}: first difference at "
             f"{next((i for i, (a, b) in enumerate(zip(frames, p['frames'])) if a != b), min(len(frames), len(p['frames'])))})"))
    check(events == p["events"], f"{label}: and its events ({[e['type'] for e in events]})")
    check(p["errors"] == [], f"{label}: no errors on the page {p['errors']}")
    return {"daemon": frames[-1] if frames else None, "page": p["frames"][-1] if p["frames"] else None}


async def hostclock(page: bt.DevTools, base: str, sheetd: str, artifacts: str) -> None:
    await bt.load(page, base + "/?engine=wasm&clock=host")
    status = await page.evaluate("document.getElementById('status').textContent")
    check("sheetd.wasm" in status, f"wasm host: the page runs sheetd.wasm ({status!r})")
    await page.evaluate("sheetHost.step(320)")
    d = await bt.follows(page, "wasm host: presented")
    check(d["frame"]["y"] == 422 and d["detent"] == "medium", f"wasm host: presented at medium ({d['frame']})")
    await bt.shot(page, artifacts, "wasm-host-01-presented.png")

    # A quick drag up: 240 pt in four 16 ms steps, released at once, then 800 ms to settle.
    x, y = await bt.center(page, ".page[data-entry=root] header")
    await bt.stepped_press(page, x, y, (-60, -120, -180, -240))
    await page.mouse("mouseReleased", x, y - 240, buttons=0)
    await page.evaluate("sheetHost.step(800)")
    d = await bt.follows(page, "wasm host: flicked up")
    last = await same_as_daemon(page, sheetd, "wasm host: flick up")
    check(last["page"] is not None and last["daemon"] is not None
          and last["page"]["detent"] == last["daemon"]["detent"] == "large" and last["page"]["state"] == "presented",
          f"wasm host: settled at the daemon's detent for the same gesture ({last['page'] and last['page']['detent']}, "
          f"daemon {last['daemon'] and last['daemon']['detent']})")
    await bt.shot(page, artifacts, "wasm-host-02-settled-large.png")

    # A slow drag down held before release: back to large, as the daemon says.
    x, y = await bt.center(page, ".page[data-entry=root] header")
    await bt.stepped_press(page, x, y, (40, 80))
    await page.evaluate("sheetHost.step(200)")
    await page.mouse("mouseReleased", x, y + 80, buttons=0)
    await page.evaluate("sheetHost.step(800)")
    await bt.follows(page, "wasm host: slow drag released")
    last = await same_as_daemon(page, sheetd, "wasm host: slow drag")
    check(last["page"] is not None and last["daemon"] is not None and last["page"]["detent"] == last["daemon"]["detent"]
          and last["page"]["state"] == "presented",
          f"wasm host: the slow drag settled where the daemon settles it ({last['page'] and last['page']['detent']})")


async def realtime(page: bt.DevTools, base: str, artifacts: str) -> None:
    await bt.load(page, base + "/?engine=wasm")
    await bt.until(page, "f.state === 'presented' && f.sheet.y === 422", "wasm realtime: presented")
    d = await bt.follows(page, "wasm realtime: presented")
    check(d["detent"] == "medium", f"wasm realtime: presented at medium ({d['frame']})")
    x, y = await bt.center(page, ".page[data-entry=root] header")
    await bt.drag(page, x, y, -330, touch=True)
    await bt.until(page, "f.state === 'presented' && f.sheet.y === 57", "wasm realtime: drag up")
    d = await bt.follows(page, "wasm realtime: drag up")
    check(d["frame"]["y"] == 57 and d["detent"] == "large", f"wasm realtime: the drag up settled at large ({d['frame']})")
    ts = await page.evaluate("sheetHost.session.frames.map(f => f.t)")
    grid = 1000 / 60
    off_grid = [t for t in ts if abs(t / grid - round(t / grid)) > 1e-6]
    check(len(ts) > 10 and all(b > a for a, b in zip(ts, ts[1:])),
          f"wasm realtime: {len(ts)} frames, their t increasing (display frames)")
    print(f"     {len(off_grid)} of {len(ts)} frame times off the 60 fps grid (requestAnimationFrame timestamps)", flush=True)
    await bt.shot(page, artifacts, "wasm-realtime-01-dragged-to-large.png")


async def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--static", required=True, help="the page laid out by examples/web-host/static.sh")
    ap.add_argument("--sheetd", required=True)
    ap.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    ap.add_argument("--artifacts", default=os.path.join(ROOT, ".build", "web-host-artifacts"))
    opts = ap.parse_args()
    os.makedirs(opts.artifacts, exist_ok=True)
    server = StaticServer(opts.static)
    browser = None
    page = None
    try:
        browser = bt.Browser(opts.chromium)
        page = await bt.open_page(browser.endpoint())
        await asyncio.wait_for(hostclock(page, server.base, opts.sheetd, opts.artifacts), 120)
        await asyncio.wait_for(realtime(page, server.base, opts.artifacts), 120)
    finally:
        if page is not None:
            try:
                await page.browser.call("Browser.close")
            except (RuntimeError, ConnectionError, asyncio.TimeoutError, bt.ConnectionClosed):
                pass
        if browser:
            browser.close()
        server.close()
    failures = bt.failures
    print(f"{len(failures)} failed" if failures else "all checks passed", f"(screenshots in {opts.artifacts})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
