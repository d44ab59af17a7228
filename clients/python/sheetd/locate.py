"""Finding the sheetd executable, in the order every sheetd client uses: an explicit path,
else ``$SHEETD``, else the daemon bundled in this package (the wheel's ``sheetd/_daemon``),
else ``sheetd`` on ``PATH``."""
from __future__ import annotations

import os
import shutil
from typing import Optional

from .errors import DaemonNotFound

#: Where a wheel carries the daemon: ``bin/sheetd`` with its plugins in ``lib/sheetd/plugins``
#: (the layout of the release tarball, which sheetd finds its bundled plugins in).
BUNDLED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_daemon", "bin", "sheetd")


def _executable(path: str) -> bool:
    return os.access(path, os.X_OK) and not os.path.isdir(path)


def bundled_daemon() -> Optional[str]:
    """The daemon shipped inside this package, or None (a source checkout has none)."""
    return BUNDLED if _executable(BUNDLED) else None


def find_daemon(path: Optional[str] = None) -> str:
    """The sheetd executable to spawn.

    ``path`` wins when given; else the ``SHEETD`` environment variable; else the daemon
    bundled in this package; else ``sheetd`` on ``PATH``. Raises :class:`DaemonNotFound`
    saying where it looked.
    """
    if path:
        if _executable(path):
            return path
        raise DaemonNotFound(f"sheetd path {path!r} is not an executable file")
    env = os.environ.get("SHEETD")
    if env:
        if _executable(env):
            return env
        raise DaemonNotFound(f"$SHEETD={env!r} is not an executable file")
    bundled = bundled_daemon()
    if bundled:
        return bundled
    found = shutil.which("sheetd")
    if found:
        return found
    raise DaemonNotFound(
        "sheetd not found. Looked for: an explicit path (none given), $SHEETD (not set), "
        f"the daemon bundled in this package ({BUNDLED}: not there, only the sheetd wheel "
        f"carries one), sheetd on PATH ({os.environ.get('PATH', '')}). "
        "Pass its path, set $SHEETD, install the sheetd wheel, or put sheetd on PATH.")
