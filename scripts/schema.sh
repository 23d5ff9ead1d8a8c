#!/usr/bin/env bash
# Writes sql/schema.sql: pg_dump --schema-only of Switchboard's schemas in a freshly migrated database, so every change
# shows its schema diff (tables, grants, and every function body). With --check, fails when the committed file is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
ADMIN_URL=${ADMIN_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
base=${ADMIN_URL%/*}
db=sb_schema_$$
psql -q -X -v ON_ERROR_STOP=1 "$ADMIN_URL" -c "create database $db"
trap 'psql -q -X "$ADMIN_URL" -c "drop database if exists $db with (force)"' EXIT
DATABASE_URL="$base/$db" node dist/cli.js migrate --quiet
out=$(mktemp)
# Version banners differ between patch releases of pg_dump; everything else is the schema.
pg_dump --schema-only --no-owner --no-tablespaces \
  -n switchboard -n switchboard_internal -n switchboard_agent -n switchboard_board -n switchboard_worker \
  "$base/$db" | sed -e '/^-- Dumped from database version/d' -e '/^-- Dumped by pg_dump version/d' \
                    -e '/^\\restrict /d' -e '/^\\unrestrict /d' > "$out"
if [ "${1:-}" = "--check" ]; then
  if ! diff -u sql/schema.sql "$out" > /tmp/schema.diff; then
    echo "sql/schema.sql is stale: run 'npm run schema' and commit it. The difference:" >&2
    head -60 /tmp/schema.diff >&2
    rm -f "$out"
    exit 1
  fi
  rm -f "$out"
  echo "sql/schema.sql is current"
else
  mv "$out" sql/schema.sql
  echo "wrote sql/schema.sql ($(wc -l < sql/schema.sql) lines)"
fi
