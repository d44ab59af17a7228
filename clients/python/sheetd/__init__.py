"""sheetd for Python: spawn the bottom-sheet daemon and talk to it.

>>> import sheetd
>>> with sheetd.Client() as client:         # path, else $SHEETD, else the wheel's own, else PATH
...     client.initialize(clock="host")
...     session = client.create_session(container={"width": 390, "height": 844},
...                                     content={"preferredHeight": 300})
...     session.present(t=0)
...     frames = client.tick(150)

Blocking :class:`Client` and asyncio :class:`AsyncClient` share one API: wire method names in
snake_case, the wire's members as typed keyword arguments (:mod:`sheetd.protocol`, generated
from the protocol's OpenRPC document), frames as :class:`Frame` objects (``frame.sheet.y``),
:class:`RPCError` for error answers, :class:`Scenario` to record a replayable stream.
"""
from .aio import AsyncClient, AsyncEventExpectation, AsyncSession
from .client import Client, Session
from .errors import DaemonExited, DaemonNotFound, RPCError, SheetdError, Timeout
from .locate import find_daemon
from .methods import CLIENT_METHODS, SESSION_METHODS
from .protocol import Event, Frame
from .scenario import Scenario
from .session import EventExpectation, StackBehavior

#: The sheetd release this client ships with (scripts/package.sh checks it against the daemon's).
__version__ = "0.2.0"

__all__ = [
    "AsyncClient", "AsyncSession", "Client", "Session", "RPCError", "SheetdError", "DaemonExited",
    "DaemonNotFound", "Timeout", "Scenario", "StackBehavior", "find_daemon", "CLIENT_METHODS", "SESSION_METHODS",
    "Frame", "Event", "EventExpectation", "AsyncEventExpectation",
]
