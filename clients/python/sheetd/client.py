"""The blocking client, for test harnesses and scripts."""
from __future__ import annotations

import os
import selectors
import subprocess
import time
from typing import TYPE_CHECKING, cast, Tuple, IO, Any, Callable, Dict, List, Mapping, Optional, Sequence, Union

from .errors import DaemonExited, Timeout
from .methods import wire_params
from .protocol import (ClockRunUntilRestResult, Event, Frame, InitializeResult, PluginInfo, PluginsListResult,
                       SessionListResult, SessionMethods)
from .router import Message
from .scenario import Scenario
from .base import ClientBase
from .session import EventExpectation, EventPredicate, SessionBase

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from .protocol import ClockRunUntilRestParams, InitializeParams, SessionCreateParams


class Session(SessionBase, SessionMethods):
    """A live session of a :class:`Client`; every method blocks until the daemon answers."""

    def expect_event(self, event_type: str, *, predicate: Optional[EventPredicate] = None,
                     timeout: Optional[float] = None) -> EventExpectation:
        """Waits for an event the block's actions cause, race-free (entered before them)::

            with session.expect_event("detentChanged") as ev:
                session.pan(t=432, phase="ended", translation={"y": -300}, velocity={"y": -800})
            ev.value["detent"]

        Leaving the block reads from the daemon until the event has arrived (raises
        :class:`sheetd.Timeout` after ``timeout`` seconds, default the client's).
        """
        return EventExpectation(self, event_type, predicate, timeout)

    def wait_event(self, event_type: str, timeout: Optional[float] = None) -> Event:
        """The first event of ``event_type`` since the last request made through this handle
        (or since the last event this returned), reading from the daemon until one arrives."""
        start = self._wait_start()
        self.client.wait_for(lambda: self._find_event(event_type, start, None) is not None, timeout)
        index = self._find_event(event_type, start, None)
        assert index is not None
        return self._took(index)


