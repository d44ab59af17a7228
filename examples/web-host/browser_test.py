#!/usr/bin/env python3
"""End-to-end test of the live web host in headless Chromium (needs the ``websockets`` library).

    python3 examples/web-host/browser_test.py --sheetd .build/debug/sheetd [--artifacts DIR]

Starts the bridge (serve.py) on a free port, starts headless Chromium with the DevTools
protocol on 127.0.0.1, and drives the page with real pointer events (Input.dispatchMouseEvent
and Input.dispatchTouchEvent, which the page receives as pointer events):

- realtime clock: the sheet presents at `medium`; a finger drag up settles at `large`; the
  field opens the keyboard; the list scrolls under a drag; "Open" pushes a page and "Back"
  pops it; a long drag down dismisses;
- host clock (`?clock=host`), stepped 16 ms at a time: a slow short drag settles back at its
  detent, a fast drag dismisses.

After every step it checks that the DOM follows the frames (the sheet element's top is the last
frame's `sheet.y`, the dimming's opacity its `dimming.alpha`) and saves a screenshot in the
artifacts directory (default: .build/web-host-artifacts). Waits are for page events and frames
(promises the page resolves), bounded by a safety timeout; nothing sleeps. Exit status 0 when
every check passed; the failures are printed otherwise.
"""
from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from websockets.exceptions import ConnectionClosed
from websockets.legacy.client import connect

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

SAFETY = 30.0  # seconds: a bound on any single wait, never a synchronisation
TOOLBAR = 32   # px above the 390x844 screen (host.css)
failures: list = []


def check(condition: bool, what: str) -> None:
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


class DevTools:
    """A DevTools protocol client for one page target."""

    def __init__(self, ws):
        self.ws = ws
        self.next_id = 1
        self.waiting: dict = {}
        self.event_waiters: dict = {}
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                self._dispatch(json.loads(text))
        except ConnectionClosed:
            pass

    def _dispatch(self, message: dict) -> None:
        if "id" in message and message["id"] in self.waiting:
            self.waiting.pop(message["id"]).set_result(message)
        elif "method" in message:
            for future in self.event_waiters.pop(message["method"], []):
                if not future.done():
                    future.set_result(message.get("params"))

    async def call(self, method: str, **params):
        rid = self.next_id
        self.next_id += 1
        future = asyncio.get_running_loop().create_future()
        self.waiting[rid] = future
        await self.ws.send(json.dumps({"id": rid, "method": method, "params": params}))
        answer = await asyncio.wait_for(future, SAFETY)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer.get("result", {})

    def next_event(self, method: str) -> "asyncio.Future":
        future = asyncio.get_running_loop().create_future()
        self.event_waiters.setdefault(method, []).append(future)
        return future

    async def evaluate(self, expression: str):
        """The value of a page expression (promises awaited)."""
        result = await self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page exception in {expression!r}: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def mouse(self, kind: str, x: float, y: float, buttons: int = 1) -> None:
        await self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", buttons=buttons, clickCount=1)

    async def touch(self, kind: str, x: float = 0, y: float = 0) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        await self.call("Input.dispatchTouchEvent", type=kind, touchPoints=points)


