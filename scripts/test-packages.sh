#!/usr/bin/env bash
# Installs each package in dist/ (scripts/package.sh) into a clean place, with Swift off PATH
# and a bare environment, and drives the daemon it brought through a client:
#   wheel    a fresh venv: `sheetd --version` (console entry point), sheetd.Client() with no
#            argument and no $SHEETD, and the pytest fixture
#   npm      an empty project: `npm install ./sheetd-V.tgz`, `npx sheetd --version`, and
#            `SheetdClient.spawn()` with no argument
#   deb      `dpkg-deb -x` into a temporary root: its usr/bin/sheetd through the JS client from
#            PATH, its plugins from usr/lib/sheetd/plugins (and `apt-get install -s`, simulated)
#   tarball  unpacked anywhere: its bin/sheetd through the Python client from PATH
# Each smoke checks the version, that the three bundled plugins load from inside the install,
# a frame, and `ldd` (glibc only); the tarball's daemon also replays the plugin examples to
# their goldens. Needs python3 with venv and pytest (Debian: python3-venv,
# python3-pytest), node and npm, dpkg-deb. Usage: scripts/test-packages.sh [DIST]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dist="$(cd "${1:-$root/dist}" && pwd)"
version="$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$root/Sources/SheetServer/Version.swift")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A bare environment: the system's PATH without Swift (nor pyenv, nor the caller's venv).
clean_path="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
clean() { env -i HOME="$work/home" LANG=C.UTF-8 PATH="${EXTRA_PATH:+$EXTRA_PATH:}$clean_path" "$@"; }
mkdir -p "$work/home"
if clean sh -c 'command -v swift' >/dev/null; then
    echo "test-packages: swift is on the clean PATH ($clean_path); these tests need a machine path without it" >&2
    exit 1
fi
step() { printf '\n== %s\n' "$*"; }
fail() { echo "test-packages: FAILED: $*" >&2; exit 1; }

# Only glibc: libc, libm and the loader.
glibc_only() {
    for f in "$@"; do
        local extra
        extra="$(ldd "$f" | awk '{print $1}' | grep -Ev '^(linux-vdso\.so|libc\.so|libm\.so|/lib64/ld-linux)' || true)"
        [ -z "$extra" ] || fail "$f needs $extra"
    done
    echo "ldd: glibc only ($# files)"
}

# The smoke through the Python client: version, plugins from inside PREFIX, one frame.
cat > "$work/smoke.py" <<'PY'
import os, sys
import sheetd
prefix, version = os.path.realpath(sys.argv[1]), sys.argv[2]
with sheetd.Client() as client:
    hello = client.initialize(clock="host")
    assert hello["serverInfo"]["version"] == version, hello
    plugins = client.list_plugins()
    assert sorted(p["name"] for p in plugins) == ["crossfade", "expanded-only", "golden", "material"], plugins
    assert all(os.path.realpath(p["path"]).startswith(prefix) for p in plugins), plugins
    session = client.create_session(container={"width": 390, "height": 844}, content={"preferredHeight": 300},
                                    policies={"dismissal": "material", "scrollHandoff": "expanded-only"})
    session.present(t=0)
    frame = client.tick(150)[0]
    assert frame.sheet.y == 694, frame
print(f"python client: {client.executable}: sheetd {version}, plugins {', '.join(p['name'] for p in plugins)}, "
      f"frame at t=150 y={frame.sheet.y:g}, exit {client.returncode}")
PY
# The same through the JS client.
cat > "$work/smoke.mjs" <<'JS'
import { realpathSync } from "node:fs";
import { SheetdClient } from "sheetd";
const [prefix, version] = [realpathSync(process.argv[2]), process.argv[3]];
const client = await SheetdClient.spawn();
const hello = await client.initialize({ clock: "host" });
if (hello.serverInfo.version !== version) throw new Error(`version ${hello.serverInfo.version}`);
const plugins = await client.listPlugins();
const names = plugins.map((p) => p.name).sort().join(", ");
if (names !== "crossfade, expanded-only, golden, material") throw new Error(`plugins ${names}`);
for (const p of plugins) if (!realpathSync(p.path).startsWith(prefix)) throw new Error(`plugin outside ${prefix}: ${p.path}`);
const session = await client.createSession({ container: { width: 390, height: 844 }, content: { preferredHeight: 300 },
                                             policies: { dismissal: "material", navigation: "crossfade" } });
await session.present({ t: 0 });
const [frame] = await client.tick(150);
if (frame.sheet.y !== 694) throw new Error(`frame ${JSON.stringify(frame)}`);
await client.shutdown();
client.exit();
const status = await client.exited;
console.log(`js client: ${client.transport.executable}: sheetd ${version}, plugins ${names}, frame at t=150 y=${frame.sheet.y}, exit ${status}`);
if (status !== 0) process.exit(1);
JS

