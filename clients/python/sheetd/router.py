"""The transport-free core shared by :class:`Client` and :class:`AsyncClient`.

It numbers requests, encodes NDJSON lines (and hands them to a :class:`Scenario` recorder),
and routes what the daemon sends: responses to the request waiting for them, ``sheet.frame``
(as a :class:`sheetd.protocol.Frame`) / ``sheet.event`` / ``$/diagnostic`` notifications to
the session they name.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, cast, Any, Callable, Dict, List, Optional, Tuple

from .errors import RPCError
from .protocol import Diagnostic, Event, Frame

if TYPE_CHECKING:
    from .scenario import Scenario
    from .session import SessionBase

Message = Dict[str, Any]


class Router:
    """Request ids, message encoding and notification routing for one connection."""

    def __init__(self, scenario: Optional["Scenario"] = None):
        self.next_id = 1
        self.scenario = scenario
        self.sessions: Dict[str, "SessionBase"] = {}
        #: Every notification received, in order (``{"method", "params"}`` messages).
        self.notifications: List[Message] = []
        #: Every ``$/diagnostic`` params object received.
        self.diagnostics: List[Diagnostic] = []
        #: Called with each notification message as it arrives.
        self.listeners: List[Callable[[Message], None]] = []
        # Frames that arrived while a request was pending, per request id.
        self._collectors: Dict[int, List[Frame]] = {}
        self._methods: Dict[int, str] = {}

    def encode(self, method: str, params: Optional[Dict[str, Any]], request: bool = True) -> Tuple[Optional[int], bytes]:
        """One NDJSON line; a request gets the next id (and starts collecting frames)."""
        message: Message = {"jsonrpc": "2.0"}
        rid = None
        if request:
            rid = self.next_id
            self.next_id += 1
            message["id"] = rid
            self._collectors[rid] = []
            self._methods[rid] = method
        message["method"] = method
        if params is not None:
            message["params"] = params
        line = json.dumps(message, separators=(",", ":"), allow_nan=False)
        if self.scenario is not None:
            self.scenario.sent(line, method, rid)
        return rid, (line + "\n").encode()

    def receive(self, line: bytes) -> Optional[Message]:
        """Routes one line from the daemon; returns it when it is a response."""
        text = line.decode("utf-8").strip()
        if not text:
            return None
        if self.scenario is not None:
            self.scenario.received(text)
        message = json.loads(text)
        if isinstance(message, list):  # a batch answer: this client sends no batches
            return None
        if "method" in message and "id" not in message:
            self._route(message)
            return None
        return cast(Message, message)

    def finish(self, rid: int, response: Message) -> Tuple[Any, List[Frame]]:
        """The result of request ``rid`` and the frames that arrived before it; raises RPCError."""
        frames = self._collectors.pop(rid, [])
        method = self._methods.pop(rid, None)
        if "error" in response:
            e = response["error"] or {}
            raise RPCError(int(e.get("code", 0)), str(e.get("message", "")), e.get("data"), method)
        return response.get("result"), frames

    def abandon(self, rid: Optional[int]) -> None:
        """Stops collecting frames for a request that will not be answered."""
        if rid is not None:
            self._collectors.pop(rid, None)
            self._methods.pop(rid, None)

    def _route(self, message: Message) -> None:
        self.notifications.append(message)
        method = message.get("method")
        params = message.get("params") or {}
        session = self.sessions.get(str(params.get("session"))) if isinstance(params, dict) else None
        if method == "sheet.frame":
            frame = Frame.from_wire(params)
            for frames in self._collectors.values():
                frames.append(frame)
            if session is not None:
                session.frames.append(frame)
        elif method == "sheet.event":
            if session is not None:
                session.events.append(cast(Event, params))
        elif method == "$/diagnostic":
            self.diagnostics.append(cast(Diagnostic, params))
            if session is not None:
                session.diagnostics.append(cast(Diagnostic, params))
        for listener in list(self.listeners):
            listener(message)
