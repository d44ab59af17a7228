#!/usr/bin/env python3
"""The web bridge (serve.py) under hostile clients, over raw sockets (run by `swift test`).

    python3 examples/web-host/bridge_test.py --sheetd .build/debug/sheetd [-v]

The interpreter must be able to import ``websockets`` (serve.py runs under it); the tests
themselves write WebSocket frames by hand, so that they can send what no library would: a
header claiming 2^40 bytes, fragments without end, unmasked frames, half a frame, a ninth
socket, a page that never reads while it floods its sheetd. Each test checks the bridge's
answer (an HTTP status or a close code) or its memory, and that the bridge still answers
another page. Waits are for events (a frame, a log line, a process state in /proc), each
bounded by SAFETY only so that a broken bridge fails instead of hanging; nothing sleeps and
nothing is timed. Linux only (/proc).
"""
from __future__ import annotations

import argparse
import asyncio
import base64
import http.client
import json
import os
import re
import select
import socket
import struct
import subprocess
import sys
import threading
import time
import unittest
from typing import Callable, List, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
SAFETY = 60.0  # seconds: a bound on any single wait, never a synchronisation
MiB = 1 << 20
TEXT, BINARY, CONTINUATION, CLOSE, PING = 0x1, 0x2, 0x0, 0x8, 0x9
SHEETD: Optional[str] = None


