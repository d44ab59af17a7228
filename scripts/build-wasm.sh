#!/usr/bin/env bash
# sheetd as a WebAssembly module: writes .build/wasm/sheetd.wasm (and prints its path).
#
# Everything between bytes in and bytes out is compiled from the very sources the native
# daemon is built from — SheetWire, SheetCore (the engine), SheetRPC (framing, JSON-RPC, the
# frame writer) and SheetServer (message handling) — with Embedded Swift for
# wasm32-unknown-none-wasm, one module at a time as SwiftPM builds them. Only two things are
# the module's own (wasm/):
#   wasm/SheetPluginHost   the plugin host of the browser: no plugins (`plugins.load` -> -32011)
#   wasm/SheetdWasm        the exported functions that replace the OS loop (see Exports.swift)
# The native-only pieces stay native: jansson (the wasm build reads JSON with SheetRPC's
# JSONReader, which JSONReaderDifferentialTests holds to jansson's answers), the plugin
# loader and the poll loop. The sources choose with `#if hasFeature(Embedded)`.
#
# Needs the Swift toolchain (its embedded standard library and wasm-ld) and Debian's
# `wasi-libc` (libc: memchr, memcmp, strtod, malloc) and `libclang-rt-dev-wasm32` (compiler
# builtins). The module imports only four WASI functions (fd_write, fd_close, fd_seek for a trap
# message, random_get for hash seeds), which clients/js/sheetd-wasm.js provides.
# Usage: scripts/build-wasm.sh [--check]
#   --check   exit 3 (printing what is missing) when the tools are absent; build nothing.
# Rebuilds only when a source is newer than the module.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

swiftc="$(command -v swiftc || true)"
if [[ -z "$swiftc" ]]; then echo "build-wasm: swiftc not found" >&2; exit 3; fi
toolchain="$(cd "$(dirname "$(readlink -f "$swiftc")")/.." && pwd)"
wasm_ld="$toolchain/bin/wasm-ld"
embedded="$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm"
wasi=/usr/lib/wasm32-wasi
builtins="$(ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a 2>/dev/null | head -n 1 || true)"

missing=()
[[ -x "$wasm_ld" ]] || missing+=("wasm-ld (in the Swift toolchain's bin)")
[[ -d "$embedded" ]] || missing+=("the embedded standard library for wasm32 (Swift toolchain)")
[[ -f "$wasi/libc.a" ]] || missing+=("wasi-libc (apt-get install wasi-libc)")
[[ -n "$builtins" ]] || missing+=("libclang-rt-dev-wasm32 (apt-get install libclang-rt-dev-wasm32)")
if (( ${#missing[@]} )); then
    printf 'build-wasm: missing %s\n' "${missing[@]}" >&2
    exit 3
fi
[[ "${1:-}" == "--check" ]] && exit 0

out=.build/wasm
obj=$out/obj
module=$out/sheetd.wasm
mkdir -p "$obj"

# The modules in dependency order: name and source directory.
modules=(
    "SheetWire Sources/SheetWire"
    "SheetCore Sources/SheetCore"
    "SheetRPC Sources/SheetRPC"
    "SheetPluginHost wasm/SheetPluginHost"
    "SheetServer Sources/SheetServer"
    "SheetdWasm wasm/SheetdWasm"
)

# Up to date: nothing newer than the module (sources, this script).
if [[ -f "$module" ]]; then
    dirs=()
    for m in "${modules[@]}"; do dirs+=("${m#* }"); done
    if [[ -z "$(find "${dirs[@]}" "$0" -newer "$module" -print -quit)" ]]; then
        echo "$root/$module"
        exit 0
    fi
fi

flags=(
    -target wasm32-unknown-none-wasm
    -enable-experimental-feature Embedded
    -enable-experimental-feature Extern
    -wmo -parse-as-library -Osize
    -Xfrontend -disable-stack-protector
    -package-name sheetd
    -swift-version 6
    -I "$obj"
)
# Embedded Swift prints "(cannot print value in embedded Swift)" where a message interpolates a
# value that is not CustomStringConvertible (an array, an enum with payloads): the daemon would
# print the value, the module would not. A type-check with a deprecated catch-all overload finds
# every such place (the stdlib's constrained overloads still win everywhere else).
probe="$obj/EmbeddedPrintProbe.swift"
cat > "$probe" <<'SWIFT'
extension DefaultStringInterpolation {
    @available(*, deprecated, message: "SHEETD-WASM-UNPRINTABLE")
    mutating func appendInterpolation<T>(_ value: T) {}
}
SWIFT

objects=()
for m in "${modules[@]}"; do
    name="${m%% *}"
    dir="${m#* }"
    mapfile -t sources < <(find "$dir" -name '*.swift' | sort)
    if swiftc "${flags[@]}" -module-name "$name" -typecheck "${sources[@]}" "$probe" 2>&1 | grep -B1 "SHEETD-WASM-UNPRINTABLE" | grep -v "^--" | grep -v "^ *[0-9]* |" | grep "error\|warning" >&2; then
        echo "build-wasm: the messages above interpolate a value Embedded Swift cannot print; print it explicitly (a list of names: ListText.of(names)); see README, \"Code that also runs in the browser\"" >&2
        exit 1
    fi
    swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$obj/$name.swiftmodule" \
        -c "${sources[@]}" -o "$obj/$name.o"
    objects+=("$obj/$name.o")
done

"$wasm_ld" --no-entry --gc-sections --strip-all \
    --export=sheetd_init --export=sheetd_input --export=sheetd_feed --export=sheetd_finish \
    --export=sheetd_output --export=sheetd_output_clear --export=sheetd_set_now \
    --export=sheetd_next_deadline --export=sheetd_advance --export=sheetd_display_frame \
    --export=sheetd_exit_code \
    -o "$module.tmp" "${objects[@]}" \
    "$embedded/libswiftUnicodeDataTables.a" "$wasi/libc.a" "$wasi/libm.a" "$builtins"
mv "$module.tmp" "$module"
echo "$root/$module"
