"""The typed layer: sheetd/protocol.py is what generate.py makes of openrpc.json, and a type
checker catches a misspelled member."""
import os
import subprocess
import sys
import textwrap

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)

GOOD = """
    import sheetd

    def run(client: sheetd.Client) -> float:
        client.initialize(clock="host")
        session = client.create_session(container={"width": 390, "height": 844, "safeArea": {"top": 47}},
                                        content={"preferredHeight": 300}, detents=["fit", {"id": "x", "height": 400}])
        session.present(t=0, stack_behavior="push")
        session.pan(t=16, phase="began", translation={"x": 0, "y": 0})
        frame = client.tick(150)[0]
        return frame.sheet.y + frame.dimming.alpha
"""

BAD = """
    import sheetd

    def run(client: sheetd.Client) -> None:
        client.create_session(contaner={"width": 390, "height": 844})
        session = client.create_session(container={"width": 390, "hieght": 844})
        session.pan(t=16, phase="begun", translation={"x": 0, "y": 0})
        client.tick(150)[0].sheet.why
"""


def mypy_available():
    return subprocess.run([sys.executable, "-m", "mypy", "--version"], capture_output=True).returncode == 0


def test_the_generated_types_are_current():
    done = subprocess.run([sys.executable, os.path.join(PACKAGE, "generate.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(not mypy_available() and os.environ.get("CI") != "true", reason="no mypy (pip install mypy)")
def test_mypy_accepts_typed_usage_and_flags_misspelled_members(tmp_path):
    (tmp_path / "good.py").write_text(textwrap.dedent(GOOD))
    (tmp_path / "bad.py").write_text(textwrap.dedent(BAD))
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"),
                           "good.py", "bad.py"],
                          capture_output=True, text=True, env=dict(os.environ, MYPYPATH=PACKAGE), cwd=str(tmp_path))
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert errors and all(line.startswith("bad.py:") for line in errors), done.stdout + done.stderr
    flagged = " ".join(errors)
    for misspelled in ('"contaner"', '"hieght"', "'begun'", '"why"'):
        assert misspelled in flagged, done.stdout
