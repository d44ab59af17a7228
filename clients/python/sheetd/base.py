"""What the blocking and the asyncio client share: the daemon found, the router, what arrived."""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Union

from .locate import find_daemon
from .methods import wire_params
from .protocol import Diagnostic
from .router import Message, Router
from .scenario import Scenario
from .session import SessionBase


class ClientBase:
    """The state common to :class:`sheetd.Client` and :class:`sheetd.AsyncClient`."""

    #: The session handle class this client hands out.
    session_class = SessionBase

    def __init__(self, path: Optional[str], timeout: float, record: Optional[Scenario]):
        #: The daemon spawned: ``path``, else ``$SHEETD``, else the one bundled in the wheel,
        #: else ``sheetd`` on ``PATH``.
        self.executable = find_daemon(path)
        #: Seconds any single wait for the daemon may take.
        self.timeout = timeout
        self.router = Router(record)
        #: The time of the last ``clock.tick`` answer (host clock), or None.
        self.now: Optional[float] = None
        #: The daemon's exit status once it has ended.
        self.returncode: Optional[int] = None
        self._shut = False
        self._initialized = False

    @property
    def sessions(self) -> Dict[str, SessionBase]:
        """The sessions this client created or restored, by id."""
        return self.router.sessions

    @property
    def notifications(self) -> List[Message]:
        """Every notification received, in order."""
        return self.router.notifications

    @property
    def diagnostics(self) -> List[Diagnostic]:
        """Every ``$/diagnostic`` received (params objects)."""
        return self.router.diagnostics

    def _adopt(self, session_id: str) -> SessionBase:
        session = self.session_class(self, session_id)
        self.router.sessions[session_id] = session
        return session

    def _create_params(self, parent: Union[SessionBase, str, None], params: Mapping[str, Any]) -> Dict[str, Any]:
        """``session.create``'s params: ``parent`` (a handle or an id) sent as its id."""
        wire = wire_params(params)
        if parent is not None:
            wire["parent"] = parent.id if isinstance(parent, SessionBase) else parent
        return wire

    def _adopt_restored(self, result: Mapping[str, Any]) -> SessionBase:
        """The handle of a restored session, with a handle for each restored child of a stack."""
        root = self._adopt(result["session"])
        root.children = [self._adopt(child) for child in result.get("children", [])]
        return root

    def _ended(self) -> None:
        """``shutdown`` and ``exit`` were sent."""
        self._shut = True
        if self.router.scenario is not None:
            self.router.scenario.ended()