step "wheel: $(basename "$dist"/sheetd-"$version"-py3-none-*.whl) into a fresh venv"
venv="$work/venv"
# --system-site-packages only for pytest (python3-pytest): sheetd itself comes from the wheel.
clean python3 -m venv --system-site-packages "$venv"
clean "$venv/bin/python" -m pip install -q --no-index --disable-pip-version-check "$dist"/sheetd-"$version"-py3-none-*.whl
installed="$(clean "$venv/bin/python" -c 'import os, sheetd; print(os.path.dirname(sheetd.__file__))')"
case "$installed" in "$venv"/*) ;; *) fail "sheetd imported from $installed, not the venv" ;; esac
[ "$(clean "$venv/bin/sheetd" --version)" = "sheetd $version" ] || fail "venv/bin/sheetd --version"
echo "console entry point: $(clean "$venv/bin/sheetd" --version)"
glibc_only "$installed/_daemon/bin/sheetd" "$installed"/_daemon/lib/sheetd/plugins/*.so
(cd "$work" && clean "$venv/bin/python" smoke.py "$installed" "$version")
mkdir -p "$work/fixture"
cat > "$work/fixture/test_fixture.py" <<'PY'
def test_the_fixture_presents_a_sheet(sheetd_session):
    assert sheetd_session.state == "presented"
    assert sheetd_session.frame.sheet.y == 510
PY
fixture="$(cd "$work/fixture" && clean "$venv/bin/python" -m pytest -q -p no:cacheprovider test_fixture.py)" \
    || fail "the pytest fixture: $fixture"
echo "pytest fixture sheetd_session (the wheel's pytest11 plugin): $(tail -1 <<<"$fixture")"

step "npm: sheetd-$version.tgz into an empty project"
project="$work/npm-project"
mkdir -p "$project"
(cd "$project" && clean npm init -y >/dev/null && clean npm install --no-audit --no-fund --loglevel=error "$dist/sheetd-$version.tgz")
package="$project/node_modules/sheetd"
[ "$(cd "$project" && clean npx --no-install sheetd --version)" = "sheetd $version" ] || fail "npx sheetd --version"
echo "bin: $(cd "$project" && clean npx --no-install sheetd --version)"
glibc_only "$package/daemon/bin/sheetd" "$package"/daemon/lib/sheetd/plugins/*.so
cp "$work/smoke.mjs" "$project/"
(cd "$project" && clean node smoke.mjs "$package" "$version")

step "deb: sheetd_${version}_amd64.deb extracted with dpkg-deb -x"
debroot="$work/debroot"
dpkg-deb -x "$dist/sheetd_${version}_amd64.deb" "$debroot"
for f in usr/bin/sheetd usr/include/sheetd/sheetd_plugin.h usr/share/man/man1/sheetd.1.gz usr/share/doc/sheetd/README.md \
         usr/lib/sheetd/plugins/libsheetd-material.so; do
    [ -e "$debroot/$f" ] || fail "the .deb has no /$f"
done
glibc_only "$debroot/usr/bin/sheetd" "$debroot"/usr/lib/sheetd/plugins/*.so
if command -v apt-get >/dev/null; then  # what `apt install ./sheetd_V_amd64.deb` would do, simulated
    apt-get install -s "$dist/sheetd_${version}_amd64.deb" 2>/dev/null | grep -q "^Inst sheetd ($version " \
        || fail "apt-get install -s refuses the .deb"
    echo "apt-get install -s: installable (Depends: $(dpkg-deb -f "$dist/sheetd_${version}_amd64.deb" Depends))"
fi
# The JS client from this checkout, the daemon from PATH.
mkdir -p "$work/deb-client/node_modules"
ln -s "$root/clients/js" "$work/deb-client/node_modules/sheetd"
cp "$work/smoke.mjs" "$work/deb-client/"
(cd "$work/deb-client" && EXTRA_PATH="$debroot/usr/bin" clean node smoke.mjs "$debroot/usr/lib/sheetd" "$version")

step "tarball: sheetd-$version-linux-x86_64.tar.gz unpacked in a temporary directory"
mkdir -p "$work/unpacked"
tar -xzf "$dist/sheetd-$version-linux-x86_64.tar.gz" -C "$work/unpacked"
tree="$work/unpacked/sheetd-$version-linux-x86_64"
for d in bin/sheetd lib/sheetd/plugins include/sheetd/sheetd_plugin.h share/man/man1/sheetd.1; do
    [ -e "$tree/$d" ] || fail "the tarball has no $d"
done
glibc_only "$tree/bin/sheetd" "$tree"/lib/sheetd/plugins/*.so
# The Python client from this checkout, the daemon from PATH.
(cd "$work" && EXTRA_PATH="$tree/bin" clean env PYTHONPATH="$root/clients/python" python3 smoke.py "$tree" "$version")
# The shipped plugins behave as the ones `swift test` builds: the plugin examples replay to their goldens.
for case in "$root"/protocol/conformance/*plugin*.ndjson; do
    golden="${case%.ndjson}.golden.ndjson"
    [ -f "$golden" ] || continue
    clean "$tree/bin/sheetd" --no-default-plugins --plugin-dir "$tree/lib/sheetd/plugins" replay "$case" --expect "$golden" \
        || fail "$(basename "$case") does not replay to its golden with the tarball's daemon and plugins"
    echo "replay --expect: $(basename "$case") identical"
done

printf '\ntest-packages: all four packages of sheetd %s installed and answered\n' "$version"
