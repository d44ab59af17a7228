"""pytest plugin (entry point ``pytest11``): fixtures for tests that drive a live sheetd.

- ``sheetd_client``: a :class:`sheetd.Client` initialized on the host clock, shut down after
  the test (the daemon must exit 0).
- ``sheetd_session``: a session on an iPhone-like container (390x844, safe area 47/34) with
  content 300 pt, presented at t=0 and ticked every 16 ms until the ``presented`` event;
  ``sheetd_session.client.now`` is the time of the last tick. Override the fixture
  ``sheetd_session_params`` to create it differently.
- ``--sheetd PATH`` picks the daemon (else ``$SHEETD``, else the one bundled in the wheel, else
  ``sheetd`` on ``PATH``).
"""
from __future__ import annotations

from typing import Any, Dict, Iterator

import pytest

from .client import Client, Session

#: The container and content ``sheetd_session`` uses unless ``sheetd_session_params`` says otherwise.
DEFAULT_SESSION_PARAMS: Dict[str, Any] = {
    "container": {"width": 390, "height": 844, "safeArea": {"top": 47, "bottom": 34}},
    "content": {"preferredHeight": 300},
}


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("sheetd")
    group.addoption("--sheetd", action="store", default=None, metavar="PATH",
                    help="the sheetd executable (default: $SHEETD, else the bundled one, else sheetd on PATH)")


@pytest.fixture
def sheetd_client(request: Any) -> Iterator[Client]:
    """A live sheetd on the host clock (initialized); shut down after the test."""
    client = Client(request.config.getoption("--sheetd"))
    try:
        client.initialize(clock="host", client_info={"name": "sheetd-pytest"})
        yield client
        status = client.shutdown()
        assert status == 0, f"sheetd exited with status {status}"
    finally:
        client.close()


@pytest.fixture
def sheetd_session_params() -> Dict[str, Any]:
    """The ``session.create`` params of ``sheetd_session`` (override to change them)."""
    return dict(DEFAULT_SESSION_PARAMS)


@pytest.fixture
def sheetd_session(sheetd_client: Client, sheetd_session_params: Dict[str, Any]) -> Session:
    """A session presented and at rest (its ``presented`` event received)."""
    session = sheetd_client.create_session(**sheetd_session_params)
    session.present(t=0)
    t = 0
    while "presented" not in session.event_types():
        if t > 10_000:
            raise AssertionError(f"sheetd_session: not presented after 10 s of host time: {session.events}")
        sheetd_client.tick(t)
        t += 16
    return session
