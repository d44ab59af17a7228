#!/usr/bin/env python3
"""Packs the Python wheel and the npm tarball for scripts/package.sh (standard library only).

    python3 scripts/pack.py wheel SHIP VERSION PLATFORM_TAG DIST
    python3 scripts/pack.py npm   SHIP VERSION DIST

SHIP is the release tree from scripts/build-release.sh (bin/sheetd, lib/sheetd/plugins/).
Each package carries the client and, in the same layout, the daemon and its plugins:
the wheel in ``sheetd/_daemon/``, the npm package in ``daemon/``; sheetd finds its plugins in
``../lib/sheetd/plugins`` next to its executable, and each client finds the bundled daemon
(clients/python/sheetd/locate.py, clients/js/stdio.js). Archive members are sorted, owned by
root and dated from SOURCE_DATE_EPOCH (default: the last commit), so a rebuild is identical.
"""
import base64
import csv
import gzip
import hashlib
import io
import json
import os
import subprocess
import sys
import tarfile
import time
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def epoch():
    if "SOURCE_DATE_EPOCH" in os.environ:
        return int(os.environ["SOURCE_DATE_EPOCH"])
    try:
        return int(subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%ct"], capture_output=True,
                                  text=True, check=True).stdout.strip())
    except (OSError, subprocess.CalledProcessError, ValueError):
        return 315532800  # 1980-01-01, the earliest a zip can say


def files_under(base, prefix=""):
    """(path relative to base, absolute path) of every file under base, sorted; no caches."""
    out = []
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            full = os.path.join(dirpath, name)
            out.append((prefix + os.path.relpath(full, base).replace(os.sep, "/"), full))
    return out


def daemon_files(ship, prefix):
    """The daemon and its plugins from the release tree, under prefix (``bin/``, ``lib/``)."""
    return files_under(os.path.join(ship, "bin"), prefix + "bin/") + files_under(os.path.join(ship, "lib"), prefix + "lib/")


def mode_of(path):
    return 0o755 if os.access(path, os.X_OK) else 0o644


# ---- wheel ----

def wheel(ship, version, platform_tag, dist):
    client = os.path.join(ROOT, "clients", "python")
    tag = f"py3-none-{platform_tag}"
    name = f"sheetd-{version}-{tag}.whl"
    info = f"sheetd-{version}.dist-info"
    with open(os.path.join(client, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    metadata = "\n".join([
        "Metadata-Version: 2.1",
        "Name: sheetd",
        f"Version: {version}",
        "Summary: sheetd, iOS-grade bottom-sheet behaviour as a JSON-RPC daemon: the Python client with the daemon bundled",
        "License: Apache-2.0",
        "Requires-Python: >=3.9",
        "Classifier: Framework :: Pytest",
        "Classifier: Typing :: Typed",
        "Classifier: Operating System :: POSIX :: Linux",
        "Description-Content-Type: text/markdown",
        "",
        readme,
    ])
    generated = {
        f"{info}/METADATA": metadata.encode(),
        f"{info}/WHEEL": (f"Wheel-Version: 1.0\nGenerator: sheetd scripts/pack.py\nRoot-Is-Purelib: false\nTag: {tag}\n").encode(),
        f"{info}/entry_points.txt": (b"[console_scripts]\nsheetd = sheetd.__main__:main\n\n"
                                     b"[pytest11]\nsheetd = sheetd.pytest_plugin\n"),
        f"{info}/top_level.txt": b"sheetd\n",
    }
    members = files_under(os.path.join(client, "sheetd"), "sheetd/") + daemon_files(ship, "sheetd/_daemon/")
    stamp = max(epoch(), 315532800)
    date = tuple(time.gmtime(stamp))[:6]
    record = []
    path = os.path.join(dist, name)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        def add(arcname, data, mode):
            zi = zipfile.ZipInfo(arcname, date)
            zi.external_attr = (0o100000 | mode) << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append((arcname, f"sha256={digest}", str(len(data))))
        for arcname, full in members:
            with open(full, "rb") as f:
                add(arcname, f.read(), mode_of(full))
        for arcname, data in generated.items():
            add(arcname, data, 0o644)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerows(record)
        writer.writerow((f"{info}/RECORD", "", ""))
        add_record = zipfile.ZipInfo(f"{info}/RECORD", date)
        add_record.external_attr = (0o100644) << 16
        z.writestr(add_record, out.getvalue(), zipfile.ZIP_DEFLATED)
    return path


# ---- npm ----

def npm(ship, version, dist):
    client = os.path.join(ROOT, "clients", "js")
    with open(os.path.join(client, "package.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    manifest["version"] = version
    manifest["files"] = manifest["files"] + ["daemon"]
    manifest["os"] = ["linux"]
    manifest["cpu"] = ["x64"]
    manifest.pop("scripts", None)  # the tests are not in the package
    members = [(f"package/{rel}", os.path.join(client, rel)) for rel in manifest["files"] if rel != "daemon"]
    members += daemon_files(ship, "package/daemon/")
    stamp = epoch()
    path = os.path.join(dist, f"sheetd-{version}.tgz")
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        def add(arcname, data, mode):
            ti = tarfile.TarInfo(arcname)
            ti.size, ti.mode, ti.mtime = len(data), mode, stamp
            ti.uid = ti.gid = 0
            ti.uname = ti.gname = ""
            tar.addfile(ti, io.BytesIO(data))
        add("package/package.json", (json.dumps(manifest, indent=2) + "\n").encode(), 0o644)
        for arcname, full in sorted(members):
            with open(full, "rb") as f:
                add(arcname, f.read(), mode_of(full))
    with open(path, "wb") as f:
        with gzip.GzipFile(fileobj=f, mode="wb", mtime=stamp, filename="") as gz:
            gz.write(raw.getvalue())
    return path


def main(argv):
    if len(argv) == 5 and argv[0] == "wheel":
        print(wheel(*argv[1:]))
    elif len(argv) == 4 and argv[0] == "npm":
        print(npm(*argv[1:]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
