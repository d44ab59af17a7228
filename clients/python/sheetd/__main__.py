"""``sheetd`` on the command line (the wheel's console entry point, or ``python -m sheetd``):
runs the daemon this client finds — ``$SHEETD``, else the one bundled in the wheel, else
``sheetd`` on ``PATH`` — with the same arguments (``sheetd --version``, ``sheetd replay FILE``)."""
from __future__ import annotations

import os
import sys
from typing import List, Optional

from .errors import DaemonNotFound
from .locate import find_daemon


def main(argv: Optional[List[str]] = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        daemon = find_daemon()
    except DaemonNotFound as e:
        print(f"sheetd: {e}", file=sys.stderr)
        return 127
    if os.path.realpath(daemon) == os.path.realpath(sys.argv[0]):  # this script found itself on PATH
        print("sheetd: no daemon bundled in this package and none on PATH besides this script", file=sys.stderr)
        return 127
    os.execv(daemon, [daemon, *args])
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