class Browser:
    """Headless Chromium with a DevTools endpoint on 127.0.0.1."""

    def __init__(self, executable: str):
        self.profile = tempfile.mkdtemp(prefix="sheetd-web-host-chromium-")
        self.proc = subprocess.Popen(
            [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--no-first-run", "--no-default-browser-check", "--disable-breakpad", "--disable-crash-reporter", "--remote-debugging-address=127.0.0.1",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}", "--window-size=420,900",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    def endpoint(self) -> str:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            m = re.search(r"DevTools listening on (ws://\S+)", line)
            if m:
                return m.group(1)
        raise RuntimeError("chromium exited without a DevTools endpoint")

    def close(self) -> None:
        """Waits for the browser to exit (after Browser.close), else kills it; removes its profile."""
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


async def devtools(url: str) -> DevTools:
    """A DevTools client on `url` (screenshots make messages of megabytes: no size limit)."""
    return DevTools(await connect(url, max_size=None, compression=None))


async def open_page(browser_ws_url: str) -> DevTools:
    m = re.match(r"(ws://[^/]+)/", browser_ws_url)
    assert m, browser_ws_url
    root = await devtools(browser_ws_url)
    target = await root.call("Target.createTarget", url="about:blank")
    page = await devtools(f"{m.group(1)}/devtools/page/{target['targetId']}")
    page.browser = root  # type: ignore[attr-defined]
    await page.call("Page.enable")
    await page.call("Emulation.setDeviceMetricsOverride", width=420, height=900, deviceScaleFactor=1, mobile=False)
    return page


async def load(page: DevTools, url: str) -> None:
    loaded = page.next_event("Page.loadEventFired")
    await page.call("Page.navigate", url=url)
    await asyncio.wait_for(loaded, SAFETY)
    await page.evaluate("window.sheetHost.started")


async def awaited(page: DevTools, promise: str, what: str, label: str, seconds: float = 15) -> bool:
    """Waits for the page's `promise` to resolve; a failed check naming `what` after `seconds`."""
    try:
        await asyncio.wait_for(page.evaluate(promise), seconds)
        return True
    except asyncio.TimeoutError:
        d = await dom(page)
        check(False, f"{label}: no {what} (last {d['frame']}, events {d['events']}, errors {d['errors']})")
        return False


async def until(page: DevTools, predicate: str, label: str) -> bool:
    """Waits for a frame satisfying the JS `predicate` (of f)."""
    return await awaited(page, f"sheetHost.waitForFrame(f => {predicate})", f"frame with {predicate}", label)


async def event(page: DevTools, kind: str, since: int, label: str) -> bool:
    """Waits for a sheet.event of `kind` after the first `since` events."""
    return await awaited(page, f"sheetHost.waitForEvent({json.dumps(kind)}, {since})", f"{kind} event", label)


async def dom(page: DevTools) -> dict:
    return await page.evaluate("""(() => {
        const screen = document.getElementById('screen').getBoundingClientRect();
        const sheet = document.getElementById('sheet');
        const f = window.sheetHost.frame;
        return {top: sheet.getBoundingClientRect().top - screen.top, height: sheet.getBoundingClientRect().height,
                opacity: parseFloat(getComputedStyle(document.getElementById('dimming')).opacity),
                state: sheet.dataset.state, detent: sheet.dataset.detent,
                frame: f && {y: f.sheet.y, height: f.sheet.height, alpha: f.dimming.alpha, state: f.state, detent: f.detent},
                events: window.sheetHost.events.map(e => e.type + (e.id ? ':' + e.id : e.detent ? ':' + e.detent : '')),
                errors: window.sheetHost.errors};
    })()""")


async def follows(page: DevTools, label: str) -> dict:
    """Checks that the DOM shows the last frame; returns the DOM summary."""
    d = await dom(page)
    f = d["frame"]
    check(f is not None and abs(d["top"] - f["y"]) < 0.02 and abs(d["height"] - f["height"]) < 0.02
          and abs(d["opacity"] - f["alpha"]) < 1e-4 and d["state"] == f["state"],
          f"{label}: the DOM follows the last frame (top {d['top']} / y {f and f['y']}, opacity {d['opacity']})")
    check(d["errors"] == [], f"{label}: no errors on the page {d['errors']}")
    return d


async def shot(page: DevTools, artifacts: str, name: str) -> None:
    data = await page.call("Page.captureScreenshot", format="png")
    path = os.path.join(artifacts, name)
    with open(path, "wb") as f:
        f.write(base64.b64decode(data["data"]))
    print(f"     screenshot {path}", flush=True)


async def center(page: DevTools, selector: str) -> tuple:
    r = await page.evaluate(f"""(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2]; }})()""")
    return r[0], r[1]


async def drag(page: DevTools, x: float, y: float, dy: float, steps: int = 12, touch: bool = False) -> None:
    """A real drag: press, `steps` moves to y + dy, release."""
    if touch:  # a finger: touch emulation on for this drag only
        await page.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=1)
        await page.touch("touchStart", x, y)
        for i in range(1, steps + 1):
            await page.touch("touchMove", x, y + dy * i / steps)
        await page.touch("touchEnd")
        await page.call("Emulation.setTouchEmulationEnabled", enabled=False)
        return
    await page.mouse("mousePressed", x, y)
    for i in range(1, steps + 1):
        await page.mouse("mouseMoved", x, y + dy * i / steps)
    await page.mouse("mouseReleased", x, y + dy, buttons=0)


async def stepped_press(page: DevTools, x: float, y: float, offsets: tuple) -> None:
    """Host clock: press at (x, y), then for each offset step 16 ms and move to y + offset
    (the finger stays down)."""
    await page.mouse("mousePressed", x, y)
    for dy in offsets:
        await page.evaluate("sheetHost.step(16)")
        await page.mouse("mouseMoved", x, y + dy)


async def click(page: DevTools, selector: str) -> None:
    x, y = await center(page, selector)
    await page.mouse("mousePressed", x, y)
    await page.mouse("mouseReleased", x, y, buttons=0)


async def realtime(page: DevTools, base: str, artifacts: str) -> None:
    await load(page, base + "/")
    await until(page, "f.state === 'presented' && f.sheet.y === 422", "realtime: presented")
    d = await follows(page, "realtime: presented")
    check(d["frame"]["y"] == 422 and d["detent"] == "medium", f"realtime: presented at medium, y 422 ({d['frame']})")
    await shot(page, artifacts, "realtime-01-presented-medium.png")

    # The keyboard: the field's focus grows the sheet to large, its blur restores medium.
    await click(page, ".page[data-entry=root] .field")
    await until(page, "f.state === 'presented' && f.sheet.y === 57", "realtime: keyboard shown")
    d = await follows(page, "realtime: keyboard shown")
    check(d["frame"]["y"] == 57 and "detentChanged:large" in d["events"], f"realtime: the keyboard raised the sheet to large ({d['frame']})")
    await shot(page, artifacts, "realtime-02-keyboard.png")
    await page.evaluate("document.activeElement.blur()")
    await until(page, "f.state === 'presented' && f.sheet.y === 422", "realtime: keyboard hidden")
    d = await follows(page, "realtime: keyboard hidden")
    check(d["frame"]["y"] == 422, f"realtime: hiding the keyboard restored medium ({d['frame']})")

    # A finger drag up from the header settles at the large detent.
    x, y = await center(page, ".page[data-entry=root] header")
    await drag(page, x, y, -330, touch=True)
    await until(page, "f.state === 'presented' && f.sheet.y === 57", "realtime: drag up")
    d = await follows(page, "realtime: drag up")
    check(d["frame"]["y"] == 57, f"realtime: the drag up settled at large, y 57 ({d['frame']})")
    await shot(page, artifacts, "realtime-03-dragged-to-large.png")

    # Push a page with the row's button, then pop it with Back.
    since = len((await dom(page))["events"])
    await click(page, ".page[data-entry=root] .row .open")
    await event(page, "navigationDidShow", since, "realtime: push")
    d = await follows(page, "realtime: pushed")
    left = await page.evaluate("document.querySelector('.page[data-entry=detail-1]').getBoundingClientRect().left - document.getElementById('sheet').getBoundingClientRect().left")
    check("navigationDidShow:detail-1" in d["events"] and left == 0, f"realtime: detail-1 pushed and shown at x 0 ({left})")
    await shot(page, artifacts, "realtime-05-pushed.png")
    since = len(d["events"])
    await click(page, ".page[data-entry=detail-1] .back")
    await event(page, "navigationDidShow", since, "realtime: pop")
    d = await follows(page, "realtime: popped")
    check("popped:detail-1" in d["events"], f"realtime: Back popped detail-1 ({d['events'][since:]})")

    # The list scrolls under a drag (the sheet is at its largest detent: the list owns it).
    x, y = await center(page, ".page[data-entry=root] .list")
    await drag(page, x, y + 150, -250)
    offset = await page.evaluate("sheetHost.pages.get('root').offset")
    d = await follows(page, "realtime: list scrolled")
    check(offset == 250 and d["frame"]["y"] == 57, f"realtime: the list scrolled by 250 ({offset}), the sheet stayed ({d['frame']})")
    await shot(page, artifacts, "realtime-04-list-scrolled.png")

    # A long drag down dismisses.
    await until(page, "f.state === 'presented'", "realtime: at rest before the dismissal")
    x, y = await center(page, ".page[data-entry=root] header")
    await drag(page, x, y, 600)
    await event(page, "dismissed", 0, "realtime: dismiss")
    await page.evaluate("sheetHost.waitForFrame(f => f.state === 'dismissed')")
    d = await follows(page, "realtime: dismissed")
    check(d["frame"]["y"] == 844 and d["opacity"] == 0, f"realtime: the drag down dismissed the sheet ({d['frame']})")
    await shot(page, artifacts, "realtime-06-dismissed.png")


async def hostclock(page: DevTools, base: str, artifacts: str) -> None:
    await load(page, base + "/?clock=host")
    await page.evaluate("sheetHost.step(320)")
    d = await follows(page, "host: presented")
    check(d["frame"]["y"] == 422 and d["state"] == "presented", f"host: presented at medium after 320 ms ({d['frame']})")
    await shot(page, artifacts, "host-01-presented.png")

    # A slow drag: 120 pt down in three 16 ms steps, held 200 ms, released: it settles back.
    x, y = await center(page, ".page[data-entry=root] header")
    await stepped_press(page, x, y, (40, 80, 120))
    await page.evaluate("sheetHost.step(16)")
    d = await follows(page, "host: mid-drag")
    check(d["state"] == "dragging" and d["frame"]["y"] == 542, f"host: the sheet follows the finger to y 542 ({d['frame']})")
    await shot(page, artifacts, "host-02-mid-drag.png")
    await page.evaluate("sheetHost.step(200)")
    await page.mouse("mouseReleased", x, y + 120, buttons=0)
    await page.evaluate("sheetHost.step(800)")
    d = await follows(page, "host: settled")
    check(d["frame"]["y"] == 422 and d["state"] == "presented" and "dismissCancelled" in d["events"],
          f"host: the slow drag settled back at medium ({d['frame']}, {d['events']})")
    await shot(page, artifacts, "host-03-settled.png")

    # A push, stepped: half-way both pages show where the frame puts them.
    since = len(d["events"])
    await click(page, ".page[data-entry=root] .row .open")
    await page.evaluate("sheetHost.step(160)")
    layout = await page.evaluate("""(() => {
        const sheet = document.getElementById('sheet').getBoundingClientRect().left;
        return sheetHost.frame.nav.items.map(i => [i.id, i.x,
            document.querySelector(`.page[data-entry=${i.id}]`).getBoundingClientRect().left - sheet]); })()""")
    check(len(layout) == 2 and all(abs(x - left) < 0.02 for _, x, left in layout) and layout[1][1] > 0,
          f"host: mid-push, both pages sit where the frame says ({layout})")
    await shot(page, artifacts, "host-04-mid-push.png")
    await page.evaluate("sheetHost.step(400)")
    d = await follows(page, "host: pushed")
    check("navigationDidShow:detail-1" in d["events"][since:], f"host: the push completed ({d['events'][since:]})")
    await click(page, ".page[data-entry=detail-1] .back")
    await page.evaluate("sheetHost.step(400)")
    d = await follows(page, "host: popped")
    check("popped:detail-1" in d["events"][since:], f"host: popped ({d['events'][since:]})")

    # A pull down in the list at its top: the sheet takes the drag, the list is pinned at 0.
    lx, ly = await center(page, ".page[data-entry=root] .list")
    await stepped_press(page, lx, ly, (30, 60, 90))
    await page.evaluate("sheetHost.step(16)")
    d = await follows(page, "host: list pull")
    pin = await page.evaluate("[sheetHost.frame.scroll.pinOffsetY, sheetHost.pages.get('root').offset]")
    check(d["state"] == "dragging" and d["frame"]["y"] > 422 and pin == [0, 0],
          f"host: pulling the list at its top drags the sheet, the list pinned at 0 ({d['frame']}, {pin})")
    await shot(page, artifacts, "host-05-list-pull.png")
    await page.evaluate("sheetHost.step(200)")
    await page.mouse("mouseReleased", lx, ly + 90, buttons=0)
    await page.evaluate("sheetHost.step(800)")
    d = await follows(page, "host: list pull released")
    check(d["frame"]["y"] == 422 and d["state"] == "presented", f"host: the pulled sheet settled back ({d['frame']})")

    # A fast drag: 200 pt in two 16 ms steps, released at once: a fling that dismisses.
    await stepped_press(page, x, y, (100, 200))
    await page.mouse("mouseReleased", x, y + 200, buttons=0)
    await page.evaluate("sheetHost.step(16)")
    d = await follows(page, "host: flung")
    check(d["state"] == "dismissing", f"host: the fling starts a dismissal ({d['frame']})")
    await page.evaluate("sheetHost.step(600)")
    d = await follows(page, "host: dismissed")
    check(d["frame"]["y"] == 844 and "dismissed" in d["events"], f"host: dismissed ({d['frame']}, {d['events']})")
    await shot(page, artifacts, "host-06-dismissed.png")


async def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sheetd", default=None)
    ap.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    ap.add_argument("--artifacts", default=os.path.join(ROOT, ".build", "web-host-artifacts"))
    opts = ap.parse_args()
    os.makedirs(opts.artifacts, exist_ok=True)
    bridge_args = [sys.executable, os.path.join(HERE, "serve.py"), "--port", "0"]
    if opts.sheetd:
        bridge_args += ["--sheetd", opts.sheetd]
    bridge = subprocess.Popen(bridge_args, stdout=subprocess.PIPE, text=True)
    browser = None
    page = None
    try:
        assert bridge.stdout is not None
        line = bridge.stdout.readline()
        m = re.search(r"listening on (http://127\.0\.0\.1:\d+)/", line)
        if not m:
            print(f"FAIL the bridge did not start: {line!r}")
            return 1
        base = m.group(1)
        browser = Browser(opts.chromium)
        page = await open_page(browser.endpoint())
        await asyncio.wait_for(realtime(page, base, opts.artifacts), 120)
        await asyncio.wait_for(hostclock(page, base, opts.artifacts), 120)
    finally:
        if page is not None:
            try:
                await page.browser.call("Browser.close")
            except (RuntimeError, ConnectionError, ConnectionClosed, asyncio.TimeoutError):
                pass
        if browser:
            browser.close()
        bridge.terminate()
        try:
            bridge.wait(10)
        except subprocess.TimeoutExpired:
            bridge.kill()
            bridge.wait()
    print(f"{len(failures)} failed" if failures else "all checks passed", f"(screenshots in {opts.artifacts})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
