#!/usr/bin/env bash
# The whole test suite: build, the schema dump's freshness, the pgTAP suite (SQL behaviour), then the tap suite (surfaces).
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsc -p tsconfig.json
# The tests and benchmarks type-check too (tap and tsx only strip their types): a test calling an API wrongly fails here.
npx tsc -p test/tsconfig.check.json
npx tsc -p bench/tsconfig.json
# The committed schema dump, contract, SQL reference and settings table must match their sources (npm run docs rewrites them).
bash scripts/schema.sh --check
bash scripts/pgtap.sh
npx tap
