#!/usr/bin/env python3
"""The live web host's bridge: serves the page and relays a WebSocket to a sheetd child.

    python3 examples/web-host/serve.py            # then open http://127.0.0.1:8765/
    python3 examples/web-host/serve.py --port 0 --sheetd .build/debug/sheetd

Needs the ``websockets`` library (Debian: ``apt-get install python3-websockets``; else
``python3 -m pip install websockets``); the WebSocket protocol is entirely the library's. Its
asyncio API is 10.4's (Debian 12), which later releases keep as ``websockets.legacy``.
Listens on 127.0.0.1 only. Each WebSocket connection to ``/rpc`` gets its own sheetd (the
``--sheetd`` path, else ``$SHEETD``, else ``sheetd`` on ``PATH``), at most ``--max-daemons`` at
a time: every text message from the page is one JSON-RPC message written to sheetd's stdin,
every line sheetd prints is sent back as one text message. Prints ``listening on
http://127.0.0.1:PORT/`` once it accepts connections. Only this server's own pages (and
``--allow-origin`` origins) may open the WebSocket; nothing but the page's files is served.

Limits (a page or a local program is not trusted to behave):

- a message over 1 MiB (sheetd's own limit), in one frame or reassembled from fragments, closes
  the socket with 1009 as soon as a frame header takes it over; nothing past the limit is read;
- a frame the client did not mask closes it with 1002 (RFC 6455 §5.1), binary data with 1003;
- over ``--max-daemons`` sheetd processes, a new socket is accepted and closed with 1013;
- backpressure both ways: a page that does not read stops the bridge reading that sheetd's
  stdout (so sheetd stops taking work), and a sheetd that does not read stops the bridge reading
  that page; what waits per page is bounded by ``MAX_QUEUE``, ``LINE_CHUNK`` and the write limit.
"""
from __future__ import annotations

import argparse
import asyncio
import codecs
import http
import os
import signal
import socket
import sys
from typing import AsyncIterator, Optional

try:
    from websockets.exceptions import ConnectionClosed
    from websockets.legacy.server import WebSocketServerProtocol, serve
except ImportError:
    sys.exit(f"web-host: {sys.executable} has no websockets library: apt-get install python3-websockets"
             " (then run /usr/bin/python3), or python3 -m pip install websockets")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "clients", "python"))

import sheetd  # noqa: E402  (the Python client: finds the daemon)

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

#: The largest message a page may send, in one frame or reassembled: sheetd's own limit.
MAX_MESSAGE = 1 << 20
#: Messages received from a page and not yet written to its sheetd (each at most MAX_MESSAGE).
MAX_QUEUE = 4
#: Bytes waiting in the socket's write buffer before sending waits for the page to read.
WRITE_LIMIT = 1 << 16
#: The longest line of sheetd output sent as one frame; a longer line goes out as fragments of
#: about this size (read from sheetd only as the page takes them).
LINE_CHUNK = 1 << 20

#: Close codes (RFC 6455 §7.4.1).
UNSUPPORTED_DATA, INTERNAL_ERROR, TRY_AGAIN_LATER = 1003, 1011, 1013


def log(*args: object) -> None:
    print("web-host:", *args, file=sys.stderr, flush=True)


class DaemonCap:
    """How many sheetd processes run, and how many may: a page over the cap gets 1013."""

    def __init__(self, limit: int):
        self.limit = limit
        self.running = 0

    def take(self) -> bool:
        if self.running >= self.limit:
            return False
        self.running += 1
        return True

    def release(self) -> None:
        self.running -= 1


