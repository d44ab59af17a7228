"""The version is written once (Sources/SheetServer/Version.swift); the clients' manifests
repeat it for their own tools, and must say the same (scripts/package.sh refuses otherwise)."""
import json
import os
import re
import subprocess

import sheetd

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")


def read(*path):
    with open(os.path.join(ROOT, *path), encoding="utf-8") as f:
        return f.read()


def test_every_manifest_carries_the_daemons_version():
    version = re.search(r'static let version = "([^"]+)"', read("Sources", "SheetServer", "Version.swift")).group(1)
    assert sheetd.__version__ == version
    assert re.search(r'^version = "([^"]+)"$', read("clients", "python", "pyproject.toml"), re.M).group(1) == version
    assert json.loads(read("clients", "js", "package.json"))["version"] == version
    assert f"## {version} " in read("CHANGELOG.md")


def test_the_daemon_reports_it():
    done = subprocess.run([sheetd.find_daemon(), "--version"], capture_output=True, text=True)
    assert done.stdout == f"sheetd {sheetd.__version__}\n"
    with sheetd.Client() as client:
        assert client.initialize()["serverInfo"]["version"] == sheetd.__version__
