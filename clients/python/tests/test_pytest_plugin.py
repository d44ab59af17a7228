"""The pytest plugin's fixtures."""
import os
import subprocess
import sys

import sheetd


def test_sheetd_session_is_presented_and_at_rest(sheetd_session):
    assert sheetd_session.state == "presented"
    assert sheetd_session.frame.sheet.y == 510
    assert sheetd_session.event_types() == ["willSettle", "presented"]
    client = sheetd_session.client
    t = client.now
    sheetd_session.tap(t=t + 16)
    for step in range(1, 30):
        client.tick(t + 16 * step)
    assert sheetd_session.event_types() == ["willSettle", "presented", "willSettle", "dismissed"]


def test_the_plugin_loads_by_name_in_another_pytest_run(tmp_path):
    (tmp_path / "test_inner.py").write_text(
        "def test_inner(sheetd_session):\n"
        "    assert sheetd_session.state == 'presented'\n")
    env = dict(os.environ)
    package_dir = os.path.dirname(os.path.dirname(os.path.abspath(sheetd.__file__)))
    env["PYTHONPATH"] = os.pathsep.join([package_dir] + [p for p in [env.get("PYTHONPATH")] if p])
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:sheetd", "-p", "sheetd.pytest_plugin",
                           "-p", "no:cacheprovider", "--sheetd", os.environ["SHEETD"], str(tmp_path)],
                          capture_output=True, text=True, env=env, cwd=str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout
