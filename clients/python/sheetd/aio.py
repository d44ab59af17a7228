"""The asyncio client, for UI hosts (and the web host's bridge)."""
from __future__ import annotations

import asyncio
import os
from typing import TYPE_CHECKING, cast, Union, Tuple, Any, AsyncIterator, Dict, List, Mapping, Optional, Sequence

from .errors import DaemonExited, Timeout
from .methods import wire_params
from .protocol import (AsyncSessionMethods, ClockRunUntilRestResult, Event, Frame, InitializeResult, PluginInfo,
                       PluginsListResult, SessionListResult)
from .router import Message
from .scenario import Scenario
from .base import ClientBase
from .session import EventPredicate, Expectation, SessionBase

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from .protocol import ClockRunUntilRestParams, InitializeParams, SessionCreateParams


class AsyncSession(SessionBase, AsyncSessionMethods):
    """A live session of an :class:`AsyncClient`; every method returns an awaitable."""

    def expect_event(self, event_type: str, *, predicate: Optional[EventPredicate] = None,
                     timeout: Optional[float] = None) -> "AsyncEventExpectation":
        """Waits for an event the block's actions cause, race-free (entered before them)::

            async with session.expect_event("detentChanged") as ev:
                await session.pan(t=432, phase="ended", translation={"y": -300}, velocity={"y": -800})
            event = await ev.value

        Leaving the block waits until the event has arrived (raises :class:`sheetd.Timeout`
        after ``timeout`` seconds, default the client's).
        """
        return AsyncEventExpectation(self, event_type, predicate, timeout)

    async def wait_event(self, event_type: str, timeout: Optional[float] = None) -> Event:
        """The first event of ``event_type`` since the last request made through this handle
        (or since the last event this returned), waiting until one arrives."""
        start = self._wait_start()
        await self.client.wait_for(lambda: self._find_event(event_type, start, None) is not None, timeout)
        index = self._find_event(event_type, start, None)
        assert index is not None
        return self._took(index)


class AsyncEventExpectation(Expectation):
    """``async with session.expect_event(type) as ev:`` then ``await ev.value``; see
    :meth:`AsyncSession.expect_event`."""

    _value: "Optional[asyncio.Future[Event]]" = None

    async def __aenter__(self) -> "AsyncEventExpectation":
        self._entered()
        self._value = asyncio.get_running_loop().create_future()
        return self

    async def __aexit__(self, exc_type: Any, *rest: Any) -> None:
        assert self._value is not None
        if exc_type is not None:
            self._value.cancel()
            return
        try:
            await self._session.client.wait_for(self._arrived, self._timeout)
        except BaseException:
            self._value.cancel()
            raise
        self._value.set_result(self._take())

    @property
    def value(self) -> "asyncio.Future[Event]":
        """Resolves to the event (once the ``async with`` block has ended)."""
        if self._value is None:
            raise RuntimeError(f"expect_event({self._type!r}): enter the async with block first")
        return self._value


