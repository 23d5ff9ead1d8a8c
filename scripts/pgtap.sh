#!/usr/bin/env bash
# Runs the pgTAP suite (test/pgtap/**/*.test.sql) with pg_prove against a freshly migrated database; with arguments,
# only those files or folders (bash scripts/pgtap.sh test/pgtap/claim_next).
set -euo pipefail
cd "$(dirname "$0")/.."
ADMIN_URL=${ADMIN_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
DB=${PGTAP_DATABASE:-switchboard_pgtap_$$}
base=${ADMIN_URL%/*}
psql -q -X -v ON_ERROR_STOP=1 "$ADMIN_URL" -c "drop database if exists $DB with (force)" -c "create database $DB"
[ -n "${PGTAP_KEEP:-}" ] || trap 'psql -q -X "$ADMIN_URL" -c "drop database if exists $DB with (force)"' EXIT
DATABASE_URL="$base/$DB" node dist/cli.js migrate --quiet
psql -q -X -v ON_ERROR_STOP=1 "$base/$DB" -f test/pgtap-setup.sql >/dev/null
pg_prove --dbname "$DB" --host "$(node -e "console.log(new URL(process.argv[1]).hostname)" "$ADMIN_URL")" \
  --port "$(node -e "console.log(new URL(process.argv[1]).port || 5432)" "$ADMIN_URL")" \
  --username "$(node -e "console.log(new URL(process.argv[1]).username || 'postgres')" "$ADMIN_URL")" \
  --ext .sql -r "${@:-test/pgtap}"
