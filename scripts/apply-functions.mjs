// Applies sql/functions/*.sql to the database in GM_DBURL or DATABASE_URL: one transaction, skipped when unchanged.
//
// graphile-migrate 1.4.1 has no --!include, so functions are not copied into migrations. Instead every
// migrate (and every `graphile-migrate watch` of current.sql) runs this afterwards. It drops every function
// in schema switchboard and recreates them from the files, so a changed signature never leaves a stale
// overload behind, then re-grants EXECUTE on the public API to switchboard_app. Trigger functions are the
// exception: dropping one would need its triggers dropped first (an ACCESS EXCLUSIVE lock on todos or
// todo_attempts on every apply, stalling claims), and their signature never changes, so their files replace
// them in place and (re)create a trigger only when its definition changed. Functions a CHECK constraint calls
// (the row rules of todos and todo_attempts) are not in sql/functions at all: they are schema, changed only by
// a migration that can check the stored rows, and this script leaves them alone. A SHA-256 over the files is
// stored in switchboard.functions_applied; when it matches, nothing is touched, so running migrate twice
// changes nothing.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, '..', 'sql', 'functions');

/** Helpers (files starting with `_`) first, then the verbs, each group by name. */
export function functionFiles() {
  const names = readdirSync(dir).filter((f) => f.endsWith('.sql'));
  names.sort((a, b) => (a.startsWith('_') === b.startsWith('_') ? a.localeCompare(b) : a.startsWith('_') ? -1 : 1));
  return names.map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

export async function applyFunctions(url, { log = console.log } = {}) {
  const files = functionFiles();
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.name).update('\0').update(f.text).update('\0');
  const digest = hash.digest('hex');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtext('switchboard.apply_functions'))`;
      const [row] = await tx`select sha256 from switchboard.functions_applied`;
      if (row && row.sha256 === digest) return false;
      await tx.unsafe(`set local check_function_bodies = off`);
      await tx.unsafe(`
        do $$
        declare r record;
        begin
          for r in select p.oid::regprocedure as sig from pg_proc p
                   where p.pronamespace = 'switchboard'::regnamespace and p.prokind in ('f','p')
                     and p.prorettype <> 'trigger'::regtype
                     -- A constraint's function (the row rules, migration 000007) is schema, owned by migrations.
                     and not exists (select 1 from pg_depend d
                                      where d.classid = 'pg_constraint'::regclass
                                        and d.refclassid = 'pg_proc'::regclass and d.refobjid = p.oid)
          loop
            execute format('drop function %s', r.sig);
          end loop;
        end $$`);
      for (const f of files) {
        try {
          await tx.unsafe(f.text);
        } catch (e) {
          e.message = `${f.name}: ${e.message}`;
          throw e;
        }
      }
      await tx.unsafe(`
        do $$
        declare r record;
        begin
          for r in select p.oid::regprocedure as sig, p.proname from pg_proc p
                   where p.pronamespace = 'switchboard'::regnamespace
          loop
            execute format('revoke all on function %s from public', r.sig);
            if left(r.proname, 1) <> '_' then
              execute format('grant execute on function %s to switchboard_app', r.sig);
            end if;
          end loop;
        end $$`);
      await tx`insert into switchboard.functions_applied (singleton, sha256) values (true, ${digest})
               on conflict (singleton) do update set sha256 = excluded.sha256, applied_at = now()`;
      log(`switchboard: applied ${files.length} function files (${digest.slice(0, 12)})`);
      return true;
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const url = process.env.GM_DBURL || process.env.DATABASE_URL;
  if (!url) {
    console.error('apply-functions: set DATABASE_URL');
    process.exit(2);
  }
  applyFunctions(url).catch((e) => {
    console.error(`apply-functions: ${e.message}`);
    process.exit(1);
  });
}
