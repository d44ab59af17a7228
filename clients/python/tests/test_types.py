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
        assert session.pan(t=16, phase="began", translation={"x": 0, "y": 0})["state"] == "dragging"
        frame = client.tick(150)[0]
        return frame.sheet.y + frame.dimming.alpha

    async def run_async(client: sheetd.AsyncClient) -> str:
        session = await client.create_session(container={"width": 390, "height": 844})
        async with session.expect_event("presented") as ev:
            await session.present(t=0)
        return (await ev.value)["type"] + (await session.dismiss(t=1))["state"]
"""

BAD = """
    import sheetd

    def run(client: sheetd.Client) -> None:
        client.create_session(contaner={"width": 390, "height": 844})
        session = client.create_session(container={"width": 390, "hieght": 844})
        session.pan(t=16, phase="begun", translation={"x": 0, "y": 0})
        client.tick(150)[0].sheet.why
        session.present(t=0)["stat"]
"""


def find_mypy():
    """mypy in this Python, else Debian's (apt-get install mypy), else on PATH; None if none."""
    for command in ([sys.executable, "-m", "mypy"], ["/usr/bin/python3", "-m", "mypy"], ["mypy"]):
        try:
            if subprocess.run(command + ["--version"], capture_output=True).returncode == 0:
                return command
        except OSError:
            pass
    return None


MYPY = find_mypy()


def test_the_generated_types_are_current():
    done = subprocess.run([sys.executable, os.path.join(PACKAGE, "generate.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(MYPY is None and os.environ.get("CI") != "true", reason="no mypy (apt-get install mypy, or pip install mypy)")
def test_mypy_accepts_typed_usage_and_flags_misspelled_members(tmp_path):
    (tmp_path / "good.py").write_text(textwrap.dedent(GOOD))
    (tmp_path / "bad.py").write_text(textwrap.dedent(BAD))
    # Unpack for **kwargs (PEP 692) is on by default from mypy 1.7; older ones (Debian 12: 1.0) need the flag.
    assert MYPY is not None, "CI=true but no mypy (apt-get install mypy, or pip install mypy)"
    done = subprocess.run(MYPY + ["--strict", "--enable-incomplete-feature=Unpack",
                           "--cache-dir", str(tmp_path / "cache"),
                           "good.py", "bad.py"],
                          capture_output=True, text=True, env=dict(os.environ, MYPYPATH=PACKAGE), cwd=str(tmp_path))
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert errors and all(line.startswith("bad.py:") for line in errors), done.stdout + done.stderr
    flagged = " ".join(errors)
    for misspelled in ('"contaner"', '"hieght"', "'begun'", '"why"', '"stat"'):
        assert misspelled in flagged, done.stdout
