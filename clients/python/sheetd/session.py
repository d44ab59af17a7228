"""Session handles: one sheet over one container, with the wire's session methods.

:class:`SessionBase` holds what has arrived for the session and defines every session method
once; on a :class:`sheetd.Session` (from :class:`sheetd.Client`) a method returns the result,
on an :class:`sheetd.AsyncSession` it returns an awaitable of it.
"""
from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional

from .methods import wire_params

Message = Dict[str, Any]

#: ``sheet.present {stackBehavior}``: how a child presents over a parent that is shown.
StackBehavior = Literal["push", "replace", "switch"]


class SessionBase:
    """What a session handle knows and can do; see :class:`sheetd.Session`."""

    def __init__(self, client: Any, session_id: str):
        self.client = client
        #: The wire's session id (``"s1"``).
        self.id = session_id
        #: Every ``sheet.frame`` params object received for this session, in order.
        self.frames: List[Message] = []
        #: Every ``sheet.event`` params object received for this session, in order.
        self.events: List[Message] = []
        #: ``$/diagnostic`` params naming this session (engine warnings).
        self.diagnostics: List[Message] = []
        #: For the root of a restored stack: the handles of every sheet restored below it, in
        #: the snapshot's order (the original's creation order). Empty for any other session.
        self.children: List["SessionBase"] = []

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} state={self.state!r}>"

    @property
    def frame(self) -> Optional[Message]:
        """The last frame received, or None."""
        return self.frames[-1] if self.frames else None

    @property
    def state(self) -> Optional[str]:
        """The state of the last frame received (``"presented"``...), or None."""
        return self.frames[-1]["state"] if self.frames else None

    def event_types(self) -> List[str]:
        """The ``type`` of every event received, in order."""
        return [e["type"] for e in self.events]

    def _call(self, method: str, kwargs: Dict[str, Any]) -> Any:
        params = {"session": self.id}
        params.update(wire_params(kwargs))
        return self.client._call(method, params)

    # -- session.* --
    def destroy(self, **params: Any) -> Any:
        """``session.destroy``: no more frames or events for this session."""
        return self._call("session.destroy", params)

    def snapshot(self, **params: Any) -> Any:
        """``session.snapshot``: the opaque state object (store it verbatim)."""
        return self._call("session.snapshot", params)

    # -- sheet.* commands: {t, ...} -> {state} --
    def present(self, *, stack_behavior: Optional[StackBehavior] = None, **params: Any) -> Any:
        """``sheet.present {t, animated?, stackBehavior?}``.

        ``stack_behavior`` (``"push"``, the default, ``"replace"`` or ``"switch"``) matters for a
        child whose parent is shown; the answer is this sheet's state (``dismissed`` while a
        ``replace``/``switch`` parent leaves).
        """
        if stack_behavior is not None:
            params["stackBehavior"] = stack_behavior
        return self._call("sheet.present", params)

    def dismiss(self, **params: Any) -> Any:
        """``sheet.dismiss {t, animated?}``."""
        return self._call("sheet.dismiss", params)

    def select_detent(self, **params: Any) -> Any:
        """``sheet.selectDetent {t, detent, animated?}``."""
        return self._call("sheet.selectDetent", params)

    def set_content_height(self, **params: Any) -> Any:
        """``sheet.setContentHeight {t, height, entry?}``."""
        return self._call("sheet.setContentHeight", params)

    def set_container(self, **params: Any) -> Any:
        """``sheet.setContainer {t, width, height, safeArea?}``."""
        return self._call("sheet.setContainer", params)

    # -- nav.* --
    def push(self, **params: Any) -> Any:
        """``nav.push {t, entry, animated?}``."""
        return self._call("nav.push", params)

    def pop(self, **params: Any) -> Any:
        """``nav.pop {t, animated?}``."""
        return self._call("nav.pop", params)

    def pop_to_root(self, **params: Any) -> Any:
        """``nav.popToRoot {t, animated?}``."""
        return self._call("nav.popToRoot", params)

    def set_stack(self, **params: Any) -> Any:
        """``nav.setStack {t, entries, animated?}``."""
        return self._call("nav.setStack", params)

    # -- input.* (sent as requests, so a refused input raises RPCError) --
    def pan(self, **params: Any) -> Any:
        """``input.pan {t, phase, translation, velocity?, source?}``."""
        return self._call("input.pan", params)

    def tap(self, **params: Any) -> Any:
        """``input.tap {t, target}`` (target defaults to ``"dimming"``)."""
        params.setdefault("target", "dimming")
        return self._call("input.tap", params)

    def scroll(self, **params: Any) -> Any:
        """``input.scroll {t, phase, offsetY, insetTop, contentHeight, viewportHeight, isTracking, translationY, ...}``."""
        return self._call("input.scroll", params)

    def keyboard(self, **params: Any) -> Any:
        """``input.keyboard {t, height, durationMs?, curve?}``."""
        return self._call("input.keyboard", params)
