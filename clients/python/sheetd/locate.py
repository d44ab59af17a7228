"""Finding the sheetd executable: an explicit path, else ``$SHEETD``, else ``sheetd`` on PATH."""
from __future__ import annotations

import os
import shutil
from typing import Optional

from .errors import DaemonNotFound


def find_daemon(path: Optional[str] = None) -> str:
    """The sheetd executable to spawn.

    ``path`` wins when given; else the ``SHEETD`` environment variable; else ``sheetd`` on
    ``PATH``. Raises :class:`DaemonNotFound` naming where it looked.
    """
    if path:
        if os.access(path, os.X_OK) and not os.path.isdir(path):
            return path
        raise DaemonNotFound(f"sheetd path {path!r} is not an executable file")
    env = os.environ.get("SHEETD")
    if env:
        if os.access(env, os.X_OK) and not os.path.isdir(env):
            return env
        raise DaemonNotFound(f"$SHEETD={env!r} is not an executable file")
    found = shutil.which("sheetd")
    if found:
        return found
    raise DaemonNotFound("sheetd not found: pass its path, set $SHEETD, or put sheetd on PATH")
