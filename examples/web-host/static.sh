#!/usr/bin/env bash
# The web host with no bridge: lays the page out for any static file server, with sheetd
# compiled to WebAssembly (scripts/build-wasm.sh) running in the page. Prints the directory.
#
#   examples/web-host/static.sh                      # -> .build/web-host-static
#   python3 -m http.server -d .build/web-host-static 8000   # open http://127.0.0.1:8000/?engine=wasm
#
# (`?engine=wasm&clock=host` steps the host clock.) Usage: static.sh [DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/.build/web-host-static}"
wasm="$("$root/scripts/build-wasm.sh")"
mkdir -p "$out"
cp "$here/index.html" "$here/host.css" "$here/host.js" \
   "$root/Sources/SheetReplay/Resources/sheet-renderer.js" \
   "$root/clients/js/sheetd.js" "$root/clients/js/methods.js" "$root/clients/js/sheetd-wasm.js" \
   "$wasm" "$out/"
echo "$out"
