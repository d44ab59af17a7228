#!/usr/bin/env bash
# One command from a clone to what a user installs: the release build (scripts/build-release.sh)
# packed four ways into dist/, each with the daemon and its bundled plugins (glibc only):
#   sheetd-V-py3-none-manylinux_2_N_x86_64.whl   pip install; `sheetd` on PATH, sheetd.Client() finds it
#   sheetd-V.tgz                                 npm install; SheetdClient.spawn() finds it
#   sheetd_V_amd64.deb                           apt install ./...; /usr/bin/sheetd, /usr/lib/sheetd/plugins
#   sheetd-V-linux-x86_64.tar.gz                 bin/ lib/sheetd/plugins/ include/ share/, runs from anywhere
# V is the version in Sources/SheetServer/Version.swift; N the newest glibc symbol version the
# binaries use (objdump -T). scripts/test-packages.sh installs and drives each.
# Usage: scripts/package.sh [--no-build]   (--no-build: pack the existing .build/ship)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

version="$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/SheetServer/Version.swift)"
[ -n "$version" ] || { echo "package: no version in Sources/SheetServer/Version.swift" >&2; exit 1; }
# The clients' own manifests must say the same (the packages are stamped from Version.swift).
for copy in "clients/python/pyproject.toml:^version = \"$version\"$" \
            "clients/python/sheetd/__init__.py:^__version__ = \"$version\"$" \
            "clients/js/package.json:\"version\": \"$version\""; do
    grep -q "${copy#*:}" "${copy%%:*}" || { echo "package: ${copy%%:*} does not say version $version" >&2; exit 1; }
done

if [ "${1:-}" = "--no-build" ]; then
    ship="$root/.build/ship"
    [ -x "$ship/bin/sheetd" ] || { echo "package: no $ship/bin/sheetd; run without --no-build" >&2; exit 1; }
else
    ship="$(scripts/build-release.sh)"
fi
built="$("$ship/bin/sheetd" --version)"
[ "$built" = "sheetd $version" ] || { echo "package: $ship/bin/sheetd says '$built', not $version" >&2; exit 1; }

# The manylinux tag: the newest GLIBC_x.y any shipped binary needs.
glibc="$(objdump -T "$ship/bin/sheetd" "$ship"/lib/sheetd/plugins/*.so | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -1)"
platform="manylinux_${glibc//./_}_x86_64"

dist="$root/dist"
rm -rf "$dist"
mkdir -p "$dist"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
tar_flags=(--sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH")

# The tarball: the release tree itself.
name="sheetd-$version-linux-x86_64"
cp -a "$ship" "$work/$name"
tar "${tar_flags[@]}" -C "$work" -czf "$dist/$name.tar.gz" "$name"

# The Debian package.
deb="$work/deb"
mkdir -p "$deb/DEBIAN" "$deb/usr/bin" "$deb/usr/lib/sheetd" "$deb/usr/include" \
    "$deb/usr/share/man/man1" "$deb/usr/share/doc/sheetd"
cp -a "$ship/bin/sheetd" "$deb/usr/bin/"
cp -a "$ship/lib/sheetd/plugins" "$deb/usr/lib/sheetd/"
cp -a "$ship/include/sheetd" "$deb/usr/include/"
gzip -9n < "$ship/share/man/man1/sheetd.1" > "$deb/usr/share/man/man1/sheetd.1.gz"
cp -a "$ship/share/doc/sheetd/." "$deb/usr/share/doc/sheetd/"
gzip -9n "$deb/usr/share/doc/sheetd/CHANGELOG.md"
cat > "$deb/usr/share/doc/sheetd/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: sheetd

Files: *
Copyright: sheetd maintainers
License: Apache-2.0
 On Debian systems the full text of the Apache License 2.0 is in
 /usr/share/common-licenses/Apache-2.0.
COPYRIGHT
cat > "$deb/DEBIAN/control" <<CONTROL
Package: sheetd
Version: $version
Architecture: amd64
Maintainer: sheetd maintainers <maintainers@users.noreply.a-seed-5991e690.example>
Depends: libc6 (>= $glibc)
Section: devel
Priority: optional
Installed-Size: $(du -sk "$deb/usr" | cut -f1)
Description: iOS-grade bottom-sheet behaviour as a JSON-RPC 2.0 daemon
 sheetd computes bottom-sheet frames (the sheet's rect, dimming, grabber, detent,
 navigation children) for UI hosts over JSON-RPC 2.0 on stdin/stdout: editors'
 previews, web or game UIs, test harnesses. Includes the bundled policy plugins
 (/usr/lib/sheetd/plugins) and the plugin ABI header (/usr/include/sheetd).
CONTROL
find "$deb" -type d -exec chmod 0755 {} +
dpkg-deb --root-owner-group -Zxz --build "$deb" "$dist/sheetd_${version}_amd64.deb" >/dev/null

# The wheel and the npm tarball.
python3 scripts/pack.py wheel "$ship" "$version" "$platform" "$dist" >/dev/null
python3 scripts/pack.py npm "$ship" "$version" "$dist" >/dev/null

echo "package: sheetd $version (glibc $glibc and later, x86_64) in dist/:" >&2
(cd "$dist" && ls -l | tail -n +2 | awk '{printf "  %-50s %6.1f MB\n", $9, $5 / 1048576}') >&2
