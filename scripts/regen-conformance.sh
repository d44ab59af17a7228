#!/usr/bin/env bash
# Regenerate what the conformance tests compare against, from the sheetd built here:
#   protocol/conformance/NAME.golden.ndjson   the output of `sheetd replay NAME.ndjson`
#   protocol/openrpc.json examples            each example's result / x-error / notification
#   clients/js/sheetd.d.ts, methods.js, clients/python/sheetd/protocol.py (from openrpc.json)
# Run it after a deliberate change of behaviour, then review `git diff` (every changed line is
# a change hosts will see) and commit. Usage: scripts/regen-conformance.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${1:-}" = "--no-build" ] || swift build >&2
bin="$(swift build --show-bin-path)/sheetd"
# As users run it: bundled plugins available (cases named *plugin* also get --plugin-dir).
python3 scripts/regen-conformance.py "$bin"
# Files generated from openrpc.json elsewhere in the tree (the JS client's declarations, the
# Python client's types).
if [ -f clients/js/generate.py ]; then python3 clients/js/generate.py >&2; fi
if [ -f clients/python/generate.py ]; then python3 clients/python/generate.py >&2; fi
