"""Recording what a client sends as a replayable host stream."""
from __future__ import annotations

import json
from typing import List, Optional


class Scenario:
    """Records every line a client sends (and receives) as a ``.ndjson`` host stream.

    ``sheetd replay FILE`` (or ``sheetd < FILE``) accepts the file; on the host clock its output
    is byte for byte what the client received (``output``). Pass it to a client:
    ``Client(record=Scenario("run.ndjson"))``; with a path the file is written when the client
    closes. A stream that did not end with ``shutdown`` + ``exit`` gets them appended by
    :meth:`text`, so the replay exits 0.
    """

    def __init__(self, path: Optional[str] = None):
        #: Where :meth:`close` writes the stream (None: keep it in memory).
        self.path = path
        #: The lines sent, in order (JSON text without the newline).
        self.lines: List[str] = []
        #: The lines the daemon answered, in order.
        self.output: List[str] = []
        self._last_id = 0
        self._ended = False

    def sent(self, line: str, method: str, rid: Optional[int]) -> None:
        """Called by the client for each line it sends."""
        self.lines.append(line)
        if rid is not None:
            self._last_id = max(self._last_id, rid)
        if method == "exit":
            self._ended = True

    def received(self, line: str) -> None:
        """Called by the client for each line it receives."""
        self.output.append(line)

    def ended(self) -> None:
        """The client sent ``shutdown`` and ``exit``."""
        self._ended = True

    def text(self) -> str:
        """The stream as NDJSON text, ending with ``shutdown`` + ``exit``."""
        lines = list(self.lines)
        if not self._ended:
            lines.append(json.dumps({"jsonrpc": "2.0", "id": self._last_id + 1, "method": "shutdown"},
                                    separators=(",", ":")))
            lines.append('{"jsonrpc":"2.0","method":"exit"}')
        return "".join(line + "\n" for line in lines)

    def save(self, path: Optional[str] = None) -> str:
        """Writes the stream to ``path`` (default :attr:`path`); returns the path."""
        target = path or self.path
        if not target:
            raise ValueError("Scenario.save: no path")
        with open(target, "w", encoding="utf-8") as f:
            f.write(self.text())
        return target

    def close(self) -> None:
        """Writes the stream when the scenario has a path (the client calls this on close)."""
        if self.path:
            self.save()