class AsyncClient(ClientBase):
    """sheetd spawned as a child process, driven from asyncio.

    ``async with AsyncClient(path) as client:`` (or ``await client.start()`` / ``aclose()``).
    The daemon is ``path``, else ``$SHEETD``, else the one bundled in the wheel, else
    ``sheetd`` on ``PATH``. A reader task routes
    responses to their awaiting call and notifications to sessions and subscribers
    (:meth:`subscribe`, :meth:`notifications_stream`).
    """

    session_class = AsyncSession

    def __init__(self, path: Optional[str] = None, *, args: Sequence[str] = (),
                 env: Optional[Mapping[str, str]] = None, cwd: Optional[str] = None,
                 stderr: Any = None, timeout: float = 30.0, record: Optional[Scenario] = None):
        super().__init__(path, timeout, record)
        self._spawn = dict(args=list(args), env=env, cwd=cwd, stderr=stderr)
        self._proc: Optional[asyncio.subprocess.Process] = None
        self._reader: Optional["asyncio.Task[None]"] = None
        self._pending: Dict[int, "asyncio.Future[Message]"] = {}
        self._changed: Optional[asyncio.Condition] = None  # created on start (needs a loop)
        self._closed_error: Optional[BaseException] = None

    async def start(self) -> "AsyncClient":
        """Spawns the daemon (once)."""
        if self._proc is None:
            env = dict(os.environ)
            if self._spawn["env"]:
                env.update(self._spawn["env"])
            self._proc = await asyncio.create_subprocess_exec(
                self.executable, "--framing", "ndjson", *self._spawn["args"],
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=self._spawn["stderr"], env=env, cwd=self._spawn["cwd"], limit=1 << 26)
            self._changed = asyncio.Condition()
            self._reader = asyncio.get_running_loop().create_task(self._read_loop())
        return self

    async def __aenter__(self) -> "AsyncClient":
        return await self.start()

    async def __aexit__(self, exc_type: Any, *rest: Any) -> None:
        if exc_type is not None:
            # The block's own error is what the caller needs: nothing here may replace it.
            try:
                await self.aclose()
            except Exception:
                pass
            return
        try:
            if self._initialized and not self._shut and self._closed_error is None:
                await self.shutdown()
        finally:
            await self.aclose()

    def subscribe(self) -> "asyncio.Queue[Message]":
        """A queue receiving every notification message from now on."""
        queue: "asyncio.Queue[Message]" = asyncio.Queue()
        self.router.listeners.append(queue.put_nowait)
        return queue

    def notifications_stream(self) -> AsyncIterator[Message]:
        """Iterates over the notifications arriving from this call on (until the output ends)."""
        return self._drain(self.subscribe())

    async def _drain(self, queue: "asyncio.Queue[Message]") -> AsyncIterator[Message]:
        while True:
            if not queue.empty():
                yield queue.get_nowait()
                continue
            if self._reader is None or self._reader.done():
                return
            getter = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait({getter, self._reader}, return_when=asyncio.FIRST_COMPLETED)
            if getter in done:
                yield getter.result()
            else:
                getter.cancel()

    # -- generic calls --
    async def request(self, method: str, **params: Any) -> Any:
        """Any request by wire name; keyword arguments are its params."""
        return await self._call(method, wire_params(params) if params else None)

    async def notify(self, method: str, **params: Any) -> None:
        """Any notification by wire name."""
        await self.start()
        _, line = self.router.encode(method, wire_params(params) if params else None, request=False)
        await self._write(line)

    async def _call(self, method: str, params: Optional[Dict[str, Any]]) -> Any:
        return (await self._call_collecting(method, params))[0]

    async def _call_collecting(self, method: str, params: Optional[Dict[str, Any]]) -> Tuple[Any, List[Frame]]:
        await self.start()
        if self._closed_error is not None:
            raise DaemonExited(str(self._closed_error))
        rid, line = self.router.encode(method, params)
        assert rid is not None
        future: "asyncio.Future[Message]" = asyncio.get_running_loop().create_future()
        self._pending[rid] = future
        try:
            await self._write(line)
            try:
                response = await asyncio.wait_for(future, self.timeout)
            except asyncio.TimeoutError:
                raise Timeout(f"{method}: no answer from sheetd within {self.timeout} s") from None
            return self.router.finish(rid, response)
        finally:
            self._pending.pop(rid, None)
            self.router.abandon(rid)

    # -- the wire's client-level methods --
    async def initialize(self, **params: Unpack[InitializeParams]) -> InitializeResult:
        """``initialize {clientInfo?, clock?, fps?}``."""
        result = await self._call("initialize", wire_params(params))
        self._initialized = True
        return cast(InitializeResult, result)

    async def tick(self, t: float) -> List[Frame]:
        """``clock.tick {t}`` (host clock): the frames the tick produced."""
        result, frames = await self._call_collecting("clock.tick", {"t": t})
        self.now = result["t"]
        return frames

    async def run_until_rest(self, **params: Unpack[ClockRunUntilRestParams]) -> ClockRunUntilRestResult:
        """``clock.runUntilRest {fps?, maxMs?}`` (host clock): ticks until every session rests
        (or ``max_ms`` passes) -> ``{t, ticks, frames, rested}``; the frames reach the sessions."""
        result = await self._call("clock.runUntilRest", wire_params(params))
        self.now = result["t"]
        return cast(ClockRunUntilRestResult, result)

    async def create_session(self, *, parent: Union[SessionBase, str, None] = None,
                             **params: Unpack[SessionCreateParams]) -> AsyncSession:
        """``session.create {...}`` -> an :class:`AsyncSession`.

        With ``parent`` (a session handle or its id) the new session is a child sheet stacked
        over it; a child takes its parent's container, so ``container`` is not given.
        """
        result = await self._call("session.create", self._create_params(parent, params))
        return cast(AsyncSession, self._adopt(result["session"]))

    async def restore_session(self, state: Any) -> AsyncSession:
        """``session.restore {state}`` -> a :class:`AsyncSession` (a new id).

        The snapshot of a stack's root restores the whole stack: the returned root's
        ``children`` are the restored sheets below it (new ids, in the snapshot's order), each
        a handle its frames and events are routed to.
        """
        return cast(AsyncSession, self._adopt_restored(await self._call("session.restore", {"state": state})))

    async def list_sessions(self) -> SessionListResult:
        """``session.list``."""
        return cast(SessionListResult, await self._call("session.list", None))

    async def list_plugins(self) -> PluginsListResult:
        """``plugins.list``."""
        return cast(PluginsListResult, await self._call("plugins.list", None))

    async def load_plugin(self, path: str) -> PluginInfo:
        """``plugins.load {path}``."""
        return cast(PluginInfo, await self._call("plugins.load", {"path": path}))

    async def shutdown(self) -> Optional[int]:
        """``shutdown`` then ``exit``; waits for the daemon and returns its exit status."""
        if not self._shut:
            await self._call("shutdown", None)
            await self.notify("exit")
            self._ended()
        return await self.aclose()

    async def aclose(self) -> Optional[int]:
        """Closes the daemon's input and reaps it (killing it after ``timeout``)."""
        if self._proc is None or self.returncode is not None:
            return self.returncode
        assert self._proc.stdin is not None
        try:
            self._proc.stdin.close()
        except (OSError, RuntimeError):
            pass
        try:
            self.returncode = await asyncio.wait_for(self._proc.wait(), self.timeout)
        except asyncio.TimeoutError:
            self._proc.kill()
            self.returncode = await self._proc.wait()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
        if self.router.scenario is not None:
            self.router.scenario.close()
        return self.returncode

    async def wait_for(self, predicate: Any, timeout: Optional[float] = None) -> None:
        """Waits until ``predicate()`` holds, re-checking as messages arrive."""
        await self.start()
        assert self._changed is not None
        changed: asyncio.Condition = self._changed

        async def wait() -> None:
            async with changed:
                while not predicate():
                    if self._closed_error is not None:
                        raise DaemonExited(str(self._closed_error))
                    await changed.wait()
        try:
            await asyncio.wait_for(wait(), self.timeout if timeout is None else timeout)
        except asyncio.TimeoutError:
            raise Timeout("the awaited condition did not happen in time") from None

    # -- pipes --
    async def _write(self, line: bytes) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        try:
            self._proc.stdin.write(line)
            await self._proc.stdin.drain()
        except (BrokenPipeError, ConnectionResetError) as e:
            raise DaemonExited("sheetd closed its input") from e

    async def _read_loop(self) -> None:
        assert self._proc is not None and self._proc.stdout is not None and self._changed is not None
        try:
            while True:
                line = await self._proc.stdout.readline()
                if not line:
                    break
                message = self.router.receive(line)
                if message is not None:
                    future = self._pending.get(message.get("id"))  # type: ignore[arg-type]
                    if future is not None and not future.done():
                        future.set_result(message)
                async with self._changed:
                    self._changed.notify_all()
        finally:
            self._closed_error = DaemonExited("sheetd closed its output")
            for future in self._pending.values():
                if not future.done():
                    future.set_exception(DaemonExited("sheetd closed its output before answering"))
            async with self._changed:
                self._changed.notify_all()
