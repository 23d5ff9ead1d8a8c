#!/usr/bin/env bash
# Runs the pgTAP suite (test/pgtap/**/*.test.sql) with pg_prove against a freshly migrated database, then the proxy's
# (test/pgtap-proxy/**/*.test.sql) against a proxy database of its own in front of two throwaway shard databases
# (`switchboard shard init`, PL/Proxy, sql/proxy/ as it is in the tree); with arguments, only those files or folders
# (bash scripts/pgtap.sh test/pgtap/claim_next test/pgtap-proxy), and the proxy cluster only when one is under
# test/pgtap-proxy.
set -euo pipefail
cd "$(dirname "$0")/.."
ADMIN_URL=${ADMIN_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
DB=${PGTAP_DATABASE:-switchboard_pgtap_$$}
PROXY_DB=${DB}_proxy
SHARDS=("${DB}_s0" "${DB}_s1")
base=${ADMIN_URL%/*}
host=$(node -e "console.log(new URL(process.argv[1]).hostname)" "$ADMIN_URL")
port=$(node -e "console.log(new URL(process.argv[1]).port || 5432)" "$ADMIN_URL")
user=$(node -e "console.log(decodeURIComponent(new URL(process.argv[1]).username) || 'postgres')" "$ADMIN_URL")

main=() proxy=()
for a in "${@:-test/pgtap test/pgtap-proxy}"; do
  for p in $a; do
    case "$p" in test/pgtap-proxy*|./test/pgtap-proxy*) proxy+=("$p") ;; *) main+=("$p") ;; esac
  done
done

drop_all() {
  for d in "$DB" "$PROXY_DB" "${SHARDS[@]}"; do
    PGOPTIONS="-c client_min_messages=warning" psql -q -X "$ADMIN_URL" -c "drop database if exists $d with (force)"
  done
}
[ -n "${PGTAP_KEEP:-}" ] || trap drop_all EXIT
status=0

if [ ${#main[@]} -gt 0 ]; then
  psql -q -X -v ON_ERROR_STOP=1 "$ADMIN_URL" -c "drop database if exists $DB with (force)" -c "create database $DB"
  DATABASE_URL="$base/$DB" node dist/cli.js migrate --quiet
  psql -q -X -v ON_ERROR_STOP=1 "$base/$DB" -f test/pgtap-setup.sql >/dev/null
  pg_prove --dbname "$DB" --host "$host" --port "$port" --username "$user" --ext .sql -r "${main[@]}" || status=$?
fi

if [ ${#proxy[@]} -gt 0 ]; then
  for d in "$PROXY_DB" "${SHARDS[@]}"; do
    psql -q -X -v ON_ERROR_STOP=1 "$ADMIN_URL" -c "drop database if exists $d with (force)" -c "create database $d"
  done
  node dist/cli.js shard init --json --proxy "$base/$PROXY_DB" --shard "$base/${SHARDS[0]}" --shard "$base/${SHARDS[1]}" >/dev/null
  psql -q -X -v ON_ERROR_STOP=1 "$base/$PROXY_DB" -c "create extension if not exists pgtap" >/dev/null
  pg_prove --dbname "$PROXY_DB" --host "$host" --port "$port" --username "$user" --ext .sql -r "${proxy[@]}" || status=$?
fi
exit $status
