#!/usr/bin/env bash
# Draws protocol/examples/NN-name.svg for every example stream: `sheetd replay FILE --svg`.
#   scripts/render-example-plots.sh           build, then (re)write every plot
#   scripts/render-example-plots.sh --check   build, then fail if a committed plot is stale
# Run it after an engine change; Tests/SheetdTests/PlotTests checks the committed plots are current.
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
case "${1:-}" in
    --check) check=1 ;;
    "") ;;
    *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

swift build >&2
bin="$(swift build --show-bin-path)"
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT

stale=0
for f in protocol/examples/*.ndjson; do
    svg="${f%.ndjson}.svg"
    # The plugin examples (22-24) need the bundled plugins, which are built next to sheetd.
    "$bin/sheetd" --plugin-dir "$bin" replay "$f" --svg "$tmp" >/dev/null
    if cmp -s "$tmp" "$svg"; then
        continue
    fi
    if [ "$check" = 1 ]; then
        echo "stale: $svg" >&2
        stale=1
    else
        cp "$tmp" "$svg"
        echo "wrote $svg"
    fi
done
if [ "$stale" = 1 ]; then
    echo "run scripts/render-example-plots.sh to redraw them" >&2
    exit 1
fi
