#!/usr/bin/env bash
# The whole test suite: build, the schema dump's freshness, the pgTAP suite (SQL behaviour), then the tap suite (surfaces).
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsc -p tsconfig.json
# The committed schema dump must match what the migrations and function files make (npm run schema rewrites it).
bash scripts/schema.sh --check
bash scripts/pgtap.sh
npx tap