async def long_line(stdout: asyncio.StreamReader, available: int) -> AsyncIterator[str]:
    """The fragments of an output line longer than LINE_CHUNK: what is buffered, then the rest
    as it arrives, up to the newline (UTF-8 sequences are never split between fragments)."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    while True:
        yield decoder.decode(await stdout.readexactly(available))
        try:
            rest = await stdout.readuntil(b"\n")
        except asyncio.LimitOverrunError as e:
            available = e.consumed
            continue
        except asyncio.IncompleteReadError as e:
            rest = e.partial
        yield decoder.decode(rest.rstrip(b"\n"), final=True)
        return


async def page_to_daemon(ws: WebSocketServerProtocol, stdin: asyncio.StreamWriter) -> None:
    """Each text message from the page becomes one line on sheetd's stdin (a newline inside
    JSON is only whitespace); waits for sheetd to take it before reading the next one."""
    try:
        async for message in ws:
            if isinstance(message, bytes):
                await ws.close(UNSUPPORTED_DATA, "text messages only: one JSON-RPC message each")
                return
            stdin.write(message.replace("\n", " ").encode("utf-8") + b"\n")
            await stdin.drain()
    except (ConnectionClosed, ConnectionError):
        pass


async def daemon_to_page(ws: WebSocketServerProtocol, stdout: asyncio.StreamReader) -> None:
    """Each line sheetd prints becomes one text message; reads the next line only once the page
    has taken the last one (the socket's buffer is under WRITE_LIMIT)."""
    try:
        while True:
            try:
                line = await stdout.readuntil(b"\n")
            except asyncio.LimitOverrunError as e:
                await ws.send(long_line(stdout, e.consumed))
                continue
            except asyncio.IncompleteReadError as e:  # sheetd ended (with or without a last newline)
                if e.partial:
                    await ws.send(e.partial.decode("utf-8", errors="replace"))
                return
            await ws.send(line[:-1].decode("utf-8", errors="replace"))
    except ConnectionClosed:
        pass


async def discard_until_exit(proc: asyncio.subprocess.Process) -> int:
    """Reads (and drops) sheetd's remaining output so that it can finish; its exit status."""
    assert proc.stdout is not None
    while await proc.stdout.read(1 << 16):
        pass
    return await proc.wait()


async def relay(ws: WebSocketServerProtocol, executable: str, args: list) -> int:
    """One page connection <-> one sheetd child, until either side ends; sheetd's exit status."""
    proc = await asyncio.create_subprocess_exec(executable, "--framing", "ndjson", *args,
                                                stdin=asyncio.subprocess.PIPE,
                                                stdout=asyncio.subprocess.PIPE, limit=LINE_CHUNK)
    assert proc.stdin is not None and proc.stdout is not None
    log(f"sheetd {proc.pid} started for a page")
    inbound = asyncio.ensure_future(page_to_daemon(ws, proc.stdin))
    outbound = asyncio.ensure_future(daemon_to_page(ws, proc.stdout))
    try:
        await asyncio.wait([inbound, outbound], return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (inbound, outbound):
            task.cancel()
        await asyncio.gather(inbound, outbound, return_exceptions=True)
        if not proc.stdin.is_closing():
            proc.stdin.close()
        try:
            status = await asyncio.wait_for(discard_until_exit(proc), 5)
        except asyncio.TimeoutError:
            proc.kill()
            status = await proc.wait()
        log(f"sheetd {proc.pid} exited with status {status}")
    return status


async def bridge(ws: WebSocketServerProtocol, executable: str, args: list, cap: DaemonCap) -> None:
    """The handler of an accepted ``/rpc`` socket: a sheetd for it, unless the cap is reached.
    The socket closes when the handler returns (1000), or with 1011 if sheetd failed."""
    if not cap.take():
        log(f"refused a page: {cap.limit} sheetd processes are running (--max-daemons)")
        await ws.close(TRY_AGAIN_LATER, f"{cap.limit} sheetd processes are running (--max-daemons)")
        return
    try:
        status = await relay(ws, executable, args)
    finally:
        cap.release()  # as sheetd's exit is logged: nothing runs in between
    if status != 0:
        await ws.close(INTERNAL_ERROR, f"sheetd exited with status {status}")


def static_files(origins: list):
    """The HTTP side: the page's files on GET, 404 for anything else; ``/rpc`` goes on to the
    WebSocket handshake (where the library checks the Origin against ``origins``)."""

    async def process_request(path: str, headers) -> Optional[tuple]:
        route = path.split("?", 1)[0]
        if route == "/rpc":
            if headers.get("Origin") not in origins:
                log(f"refused a WebSocket from origin {headers.get('Origin')!r} (see --allow-origin)")
            return None
        if route not in FILES:
            return http.HTTPStatus.NOT_FOUND, [("Content-Type", "text/plain")], b"not found\n"
        file, kind = FILES[route]
        with open(file, "rb") as f:
            body = f.read()
        return http.HTTPStatus.OK, [("Content-Type", kind), ("Cache-Control", "no-store")], body

    return process_request


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
    ap.add_argument("--max-daemons", type=int, default=8, metavar="N",
                    help="sheetd processes at most, one per open page (default 8); another page gets close code 1013")
    opts = ap.parse_args()
    if opts.max_daemons < 1:
        ap.error("--max-daemons must be at least 1")
    executable = sheetd.find_daemon(opts.sheetd)
    sock = socket.create_server(("127.0.0.1", opts.port))
    port = sock.getsockname()[1]
    # None: no Origin header (not a browser); a browser page must come from here or be allowed.
    origins = [None, f"http://127.0.0.1:{port}", f"http://localhost:{port}", *opts.allow_origin]
    cap = DaemonCap(opts.max_daemons)
    async with serve(lambda ws: bridge(ws, executable, opts.sheetd_arg, cap), sock=sock,
                     origins=origins, process_request=static_files(origins), compression=None,
                     max_size=MAX_MESSAGE, max_queue=MAX_QUEUE, write_limit=WRITE_LIMIT):
        print(f"listening on http://127.0.0.1:{port}/", flush=True)
        log(f"sheetd is {executable}; open http://127.0.0.1:{port}/ (host clock: ?clock=host)")
        await stop.wait()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
