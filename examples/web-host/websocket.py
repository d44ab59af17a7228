"""A minimal RFC 6455 WebSocket for asyncio streams (standard library only).

Enough for the web host: the server handshake (:func:`accept_key`), reading and writing
frames with fragmentation, masking (clients mask, servers do not), ping/pong and close.
Used by ``serve.py`` (server side) and by the browser test's DevTools client (client side).
"""
from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import struct
from typing import Optional, Tuple

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
TEXT, BINARY, CLOSE, PING, PONG = 0x1, 0x2, 0x8, 0x9, 0xA


def accept_key(key: str) -> str:
    """The ``Sec-WebSocket-Accept`` value for a client's ``Sec-WebSocket-Key``."""
    return base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()


class WebSocket:
    """One WebSocket connection over an asyncio stream pair."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *, mask: bool):
        self.reader = reader
        self.writer = writer
        self.mask = mask  # True on the client side
        self.closed = False

    async def send(self, text: str) -> None:
        """Sends one text message."""
        await self._send_frame(TEXT, text.encode("utf-8"))

    async def recv(self) -> Optional[str]:
        """The next text message, or None when the connection closed."""
        parts = []
        while True:
            frame = await self._read_frame()
            if frame is None:
                return None
            fin, opcode, payload = frame
            if opcode == PING:
                await self._send_frame(PONG, payload)
                continue
            if opcode == PONG:
                continue
            if opcode == CLOSE:
                if not self.closed:
                    await self._send_frame(CLOSE, payload[:2])
                self.closed = True
                return None
            parts.append(payload)
            if fin:
                return b"".join(parts).decode("utf-8")

    async def close(self) -> None:
        """Sends a close frame (once) and closes the stream."""
        if not self.closed:
            self.closed = True
            try:
                await self._send_frame(CLOSE, struct.pack("!H", 1000))
            except (ConnectionError, RuntimeError):
                pass
        self.writer.close()

    async def _send_frame(self, opcode: int, payload: bytes) -> None:
        header = bytes([0x80 | opcode])
        n = len(payload)
        bit = 0x80 if self.mask else 0
        if n < 126:
            header += bytes([bit | n])
        elif n < 1 << 16:
            header += bytes([bit | 126]) + struct.pack("!H", n)
        else:
            header += bytes([bit | 127]) + struct.pack("!Q", n)
        if self.mask:
            key = os.urandom(4)
            payload = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
            header += key
        self.writer.write(header + payload)
        await self.writer.drain()

    async def _read_frame(self) -> Optional[Tuple[bool, int, bytes]]:
        try:
            b0, b1 = await self.reader.readexactly(2)
            n = b1 & 0x7F
            if n == 126:
                (n,) = struct.unpack("!H", await self.reader.readexactly(2))
            elif n == 127:
                (n,) = struct.unpack("!Q", await self.reader.readexactly(8))
            key = await self.reader.readexactly(4) if b1 & 0x80 else None
            payload = await self.reader.readexactly(n)
        except (asyncio.IncompleteReadError, ConnectionError):
            return None
        if key:
            payload = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
        return bool(b0 & 0x80), b0 & 0x0F, payload


async def connect(host: str, port: int, path: str, origin: Optional[str] = None) -> WebSocket:
    """Opens a client WebSocket to ``ws://host:port/path`` (sending ``Origin`` when given)."""
    reader, writer = await asyncio.open_connection(host, port, limit=1 << 26)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                  + (f"Origin: {origin}\r\n" if origin else "") + "\r\n").encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    if b" 101 " not in head.split(b"\r\n", 1)[0] or accept_key(key).encode() not in head:
        raise ConnectionError(f"WebSocket handshake refused: {head[:200]!r}")
    return WebSocket(reader, writer, mask=True)
