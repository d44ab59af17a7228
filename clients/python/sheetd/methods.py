"""The wire methods and their Python names (the wire name in snake_case).

Session methods get ``session`` filled in by the session handle. Keyword arguments are the
wire's members; ``snake_case`` spellings are converted to the wire's ``camelCase``
(``offset_y=`` is sent as ``offsetY``), members already in camelCase pass unchanged.
"""
from __future__ import annotations

import re
from typing import Any, Dict

#: Client-level methods: Python name -> wire method.
CLIENT_METHODS: Dict[str, str] = {
    "initialize": "initialize",
    "shutdown": "shutdown",
    "tick": "clock.tick",
    "create_session": "session.create",
    "list_sessions": "session.list",
    "restore_session": "session.restore",
    "list_plugins": "plugins.list",
    "load_plugin": "plugins.load",
}

#: Methods on a session handle: Python name -> wire method (``session`` is added).
SESSION_METHODS: Dict[str, str] = {
    "destroy": "session.destroy",
    "snapshot": "session.snapshot",
    "present": "sheet.present",
    "dismiss": "sheet.dismiss",
    "select_detent": "sheet.selectDetent",
    "set_content_height": "sheet.setContentHeight",
    "set_container": "sheet.setContainer",
    "push": "nav.push",
    "pop": "nav.pop",
    "pop_to_root": "nav.popToRoot",
    "set_stack": "nav.setStack",
    "pan": "input.pan",
    "tap": "input.tap",
    "scroll": "input.scroll",
    "keyboard": "input.keyboard",
}

_SNAKE = re.compile(r"_([a-z0-9])")


def wire_member(name: str) -> str:
    """``offset_y`` -> ``offsetY``; ``offsetY`` and ``t`` unchanged."""
    return _SNAKE.sub(lambda m: m.group(1).upper(), name)


def wire_params(kwargs: Dict[str, Any]) -> Dict[str, Any]:
    """Keyword arguments as the wire's params object (top-level names converted)."""
    return {wire_member(k): v for k, v in kwargs.items()}
