"""Keyword arguments as the wire's members: ``snake_case`` spellings are converted to the
wire's ``camelCase`` (``offset_y=`` is sent as ``offsetY``); members already in camelCase pass
unchanged. The method tables are generated: :mod:`sheetd.protocol`.
"""
from __future__ import annotations

import re
from typing import Any, Dict, Mapping

from .protocol import CLIENT_METHODS, SESSION_METHODS

__all__ = ["CLIENT_METHODS", "SESSION_METHODS", "wire_member", "wire_params"]

_SNAKE = re.compile(r"_([a-z0-9])")


def wire_member(name: str) -> str:
    """``offset_y`` -> ``offsetY``; ``offsetY`` and ``t`` unchanged."""
    return _SNAKE.sub(lambda m: m.group(1).upper(), name)


def wire_params(kwargs: Mapping[str, Any]) -> Dict[str, Any]:
    """Keyword arguments as the wire's params object (top-level names converted)."""
    return {wire_member(k): v for k, v in kwargs.items()}
