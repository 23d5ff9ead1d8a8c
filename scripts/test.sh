#!/usr/bin/env bash
# The whole test suite: build, the pgTAP suite (SQL behaviour), then the tap suite (surfaces).
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsc -p tsconfig.json
bash scripts/pgtap.sh
npx tap