def masked(payload: bytes, key: bytes) -> bytes:
    n = len(payload)
    mask = int.from_bytes((key * (n // 4 + 1))[:n], "little")
    return (int.from_bytes(payload, "little") ^ mask).to_bytes(n, "little")


def frame(opcode: int, payload: bytes = b"", *, fin: bool = True, mask: bool = True,
          length: Optional[int] = None) -> bytes:
    """One client frame; `length` claims another payload length than `payload`'s."""
    n = len(payload) if length is None else length
    head = bytes([(0x80 if fin else 0) | opcode])
    bit = 0x80 if mask else 0
    if n < 126:
        head += bytes([bit | n])
    elif n < 1 << 16:
        head += bytes([bit | 126]) + struct.pack("!H", n)
    else:
        head += bytes([bit | 127]) + struct.pack("!Q", n)
    if not mask:
        return head + payload
    key = os.urandom(4)
    return head + key + masked(payload, key)


def rpc(method: str, params: Optional[dict] = None, id: object = 1) -> str:
    message = {"jsonrpc": "2.0", "id": id, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class Client:
    """A WebSocket client on a raw socket: sends any bytes, reads the server's frames."""

    def __init__(self, port: int, origin: Optional[str] = None, receive_buffer: Optional[int] = None):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.settimeout(SAFETY)
        self.sock.connect(("127.0.0.1", port))
        self.buffer = b""
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /rpc HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                           + (f"Origin: {origin}\r\n" if origin else "") + "\r\n").encode())
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        self.status = int(head.split(b" ", 2)[1])

    def _fill(self) -> None:
        chunk = self.sock.recv(1 << 16)
        if not chunk:
            raise EOFError("the bridge closed the connection")
        self.buffer += chunk

    def _take(self, n: int) -> bytes:
        while len(self.buffer) < n:
            self._fill()
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def send_text(self, text: str) -> None:
        self.send(frame(TEXT, text.encode()))

    def read_frame(self) -> Tuple[bool, int, bytes]:
        b0, b1 = self._take(2)
        assert not b1 & 0x80, "a server frame must not be masked"
        n = b1 & 0x7F
        if n == 126:
            (n,) = struct.unpack("!H", self._take(2))
        elif n == 127:
            (n,) = struct.unpack("!Q", self._take(8))
        return bool(b0 & 0x80), b0 & 0x0F, self._take(n)

    def read_message(self) -> Tuple[int, bytes]:
        """The next data message (fragments joined) or close frame: (opcode, payload)."""
        parts: List[bytes] = []
        opcode = None
        while True:
            fin, op, payload = self.read_frame()
            if op in (PING, 0xA):
                continue
            if op == CLOSE:
                return CLOSE, payload
            opcode = op if opcode is None else opcode
            parts.append(payload)
            if fin:
                self.fragments = len(parts)
                return opcode, b"".join(parts)

    def close_code(self) -> Optional[int]:
        """Reads (and drops) messages until the server's close frame: its code."""
        while True:
            opcode, payload = self.read_message()
            if opcode == CLOSE:
                return struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None

    def answer(self, id: object) -> dict:
        """The response with `id` (notifications before it are dropped)."""
        while True:
            opcode, payload = self.read_message()
            if opcode == CLOSE:
                raise EOFError(f"closed while waiting for {id!r}: {payload!r}")
            message = json.loads(payload)
            if message.get("id") == id:
                return message

    def call(self, method: str, params: Optional[dict] = None, id: object = 1) -> dict:
        self.send_text(rpc(method, params, id))
        return self.answer(id)

    def close(self) -> None:
        """Closes cleanly: a close frame, the server's close frame, then the socket."""
        try:
            self.send(frame(CLOSE, struct.pack("!H", 1000)))
            self.close_code()
        except (OSError, EOFError):
            pass
        self.sock.close()


class Bridge:
    """serve.py on a free port, with its stderr (and its sheetd children's) kept line by line."""

    def __init__(self, *args: str):
        command = [sys.executable, os.path.join(HERE, "serve.py"), "--port", "0", *args]
        if SHEETD:
            command += ["--sheetd", SHEETD]
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        m = re.search(r"listening on http://127\.0\.0\.1:(\d+)/", line)
        if not m:
            self.proc.kill()
            raise RuntimeError(f"the bridge did not start: {line!r} {self.proc.stderr.read()}")  # type: ignore[union-attr]
        self.port = int(m.group(1))
        self.lines: List[str] = []
        self.changed = threading.Condition()
        self.log_reader = threading.Thread(target=self._read_log, daemon=True)
        self.log_reader.start()

    def _read_log(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            with self.changed:
                self.lines.append(line.rstrip("\n"))
                self.changed.notify_all()

    def wait_for(self, predicate: Callable[[List[str]], object], what: str):
        """Waits until `predicate(lines)` holds; its value."""
        with self.changed:
            if not self.changed.wait_for(lambda: predicate(self.lines), SAFETY):
                raise AssertionError(f"the bridge never logged {what}; its log:\n" + "\n".join(self.lines[-40:]))
            return predicate(self.lines)

    def started(self, lines: List[str]) -> List[int]:
        return [int(m.group(1)) for m in (re.search(r"sheetd (\d+) started", l) for l in lines) if m]

    def exited(self, lines: List[str]) -> List[int]:
        return [int(m.group(1)) for m in (re.search(r"sheetd (\d+) exited", l) for l in lines) if m]

    def wait_idle(self) -> None:
        """Waits until every sheetd the bridge started has exited."""
        self.wait_for(lambda lines: sorted(self.started(lines)) == sorted(self.exited(lines)), "every sheetd exited")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(SAFETY)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log_reader.join(SAFETY)
        self.proc.stdout.close()  # type: ignore[union-attr]
        self.proc.stderr.close()  # type: ignore[union-attr]


def proc_field(pid: int, file: str, name: str) -> int:
    """A number from /proc/PID/FILE (`VmRSS:` of status, `rchar:` of io)."""
    with open(f"/proc/{pid}/{file}") as f:
        for line in f:
            if line.startswith(name):
                return int(line.split()[1])
    raise KeyError(name)


def asleep_in_poll_forever(pid: int) -> bool:
    """The process sleeps in poll(2) with no timeout (/proc/PID/syscall names the call only
    while the task is blocked in it)."""
    with open(f"/proc/{pid}/syscall") as f:
        fields = f.read().split()
    # x86_64: poll = 7, its third argument the timeout; aarch64: ppoll (73) with a NULL timeout.
    return len(fields) > 3 and ((fields[0] == "7" and fields[3] == "0xffffffff") or (fields[0] == "73" and fields[3] == "0x0"))


def asleep_in_epoll(pid: int) -> bool:
    """The process (its main thread: the bridge's event loop) is blocked waiting for events."""
    with open(f"/proc/{pid}/syscall") as f:
        fields = f.read().split()
    # x86_64: epoll_wait 232, epoll_pwait 281, epoll_pwait2 441; aarch64: epoll_pwait 22, epoll_pwait2 441.
    return bool(fields) and fields[0] in (("232", "281", "441") if os.uname().machine == "x86_64" else ("22", "441"))


def writable(sock: socket.socket) -> bool:
    return bool(select.select([], [sock], [], 0)[1])


class BridgeTestCase(unittest.TestCase):
    bridge: Bridge

    @classmethod
    def setUpClass(cls) -> None:
        cls.bridge = Bridge("--allow-origin", "http://127.0.0.1:3000")

    @classmethod
    def tearDownClass(cls) -> None:
        cls.bridge.stop()

    def setUp(self) -> None:
        self.bridge.wait_idle()
        self.clients: List[Client] = []

    def tearDown(self) -> None:
        for c in self.clients:
            c.close()

    def client(self, **options) -> Client:
        c = Client(self.bridge.port, **options)
        self.clients.append(c)
        return c

    def initialized(self, **options) -> Client:
        c = self.client(**options)
        self.assertEqual(c.status, 101)
        answer = c.call("initialize", {"clock": "host"}, id="init")
        self.assertIn("result", answer, answer)
        return c

    def assertCloses(self, c: Client, code: int) -> None:
        self.assertEqual(c.close_code(), code)
        self.assertResponsive()

    def assertResponsive(self) -> None:
        """Another page still gets a daemon that answers."""
        c = self.initialized()
        self.assertEqual(c.call("session.list", id="list").get("result"), [])


class MessageSizeTests(BridgeTestCase):
    """Messages up to 1 MiB (sheetd's own limit) pass, in one frame or in fragments; one byte
    more closes the socket with 1009 as soon as a frame header says so."""

    @staticmethod
    def exactly(size: int, id: str) -> bytes:
        text = rpc("session.list", id=id).encode()
        return text + b" " * (size - len(text))

    def test_a_1_MiB_message_reaches_sheetd_whole(self) -> None:
        c = self.initialized()
        c.send(frame(TEXT, self.exactly(MiB, "one frame")))
        self.assertIn("result", c.answer("one frame"))
        message = self.exactly(MiB, "fragments")
        quarter = MiB // 4
        c.send(frame(TEXT, message[:quarter], fin=False))
        c.send(frame(CONTINUATION, message[quarter:2 * quarter], fin=False))
        c.send(frame(CONTINUATION, message[2 * quarter:3 * quarter], fin=False))
        c.send(frame(CONTINUATION, message[3 * quarter:], fin=True))
        self.assertIn("result", c.answer("fragments"))

    def test_an_answer_over_1_MiB_arrives_whole_in_fragments(self) -> None:
        c = self.initialized()
        # A 1 MB batch whose answer (an error each, naming the method) is a 1.5 MB line, mostly
        # two-byte characters: the fragments must not split them.
        calls, method = 10000, "é" * 30
        c.send(frame(TEXT, ("[" + ",".join(rpc(method, id=i) for i in range(calls)) + "]").encode()))
        opcode, payload = c.read_message()
        self.assertEqual(opcode, TEXT)
        self.assertGreater(len(payload), MiB)
        self.assertGreater(c.fragments, 1)
        answers = json.loads(payload.decode("utf-8"))
        self.assertEqual([a["id"] for a in answers], list(range(calls)))
        self.assertTrue(all(a["error"]["message"] == f"method not found: {method}" for a in answers))

    def test_a_header_claiming_2_to_the_40_bytes_closes_with_1009(self) -> None:
        c = self.initialized()
        c.send(frame(TEXT, length=1 << 40))  # the header (and mask key) alone: no payload
        self.assertCloses(c, 1009)

    def test_a_frame_one_byte_over_1_MiB_closes_with_1009_before_its_payload(self) -> None:
        c = self.initialized()
        head = frame(TEXT, length=MiB + 1)
        c.send(head)  # header and mask key; the payload is never sent
        self.assertCloses(c, 1009)

    def test_fragments_past_1_MiB_close_with_1009(self) -> None:
        c = self.initialized()
        chunk = b" " * (64 << 10)
        c.send(frame(TEXT, chunk, fin=False))
        for _ in range(15):  # 1 MiB in all so far, no FIN
            c.send(frame(CONTINUATION, chunk, fin=False))
        c.send(frame(CONTINUATION, length=1, fin=False))  # one byte more: the header is enough
        self.assertCloses(c, 1009)

    def test_many_small_fragments_past_1_MiB_close_with_1009(self) -> None:
        c = self.initialized()
        chunk = b" " * 1000
        frames = frame(TEXT, chunk, fin=False) + b"".join(frame(CONTINUATION, chunk, fin=False) for _ in range(1100))
        try:
            c.send(frames)  # 1.1 MB: the bridge may stop reading once it closes
        except OSError:
            pass
        self.assertCloses(c, 1009)


class FramingTests(BridgeTestCase):
    """What RFC 6455 forbids a client closes its socket, and nothing else is disturbed."""

    def test_an_unmasked_frame_closes_with_1002(self) -> None:
        c = self.initialized()
        c.send(frame(TEXT, rpc("session.list").encode(), mask=False))
        self.assertCloses(c, 1002)

    def test_binary_data_closes_with_1003(self) -> None:
        c = self.initialized()
        c.send(frame(BINARY, rpc("session.list").encode()))
        self.assertCloses(c, 1003)

    def test_a_half_sent_frame_holds_up_no_other_page(self) -> None:
        slow = self.initialized()
        message = MessageSizeTests.exactly(MiB, "slow")
        whole = frame(TEXT, message)
        slow.send(whole[:len(whole) // 2])
        # The other page is answered while the first one's frame is half way.
        self.assertResponsive()
        slow.send(whole[len(whole) // 2:])
        self.assertIn("result", slow.answer("slow"))


class DaemonExitTests(BridgeTestCase):
    """When sheetd ends on its own, the page's socket closes: 1000 after a clean exit, 1011
    (with the status) otherwise."""

    def test_a_clean_exit_closes_with_1000(self) -> None:
        c = self.initialized()
        c.call("shutdown", id="down")
        c.send_text(json.dumps({"jsonrpc": "2.0", "method": "exit"}))
        self.assertCloses(c, 1000)

    def test_a_failed_exit_closes_with_1011(self) -> None:
        c = self.initialized()
        c.send_text(json.dumps({"jsonrpc": "2.0", "method": "exit"}))  # exit without shutdown: status 1
        self.assertCloses(c, 1011)


class DaemonCapTests(BridgeTestCase):
    """At most 8 sheetd processes (the default --max-daemons): a ninth page is closed with 1013
    and starts none; a page that leaves frees its place."""

    def test_a_ninth_page_is_closed_with_1013(self) -> None:
        before = len(self.bridge.started(self.bridge.lines))
        pages = [self.initialized() for _ in range(8)]
        ninth = self.client()
        self.assertEqual(ninth.status, 101)
        self.assertEqual(ninth.close_code(), 1013)
        # One page leaves: once its sheetd has exited, another page gets one.
        exited = len(self.bridge.exited(self.bridge.lines))
        pages[0].close()
        self.clients.remove(pages[0])
        self.bridge.wait_for(lambda lines: len(self.bridge.exited(lines)) > exited, "the leaving page's sheetd exit")
        self.initialized()
        for p in pages[1:]:
            self.assertIn("result", p.call("session.list", id="still"))
        for c in self.clients:
            c.close()
        self.clients = []
        self.bridge.wait_idle()
        self.assertEqual(len(self.bridge.started(self.bridge.lines)) - before, 9, "a sheetd per page, none for the ninth")


class BackpressureTests(BridgeTestCase):
    """A page that stops reading stops the bridge reading its sheetd, whose output then backs
    up in sheetd (which takes no more work); a page that floods a sheetd that takes no more
    work is stopped after MAX_QUEUE messages. What waits backs up in the processes that cause
    it, not in the bridge; other pages are served meanwhile; nothing is lost."""

    SESSIONS, TICKS = 100, 400  # one batch of ticks: about 16 MB of frames

    def test_a_page_that_does_not_read_holds_the_bridge_to_a_few_MiB_both_ways(self) -> None:
        before = len(self.bridge.started(self.bridge.lines))
        page = self.initialized(receive_buffer=64 << 10)
        page.sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 64 << 10)
        pid = self.bridge.wait_for(lambda lines: self.bridge.started(lines)[before:], "the page's sheetd")[0]
        bridge = self.bridge.proc.pid
        setup = [rpc("session.create", {"container": {"width": 390, "height": 844}}, f"c{s}") for s in range(self.SESSIONS)]
        setup += [rpc("sheet.present", {"session": f"s{s + 1}", "t": 0}, f"p{s}") for s in range(self.SESSIONS)]
        for message in setup:
            page.send_text(message)
        page.call("session.list", id="ready")
        batch = "[" + ",".join(rpc("clock.tick", {"t": (i + 1) / 10}, i + 1) for i in range(self.TICKS)) + "]"
        read_before = proc_field(pid, "io", "rchar:")
        rss_before = proc_field(bridge, "status", "VmRSS:")

        # 1. The page reads nothing: sheetd has read the batch and sleeps without a timeout,
        # done or (the bridge not reading its output either) with its output full.
        page.send_text(batch)
        self.eventually(lambda: proc_field(pid, "io", "rchar:") >= read_before + len(batch) + 1
                        and asleep_in_poll_forever(pid), "sheetd settled after the batch")
        grown = proc_field(bridge, "status", "VmRSS:") - rss_before
        self.assertLess(grown, 8 << 10, f"the bridge grew by {grown} KiB holding ~16 MB of output for a page that does not read")
        self.assertResponsive()

        # 2. The page sends 1 MiB messages to that sheetd (which takes none) until the bridge
        # stops taking them: its socket is full and the bridge idles (asleep in epoll).
        flood = frame(TEXT, MessageSizeTests.exactly(MiB, "flood"))
        sent = 0
        page.sock.setblocking(False)
        while True:
            try:
                sent += page.sock.send(memoryview(flood)[sent % len(flood):])
            except BlockingIOError:
                if asleep_in_epoll(bridge) and not writable(page.sock):
                    break
                os.sched_yield()
            self.assertLess(sent, 24 * MiB, "the bridge kept taking messages that its sheetd does not read")
        page.sock.settimeout(SAFETY)
        grown = proc_field(bridge, "status", "VmRSS:") - rss_before
        self.assertLess(grown, 16 << 10, f"the bridge grew by {grown} KiB after taking {sent} bytes of messages")
        self.assertResponsive()

        # 3. The page reads again (and finishes its last message): everything arrives, in order.
        rest = threading.Thread(target=page.send, args=(flood[sent % len(flood):],))
        rest.start()
        frames = 0
        while True:
            opcode, payload = page.read_message()
            self.assertEqual(opcode, TEXT)
            if payload.startswith(b"["):
                break
            message = json.loads(payload)
            self.assertEqual(message.get("method"), "sheet.frame", message)
            frames += 1
        self.assertEqual([a["id"] for a in json.loads(payload)], list(range(1, self.TICKS + 1)))
        self.assertGreater(frames, self.SESSIONS * (self.TICKS - 10))
        for _ in range(-(-sent // len(flood))):
            self.assertIn("result", page.answer("flood"))
        rest.join(SAFETY)

    def eventually(self, condition: Callable[[], bool], what: str) -> None:
        """Waits (spinning on /proc) until `condition` holds."""
        deadline = time.monotonic() + SAFETY
        while not condition():
            self.assertLess(time.monotonic(), deadline, f"never {what}")
            os.sched_yield()


class LongLineTests(unittest.TestCase):
    """serve.py's fragments of a long output line: split where the reads fall, even inside a
    character, and joined they are the line."""

    def test_fragments_join_to_the_line_whatever_the_reads(self) -> None:
        sys.path.insert(0, HERE)
        from serve import long_line

        line = "aé€𝄞" * 5

        async def fragments(cut: int) -> List[str]:
            reader = asyncio.StreamReader(limit=2)
            data = line.encode() + b"\n"
            reader.feed_data(data[:cut])
            try:
                await reader.readuntil(b"\n")
            except asyncio.LimitOverrunError as e:
                reader.feed_data(data[cut:])
                reader.feed_eof()
                return [f async for f in long_line(reader, e.consumed)]
            raise AssertionError("no overrun")

        for cut in range(3, len(line.encode())):
            parts = asyncio.run(fragments(cut))
            self.assertEqual("".join(parts), line, f"cut at byte {cut}")
            self.assertGreater(len(parts), 1)


class HTTPTests(BridgeTestCase):
    """Only the page's files are served; /rpc opens only for this server's pages (and
    --allow-origin ones); the bridge listens on 127.0.0.1 only."""

    def get(self, path: str, method: str = "GET") -> Tuple[int, bytes, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.bridge.port, timeout=SAFETY)
        connection.request(method, path)
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, body, response.getheader("Content-Type") or ""

    def test_the_pages_files_and_nothing_else(self) -> None:
        status, body, kind = self.get("/")
        self.assertEqual((status, kind), (200, "text/html; charset=utf-8"))
        self.assertIn(b"<html", body)
        for path in ("/host.js", "/host.css", "/sheetd.js", "/methods.js", "/?clock=host"):
            self.assertEqual(self.get(path)[0], 200, path)
        for path in ("/serve.py", "/../serve.py", "/%2e%2e/serve.py", "/index.html", "/etc/passwd", "//host.js"):
            self.assertEqual(self.get(path)[0], 404, path)
        self.assertEqual(self.get("/rpc")[0], 426)  # not a WebSocket upgrade
        self.assertGreaterEqual(self.get("/", method="POST")[0], 400)

    def test_origins(self) -> None:
        port = self.bridge.port
        for origin in (None, f"http://127.0.0.1:{port}", f"http://localhost:{port}", "http://127.0.0.1:3000"):
            c = self.client(origin=origin)
            self.assertEqual(c.status, 101, origin)
        for origin in ("https://example.com", "null", f"http://127.0.0.1:{port + 1}", f"http://localhost.example.com:{port}"):
            self.assertEqual(self.client(origin=origin).status, 403, origin)
        self.assertResponsive()

    def test_listens_on_loopback_only(self) -> None:
        with open("/proc/net/tcp") as f:
            rows = [line.split() for line in f.readlines()[1:]]
        listening = [r[1] for r in rows if r[3] == "0A" and int(r[1].split(":")[1], 16) == self.bridge.port]
        self.assertEqual(listening, ["0100007F:%04X" % self.bridge.port])


def main() -> int:
    global SHEETD
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sheetd", default=None, help="the sheetd executable (default: $SHEETD, else PATH)")
    opts, rest = ap.parse_known_args()
    SHEETD = opts.sheetd
    program = unittest.main(argv=[sys.argv[0], *rest], exit=False)
    return 0 if program.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
