#!/usr/bin/env bash
# The release build that ships: builds sheetd and its bundled plugins and lays them out in
# .build/ship as every package carries them (the tarball's layout):
#   bin/sheetd  lib/sheetd/plugins/libsheetd-*.so  include/sheetd/sheetd_plugin.h
#   share/man/man1/sheetd.1  share/doc/sheetd/
# scripts/package.sh packs that tree; the bench measures .build/ship/bin/sheetd.
# Prints the tree's path on stdout. Usage: scripts/build-release.sh [PRODUCT...]
# (PRODUCT: more products built with the same flags into the same bin directory, e.g. the bench).
#
# sheetd is meant to start like a small C program (a host waits for its `initialize` reply
# every time it opens a preview), and every package must run on a machine with nothing but
# glibc. So:
#   -static-stdlib               the Swift runtime linked statically (the daemon and the
#                                Swift plugin);
#   -L link/static-libstdcxx     linker scripts that turn -lstdc++, -lgcc_s and -ljansson into
#                                the static archives (link/README.md); link/pkgconfig makes
#                                SwiftPM's -ljansson look there first;
#   --no-export-dynamic          the executable exports no symbols (plugins get everything
#                                through sheetd_plugin_entry; dladdr has little to search);
#   -disable-concrete-type-metadata-mangled-name-accessors
#                                generic metadata through direct accessors, not by demangling
#                                type names at first use;
#   -use-ld=lld, -z pack-relative-relocs
#                                linked by LLVM's lld (in the toolchain) with the relative
#                                relocations packed (DT_RELR, glibc 2.36): the loader applies
#                                the PIE's 19,000 of them from a 3.4 KB bitmap rather than 24-byte
#                                entries (gold, the driver's default, has no RELR). Still a PIE;
#   --disable-local-rpath        no $ORIGIN run path (nothing is loaded from beside the
#                                executable; the loader looked there for libm and libc first);
#   -function-sections, --symbol-ordering-file=link/startup-order.txt, --no-warn-symbol-ordering
#                                each Swift function in a section of its own, so that lld can
#                                lay out first, together, the functions that run from exec to
#                                the `initialize` reply and the .bss variables they touch (the
#                                list: scripts/startup-order.py, from a valgrind trace of the
#                                shipped binary): 185 -> 157 page faults per start, as many as
#                                the Swift hello plus 23 (bench/README.md, "Start-up III"). The
#                                list is a hint: a name it no longer finds is skipped, silently,
#                                and whatever is not listed is laid out as before. SwiftPM does
#                                not see the list as an input, so sheetd is relinked below when
#                                the list is newer ("Start-up IV"). (--gc-sections: SwiftPM
#                                passes it already in release builds, --enable-dead-strip.)
# And for speed (bench/README.md, issue 24):
#   -enforce-exclusivity=unchecked
#                                no run-time exclusivity checks (swift_beginAccess on every
#                                access to a class's stored property: 780 of ~16,800
#                                instructions per frame). The compile-time checks stay, and
#                                debug builds — every test, end-to-end tests included — keep
#                                the run-time ones, so an overlapping access still fails there.
#   -cross-module-optimization
#                                the engine's small methods inlined into the server: called
#                                opaquely, each method of the session's Sheet that is not
#                                mutating got a copy of its 584 bytes (a borrowed struct passed
#                                to code the compiler cannot see is copied first): 15,313 ->
#                                14,848 instructions per frame on the hot path.
# The C plugins are compiled here with cc (a SwiftPM product would carry the Swift runtime);
# material links libjansson.a with link/jansson-stdin.c (see there) and keeps the archive's
# symbols to itself (--exclude-libs).
# These are command-line flags, not Package.swift settings, so the package has no unsafeFlags
# and others can depend on it (SheetClient) by version. Debug builds and `swift test` link as usual.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
link="$root/link/static-libstdcxx"
flags=(
    -c release
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
    -Xswiftc -static-stdlib
    -Xswiftc -enforce-exclusivity=unchecked
    -Xswiftc -cross-module-optimization
    -Xswiftc -Xfrontend -Xswiftc -function-sections
    -Xlinker --symbol-ordering-file="$root/link/startup-order.txt"
    -Xlinker --no-warn-symbol-ordering
    -Xswiftc -use-ld=lld
    -Xlinker -z -Xlinker pack-relative-relocs
    -Xlinker --no-export-dynamic
    --disable-local-rpath
    -Xlinker -L -Xlinker "$link"
)
export PKG_CONFIG_PATH="$root/link/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
bin="$(swift build "${flags[@]}" --show-bin-path)"
# SwiftPM does not know link/startup-order.txt is a link input: after the list alone changed
# (scripts/startup-order.py) it would keep the executable linked with the old one. Relink then.
if [ -e "$bin/sheetd" ] && [ "$root/link/startup-order.txt" -nt "$bin/sheetd" ]; then
    rm -f "$bin/sheetd"
fi
for product in sheetd sheetd-expanded-only "$@"; do
    swift build "${flags[@]}" --product "$product" >&2
done

ship="$root/.build/ship"
rm -rf "$ship"
mkdir -p "$ship/bin" "$ship/lib/sheetd/plugins" "$ship/include/sheetd" "$ship/share/man/man1" "$ship/share/doc/sheetd"
plugins="$ship/lib/sheetd/plugins"
cp "$bin/sheetd" "$ship/bin/sheetd"
cp "$bin/libsheetd-expanded-only.so" "$plugins/"
cc -std=c99 -O2 -fPIC -shared -Wl,--no-undefined -Wl,--exclude-libs,ALL -o "$plugins/libsheetd-material.so" \
    plugins/material/material.c link/jansson-stdin.c -L "$link" -ljansson -lm
cc -std=c99 -O2 -fPIC -shared -Wl,--no-undefined -o "$plugins/libsheetd-crossfade.so" \
    plugins/crossfade/crossfade.c
cc -std=c99 -O2 -fPIC -shared -Wl,--no-undefined -o "$plugins/libsheetd-golden.so" \
    plugins/golden/golden.c
strip --strip-debug "$ship/bin/sheetd" "$plugins"/*.so
chmod 0755 "$ship/bin/sheetd"
chmod 0644 "$plugins"/*.so
cp protocol/sheetd_plugin.h "$ship/include/sheetd/"
version="$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/SheetServer/Version.swift)"
sed "s/@VERSION@/$version/" man/sheetd.1 > "$ship/share/man/man1/sheetd.1"
cp README.md CHANGELOG.md "$ship/share/doc/sheetd/"
cp protocol/README.md "$ship/share/doc/sheetd/protocol.md"
cp protocol/PLUGINS.md protocol/openrpc.json "$ship/share/doc/sheetd/"

# Every shipped binary needs glibc only: libc, libm and the loader.
for f in "$ship/bin/sheetd" "$plugins"/*.so; do
    extra="$(ldd "$f" | awk '{print $1}' | grep -Ev '^(linux-vdso\.so|libc\.so|libm\.so|/lib64/ld-linux|statically)' || true)"
    if [ -n "$extra" ]; then
        echo "build-release: $f needs more than glibc: $extra" >&2
        exit 1
    fi
done
# sheetd links no _StringProcessing (Sources/SheetReplay/TextSearch.swift says why): one call
# of its string algorithms pulls in that module and _RegexParser, whose ~3,100 relocations
# and conformance records every start pays for.
if nm "$ship/bin/sheetd" | grep '17_StringProcessing' >/dev/null; then
    echo "build-release: $ship/bin/sheetd links _StringProcessing (see Sources/SheetReplay/TextSearch.swift)" >&2
    exit 1
fi
echo "$ship"
