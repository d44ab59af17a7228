"""sheetd for Python: spawn the bottom-sheet daemon and talk to it.

>>> import sheetd
>>> with sheetd.Client() as client:                       # path, else $SHEETD, else PATH
...     client.initialize(clock="host")
...     session = client.create_session(container={"width": 390, "height": 844},
...                                     content={"preferredHeight": 300})
...     session.present(t=0)
...     frames = client.tick(150)

Blocking :class:`Client` and asyncio :class:`AsyncClient` share one API: wire method names in
snake_case, the wire's members as keyword arguments, :class:`RPCError` for error answers,
:class:`Scenario` to record a replayable stream.
"""
from .aio import AsyncClient, AsyncSession
from .client import Client, Session
from .errors import DaemonExited, DaemonNotFound, RPCError, SheetdError, Timeout
from .locate import find_daemon
from .methods import CLIENT_METHODS, SESSION_METHODS
from .scenario import Scenario
from .session import StackBehavior

__version__ = "0.1.0"

__all__ = [
    "AsyncClient", "AsyncSession", "Client", "Session", "RPCError", "SheetdError", "DaemonExited",
    "DaemonNotFound", "Timeout", "Scenario", "StackBehavior", "find_daemon", "CLIENT_METHODS", "SESSION_METHODS",
]
