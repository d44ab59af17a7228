"""Errors raised by the sheetd clients."""
from __future__ import annotations

from typing import Any, Optional


class SheetdError(Exception):
    """Base class of every error this package raises."""


class RPCError(SheetdError):
    """A JSON-RPC error answer from sheetd.

    ``code`` is the JSON-RPC code (``-32602`` invalid params, ``-32001`` unknown session,
    ``-32010`` invalid state, ...; protocol/README.md section 3), ``message`` the daemon's
    text naming what was wrong and where, ``data`` its optional detail object.
    """

    def __init__(self, code: int, message: str, data: Optional[Any] = None, method: Optional[str] = None):
        super().__init__(f"{method + ': ' if method else ''}{message} ({code})")
        self.code = code
        self.message = message
        self.data = data
        self.method = method


class DaemonNotFound(SheetdError):
    """No sheetd executable: not given, not in ``$SHEETD``, not on ``PATH``."""


class DaemonExited(SheetdError):
    """The daemon closed its output (exited or crashed) while an answer was awaited."""


class Timeout(SheetdError):
    """No answer within the client's safety bound (``timeout`` seconds)."""
