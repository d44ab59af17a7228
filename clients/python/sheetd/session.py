"""Session handles: one sheet over one container, with the wire's session methods.

:class:`SessionBase` holds what has arrived for the session; the session methods come from
the generated :class:`sheetd.protocol.SessionMethods` (on a :class:`sheetd.Session`, each
returns the result) and :class:`sheetd.protocol.AsyncSessionMethods` (on an
:class:`sheetd.AsyncSession`, an awaitable of it), typed from the OpenRPC document.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Literal, Optional

from .methods import wire_params
from .protocol import Diagnostic, Event, Frame

#: ``sheet.present {stackBehavior}``: how a child presents over a parent that is shown.
StackBehavior = Literal["push", "replace", "switch"]

#: Decides whether an event is the one awaited (``expect_event(..., predicate=...)``).
EventPredicate = Callable[[Event], bool]


class SessionBase:
    """What a session handle knows and can do; see :class:`sheetd.Session`."""

    def __init__(self, client: Any, session_id: str):
        self.client = client
        #: The wire's session id (``"s1"``).
        self.id = session_id
        #: Every ``sheet.frame`` received for this session, in order.
        self.frames: List[Frame] = []
        #: Every ``sheet.event`` params object received for this session, in order.
        self.events: List[Event] = []
        #: ``$/diagnostic`` params naming this session (engine warnings).
        self.diagnostics: List[Diagnostic] = []
        #: For the root of a restored stack: the handles of every sheet restored below it, in
        #: the snapshot's order (the original's creation order). Empty for any other session.
        self.children: List["SessionBase"] = []
        # `wait_event` looks at the events from here on: those that arrived since the last
        # request made through this handle (or since the last event it returned).
        self._events_seen = 0

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} state={self.state!r}>"

    @property
    def frame(self) -> Optional[Frame]:
        """The last frame received, or None."""
        return self.frames[-1] if self.frames else None

    @property
    def state(self) -> Optional[str]:
        """The state of the last frame received (``"presented"``...), or None."""
        return self.frames[-1].state if self.frames else None

    def event_types(self) -> List[str]:
        """The ``type`` of every event received, in order."""
        return [e["type"] for e in self.events]

    def _call(self, method: str, params: Dict[str, Any]) -> Any:
        self._events_seen = len(self.events)
        wire = {"session": self.id}
        wire.update(wire_params(params))
        return self.client._call(method, wire)

    def _find_event(self, event_type: str, start: int, predicate: Optional[EventPredicate]) -> Optional[int]:
        """The index of the first event of ``event_type`` at or after ``start``, or None."""
        for i in range(start, len(self.events)):
            e = self.events[i]
            if e["type"] == event_type and (predicate is None or predicate(e)):
                return i
        return None

    def _wait_start(self) -> int:
        return self._events_seen

    def _took(self, index: int) -> Event:
        """The event at ``index``, which ``wait_event`` hands out once."""
        self._events_seen = max(self._events_seen, index + 1)
        return self.events[index]


class Expectation:
    """What both ``expect_event`` context managers share: the event awaited, counted from
    entering the block."""

    def __init__(self, session: SessionBase, event_type: str, predicate: Optional[EventPredicate],
                 timeout: Optional[float]):
        self._session = session
        self._type = event_type
        self._predicate = predicate
        self._timeout = timeout
        self._start = 0

    def _entered(self) -> None:
        self._start = len(self._session.events)

    def _arrived(self) -> bool:
        return self._session._find_event(self._type, self._start, self._predicate) is not None

    def _take(self) -> Event:
        index = self._session._find_event(self._type, self._start, self._predicate)
        assert index is not None
        return self._session._took(index)


class EventExpectation(Expectation):
    """``with session.expect_event("detentChanged") as ev:`` — entered before the action,
    so an event the action causes is never missed; leaving the block waits for it (reading
    from the daemon), then ``ev.value`` is the event.
    """

    _value: Optional[Event] = None

    def __enter__(self) -> "EventExpectation":
        self._entered()
        return self

    def __exit__(self, exc_type: Any, *rest: Any) -> None:
        if exc_type is not None:
            return
        self._session.client.wait_for(self._arrived, self._timeout)
        self._value = self._take()

    @property
    def value(self) -> Event:
        """The event (after the ``with`` block)."""
        if self._value is None:
            raise RuntimeError(f"expect_event({self._type!r}): read .value after the with block")
        return self._value
