#!/usr/bin/env bash
# Commits the SQL in FILE as the next graphile-migrate migration (sql/migrations/committed/NNNNNN-*.sql).
# Usage: scripts/new-migration.sh FILE.sql "message". Serialized with flock so two authors never race for
# the same number; uses throwaway databases for graphile-migrate's shadow check.
set -euo pipefail
cd "$(dirname "$0")/.."
file=$1; message=$2
ADMIN_URL=${ADMIN_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
base=${ADMIN_URL%/*}
exec 9>/tmp/switchboard-new-migration.lock
flock 9
suffix=$$
psql -q -X "$ADMIN_URL" -c "create database sb_newmig_$suffix"
trap 'psql -q -X "$ADMIN_URL" -c "drop database if exists sb_newmig_$suffix with (force)" -c "drop database if exists sb_newmig_shadow_$suffix with (force)"; printf -- "-- Enter migration here\n" > sql/migrations/current.sql' EXIT
cp "$file" sql/migrations/current.sql
ROOT_DATABASE_URL="$ADMIN_URL" DATABASE_URL="$base/sb_newmig_$suffix" SHADOW_DATABASE_URL="$base/sb_newmig_shadow_$suffix" \
  npx graphile-migrate commit --message "$message"
ls -1 sql/migrations/committed | tail -1
