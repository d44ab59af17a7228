#!/usr/bin/env python3
"""The live web host's bridge: serves the page and relays a WebSocket to a sheetd child.

    python3 examples/web-host/serve.py            # then open http://127.0.0.1:8765/
    python3 examples/web-host/serve.py --port 0 --sheetd .build/debug/sheetd

Standard library only. Listens on 127.0.0.1 only. Each WebSocket connection to ``/rpc`` gets
its own sheetd (the ``--sheetd`` path, else ``$SHEETD``, else ``sheetd`` on ``PATH``): every
text message from the page is one JSON-RPC message written to sheetd's stdin, every line
sheetd prints is sent back as one text message. The page (index.html, host.js) speaks
JSON-RPC through clients/js/sheetd.js; ``?clock=host`` runs it on the host clock for stepping.
Prints ``listening on http://127.0.0.1:PORT/`` once it accepts connections. Only this server's own
pages (and ``--allow-origin`` origins) may open the WebSocket.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "clients", "python"))

import sheetd  # noqa: E402  (the Python client: finds the daemon)
from websocket import WebSocket, accept_key  # noqa: E402

#: URL path -> file served (nothing else is readable through the server).
FILES = {
    "/": (os.path.join(HERE, "index.html"), "text/html; charset=utf-8"),
    "/host.js": (os.path.join(HERE, "host.js"), "text/javascript; charset=utf-8"),
    "/host.css": (os.path.join(HERE, "host.css"), "text/css; charset=utf-8"),
    "/sheet-renderer.js": (os.path.join(ROOT, "Sources", "SheetReplay", "Resources", "sheet-renderer.js"),
                           "text/javascript; charset=utf-8"),
    "/sheetd.js": (os.path.join(ROOT, "clients", "js", "sheetd.js"), "text/javascript; charset=utf-8"),
    "/methods.js": (os.path.join(ROOT, "clients", "js", "methods.js"), "text/javascript; charset=utf-8"),
}


def log(*args: object) -> None:
    print("web-host:", *args, file=sys.stderr, flush=True)


async def relay(ws: WebSocket, executable: str, args: list) -> None:
    """One page connection <-> one sheetd child, until either side ends."""
    proc = await asyncio.create_subprocess_exec(executable, "--framing", "ndjson", *args,
                                                stdin=asyncio.subprocess.PIPE,
                                                stdout=asyncio.subprocess.PIPE, limit=1 << 26)
    assert proc.stdin is not None and proc.stdout is not None
    log(f"sheetd {proc.pid} started for a page")

    async def page_to_daemon() -> None:
        while True:
            text = await ws.recv()
            if text is None:
                break
            proc.stdin.write(text.replace("\n", " ").encode("utf-8") + b"\n")
            await proc.stdin.drain()

    async def daemon_to_page() -> None:
        while True:
            line = await proc.stdout.readline()
            if not line:
                break
            await ws.send(line.decode("utf-8").rstrip("\n"))

    tasks = [asyncio.ensure_future(page_to_daemon()), asyncio.ensure_future(daemon_to_page())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if proc.stdin and not proc.stdin.is_closing():
            proc.stdin.close()
        try:
            status = await asyncio.wait_for(proc.wait(), 5)
        except asyncio.TimeoutError:
            proc.kill()
            status = await proc.wait()
        log(f"sheetd {proc.pid} exited with status {status}")
        await ws.close()


def origin_allowed(origin: str, port: int, extra: list) -> bool:
    """Pages of this server (or of ``--allow-origin``) may open the WebSocket; other sites may
    not (a page elsewhere on the web must not be able to drive the user's sheetd)."""
    return (not origin or origin in (f"http://127.0.0.1:{port}", f"http://localhost:{port}")
            or origin in extra)


async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, executable: str, args: list,
                 port: int = 0, origins: tuple = ()) -> None:
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
        writer.close()
        return
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ")
    headers = {k.strip().lower(): v.strip() for k, _, v in (l.partition(":") for l in lines[1:] if l)}
    path = parts[1].split("?", 1)[0] if len(parts) > 1 else "/"
    websocket = path == "/rpc" and headers.get("upgrade", "").lower() == "websocket" and "sec-websocket-key" in headers
    if websocket and not origin_allowed(headers.get("origin", ""), port, list(origins)):
        log(f"refused a WebSocket from origin {headers.get('origin')!r} (see --allow-origin)")
        writer.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        await writer.drain()
        writer.close()
        return
    if websocket:
        writer.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Accept: {accept_key(headers['sec-websocket-key'])}\r\n\r\n").encode())
        await writer.drain()
        await relay(WebSocket(reader, writer, mask=False), executable, args)
        return
    if parts[0] == "GET" and path in FILES:
        file, kind = FILES[path]
        with open(file, "rb") as f:
            body = f.read()
        status = "200 OK"
    else:
        body, kind, status = b"not found\n", "text/plain", "404 Not Found"
    writer.write((f"HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {len(body)}\r\n"
                  "Cache-Control: no-store\r\nConnection: close\r\n\r\n").encode() + body)
    await writer.drain()
    writer.close()


async def main() -> int:
    # A parent may have spawned us with SIGTERM blocked (it would be ignored): take it back, and
    # stop cleanly on it (each page's sheetd then sees the end of its input and exits).
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(sig, stop.set)
    ap = argparse.ArgumentParser(description="sheetd live web host (bridge + page)")
    ap.add_argument("--port", type=int, default=8765, help="TCP port on 127.0.0.1 (0: any free port)")
    ap.add_argument("--sheetd", default=None, help="the sheetd executable (default: $SHEETD, else PATH)")
    ap.add_argument("--sheetd-arg", action="append", default=[], help="an extra sheetd argument (repeatable)")
    ap.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                    help="another page origin allowed to open /rpc (e.g. http://127.0.0.1:3000; repeatable)")
    opts = ap.parse_args()
    executable = sheetd.find_daemon(opts.sheetd)
    port = 0
    server = await asyncio.start_server(
        lambda r, w: handle(r, w, executable, opts.sheetd_arg, port, tuple(opts.allow_origin)),
        "127.0.0.1", opts.port, limit=1 << 20)
    port = server.sockets[0].getsockname()[1]
    print(f"listening on http://127.0.0.1:{port}/", flush=True)
    log(f"sheetd is {executable}; open http://127.0.0.1:{port}/ (host clock: ?clock=host)")
    async with server:
        await stop.wait()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