class Client(ClientBase):
    """sheetd spawned as a child process, spoken to over pipes in NDJSON.

    ``Client(path)`` spawns ``path``, else ``$SHEETD``, else the daemon bundled in the wheel,
    else ``sheetd`` on ``PATH``, with
    ``args`` added to its command line. ``record`` is a :class:`Scenario` receiving every line
    sent and received. ``timeout`` (seconds) bounds each wait for an answer.
    Use it as a context manager (it shuts an initialized daemon down; an error raised in the
    block is never replaced by one from the clean-up), or call :meth:`shutdown` (and :meth:`close`).
    """

    session_class = Session

    def __init__(self, path: Optional[str] = None, *, args: Sequence[str] = (),
                 env: Optional[Mapping[str, str]] = None, cwd: Optional[str] = None,
                 stderr: Union[None, int, IO[Any]] = None, timeout: float = 30.0,
                 record: Optional[Scenario] = None):
        super().__init__(path, timeout, record)
        full_env = dict(os.environ)
        if env:
            full_env.update(env)
        self._proc = subprocess.Popen([self.executable, "--framing", "ndjson", *args],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                      env=full_env, cwd=cwd)
        assert self._proc.stdout is not None and self._proc.stdin is not None
        self._out = self._proc.stdout.fileno()
        self._buffer = b""
        self._eof = False
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._out, selectors.EVENT_READ)

    # -- context manager --
    def __enter__(self) -> "Client":
        return self

    def __exit__(self, exc_type: Any, *rest: Any) -> None:
        if exc_type is not None:
            # The block's own error is what the caller needs: nothing here may replace it.
            try:
                self.close()
            except Exception:
                pass
            return
        try:
            if self._initialized and not self._shut and self._proc.poll() is None:
                self.shutdown()
        finally:
            self.close()

    # -- generic calls --
    def request(self, method: str, **params: Any) -> Any:
        """Any request by wire name; keyword arguments are its params (snake_case converted)."""
        return self._call(method, wire_params(params) if params else None)

    def notify(self, method: str, **params: Any) -> None:
        """Any notification by wire name (its failure comes back as a ``$/diagnostic``)."""
        _, line = self.router.encode(method, wire_params(params) if params else None, request=False)
        self._write(line)

    def _call(self, method: str, params: Optional[Dict[str, Any]]) -> Any:
        return self._call_collecting(method, params)[0]

    def _call_collecting(self, method: str, params: Optional[Dict[str, Any]]) -> Tuple[Any, List[Frame]]:
        rid, line = self.router.encode(method, params)
        assert rid is not None
        try:
            self._write(line)
            deadline = time.monotonic() + self.timeout
            while True:
                message = self._read_message(deadline)
                if message is not None and message.get("id") == rid:
                    return self.router.finish(rid, message)
        finally:
            self.router.abandon(rid)

    # -- the wire's client-level methods --
    def initialize(self, **params: Unpack[InitializeParams]) -> InitializeResult:
        """``initialize {clientInfo?, clock?, fps?}`` -> ``{serverInfo, protocolVersion, clock, fps, policies}``."""
        result = self._call("initialize", wire_params(params))
        self._initialized = True
        return cast(InitializeResult, result)

    def tick(self, t: float) -> List[Frame]:
        """``clock.tick {t}`` (host clock): the frames the tick produced."""
        result, frames = self._call_collecting("clock.tick", {"t": t})
        self.now = result["t"]
        return frames

    def run_until_rest(self, **params: Unpack[ClockRunUntilRestParams]) -> ClockRunUntilRestResult:
        """``clock.runUntilRest {fps?, maxMs?}`` (host clock): ticks until every session rests
        (or ``max_ms`` passes) -> ``{t, ticks, frames, rested}``; the frames reach the sessions."""
        result = self._call("clock.runUntilRest", wire_params(params))
        self.now = result["t"]
        return cast(ClockRunUntilRestResult, result)

    def create_session(self, *, parent: Union[SessionBase, str, None] = None,
                       **params: Unpack[SessionCreateParams]) -> Session:
        """``session.create {container, content?, detents?, ...}`` -> a :class:`Session`.

        With ``parent`` (a session handle or its id) the new session is a child sheet stacked
        over it; a child takes its parent's container, so ``container`` is not given.
        """
        result = self._call("session.create", self._create_params(parent, params))
        return cast(Session, self._adopt(result["session"]))

    def restore_session(self, state: Any) -> Session:
        """``session.restore {state}`` -> a :class:`Session` (a new id).

        The snapshot of a stack's root restores the whole stack: the returned root's
        ``children`` are the restored sheets below it (new ids, in the snapshot's order), each
        a handle its frames and events are routed to.
        """
        return cast(Session, self._adopt_restored(self._call("session.restore", {"state": state})))

    def list_sessions(self) -> SessionListResult:
        """``session.list`` -> ``[{session, state}]``."""
        return cast(SessionListResult, self._call("session.list", None))

    def list_plugins(self) -> PluginsListResult:
        """``plugins.list`` -> ``[{name, kind, version, path}]``."""
        return cast(PluginsListResult, self._call("plugins.list", None))

    def load_plugin(self, path: str) -> PluginInfo:
        """``plugins.load {path}`` -> the plugin's ``{name, kind, version, path}``."""
        return cast(PluginInfo, self._call("plugins.load", {"path": path}))

    def shutdown(self) -> Optional[int]:
        """``shutdown`` then ``exit``; waits for the daemon and returns its exit status (0)."""
        if not self._shut:
            self._call("shutdown", None)
            self.notify("exit")
            self._ended()
        return self.close()

    def close(self) -> Optional[int]:
        """Closes the daemon's input and reaps it (killing it after ``timeout``)."""
        if self.returncode is None:
            try:
                assert self._proc.stdin is not None
                self._proc.stdin.close()
            except OSError:
                pass
            try:
                self.returncode = self._proc.wait(self.timeout)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self.returncode = self._proc.wait()
            assert self._proc.stdout is not None
            self._selector.close()
            self._proc.stdout.close()
            if self.router.scenario is not None:
                self.router.scenario.close()
        return self.returncode

    # -- realtime clock: waiting for what the daemon sends by itself --
    def poll(self, timeout: float = 0.0) -> List[Message]:
        """Reads what arrives within ``timeout`` seconds; returns the notifications read."""
        before = len(self.router.notifications)
        deadline = time.monotonic() + timeout
        while True:
            try:
                self._read_message(deadline)
            except Timeout:
                break
        return self.router.notifications[before:]

    def wait_for(self, predicate: Callable[[], bool], timeout: Optional[float] = None) -> None:
        """Reads messages until ``predicate()`` holds (raises :class:`Timeout` after ``timeout``)."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while not predicate():
            self._read_message(deadline)

    # -- pipes --
    def _write(self, line: bytes) -> None:
        assert self._proc.stdin is not None
        try:
            self._proc.stdin.write(line)
            self._proc.stdin.flush()
        except (BrokenPipeError, ValueError) as e:
            raise DaemonExited(f"sheetd closed its input ({self._proc.poll()})") from e

    def _read_message(self, deadline: float) -> Optional[Message]:
        """One line from the daemon, routed; the message if it is a response."""
        while b"\n" not in self._buffer:
            if self._eof:
                raise DaemonExited(f"sheetd closed its output (exit status {self._proc.poll()})")
            left = max(0.0, deadline - time.monotonic())
            if not self._selector.select(left):
                raise Timeout(f"no answer from sheetd within {self.timeout} s")
            chunk = os.read(self._out, 1 << 16)
            if not chunk:
                self._eof = True
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return self.router.receive(line)
