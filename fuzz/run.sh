#!/bin/sh
# fuzz/run.sh [SECONDS] — build the libFuzzer targets and run each for SECONDS (default 60).
#
# Targets (not part of `swift build` / `swift test`):
#   server  — bytes → framing → JSON-RPC → SheetService → output (fuzz/ServerFuzz.swift)
#   restore — session.restore on mutated snapshots (fuzz/RestoreFuzz.swift)
# The package's modules are compiled here with -sanitize=fuzzer,address (coverage + ASan)
# into .build/fuzz; the seed corpora are fuzz/corpus/<target>; new inputs the fuzzer finds go
# to .build/fuzz/corpus/<target>, crashes to .build/fuzz/crash-* (keep each as a test in Tests/).
# Options: FUZZ_TARGETS="server restore", FUZZ_JOBS (parallel workers per target; unset = one process).
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-60}
out=.build/fuzz
mkdir -p "$out"
swiftc=${SWIFTC:-swiftc}
jansson=$(pkg-config --cflags-only-I jansson | sed 's/-I/-Xcc -I/g')
flags="-sanitize=fuzzer,address -parse-as-library -package-name sheetd -O -g -I $out -I Sources/CJansson -I Sources/CSheetdPlugin $jansson"

module() {  # module NAME: Sources/NAME → $out/NAME.o + NAME.swiftmodule
    name=$1
    # shellcheck disable=SC2046,SC2086
    $swiftc $flags -wmo -module-name "$name" -emit-module -emit-module-path "$out/$name.swiftmodule" \
        -c $(find "Sources/$name" -name '*.swift' | sort) -o "$out/$name.o"
}
stale() {  # stale FILE DIR...: FILE is missing, or older than a Swift source in DIR...
    file=$1; shift
    [ ! -e "$file" ] || [ -n "$(find "$@" -name '*.swift' -newer "$file" | head -n 1)" ]
}
# The stamp's time is when the last module build started (a source edited during it is stale).
if stale "$out/modules.stamp" Sources; then
    echo "fuzz: building modules" >&2
    touch "$out/modules.building"
    for m in SheetCore SheetRPC SheetPluginHost SheetServer; do module "$m"; done
    mv "$out/modules.building" "$out/modules.stamp"
fi
objects="$out/SheetCore.o $out/SheetRPC.o $out/SheetPluginHost.o $out/SheetServer.o"
for target in ${FUZZ_TARGETS:-server restore}; do
    case $target in
        server) main=fuzz/ServerFuzz.swift ;;
        restore) main="fuzz/RestoreFuzz.swift Tests/SheetdTests/Support/JSONMutation.swift" ;;
        *) echo "fuzz: unknown target $target" >&2; exit 2 ;;
    esac
    stale "$out/$target-fuzz" Sources fuzz Tests/SheetdTests/Support || continue
    # (ld.gold warns about every ASan symbol it cannot export: noise, shown only on failure.)
    # shellcheck disable=SC2086
    if ! $swiftc $flags -module-name "${target}fuzz" $main fuzz/FuzzChecks.swift $objects -ljansson \
            -o "$out/$target-fuzz" 2>"$out/link-$target.log"; then
        cat "$out/link-$target.log" >&2
        exit 1
    fi
done
status=0
for target in ${FUZZ_TARGETS:-server restore}; do
    mkdir -p "$out/corpus/$target"
    echo "fuzz: running $target for ${seconds}s" >&2
    "$out/$target-fuzz" -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
        ${FUZZ_JOBS:+-jobs=$FUZZ_JOBS -workers=$FUZZ_JOBS} -print_final_stats=1 \
        -artifact_prefix="$out/crash-$target-" "$out/corpus/$target" "fuzz/corpus/$target" || status=$?
done
exit $status
