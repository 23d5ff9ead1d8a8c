// Applies sql/functions/<caller>/*.sql to the database in GM_DBURL or DATABASE_URL: one transaction, skipped when unchanged.
//
// graphile-migrate 1.4.1 has no --!include, so functions are not copied into migrations. Instead every
// migrate (and every `graphile-migrate watch` of current.sql) runs this afterwards. It drops every function
// in Switchboard's schemas and recreates them from the files, so a changed signature never leaves a stale
// overload behind, then grants EXECUTE by schema (never by name): switchboard to switchboard_admin,
// switchboard_agent, switchboard_board, switchboard_worker and switchboard_metrics each to the role of the same
// name, and switchboard_internal to nobody. The folder a file sits in (core/, api/, agent/, board/, worker/) names
// its caller; the schema in the file decides its grant, and a test checks the two agree. graphile-worker's own
// schema gets exactly what its runner (as switchboard_worker) uses, and no more. Trigger functions are the
// exception: dropping one would need its triggers dropped first (an ACCESS EXCLUSIVE lock on todos or
// todo_attempts on every apply, stalling claims), and their signature never changes, so their files replace
// them in place and (re)create a trigger only when its definition changed. Functions a CHECK constraint calls
// (the row rules of todos and todo_attempts) are not in sql/functions at all: they are schema, changed only by
// a migration that can check the stored rows, and this script leaves them alone. Each function's COMMENT is made
// from its file's header comment (function-headers.mjs), so a file says its intent once. A SHA-256 over the files is
// stored in switchboard.functions_applied; when it matches, nothing is touched, so running migrate twice
// changes nothing.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { createdFunction, parseHeader } from './function-headers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, '..', 'sql', 'functions');
const SCHEMA_ARRAY =
  "array['switchboard', 'switchboard_internal', 'switchboard_agent', 'switchboard_board', 'switchboard_worker', 'switchboard_metrics']";

/** The caller folders, internals first, and each folder's schema. */
export const FOLDERS = [
  ['core', 'switchboard_internal'],
  ['api', 'switchboard'],
  ['worker', 'switchboard_worker'],
  ['metrics', 'switchboard_metrics'],
  ['agent', 'switchboard_agent'],
  ['board', 'switchboard_board'],
];
export const SCHEMAS = FOLDERS.map(([, schema]) => schema);

/** Every function file as {name: 'folder/file.sql', text}, folder by folder in FOLDERS order, then by name. */
export function functionFiles() {
  const files = [];
  for (const [folder] of FOLDERS) {
    for (const f of readdirSync(join(dir, folder)).filter((f) => f.endsWith('.sql')).sort()) {
      files.push({ name: `${folder}/${f}`, text: readFileSync(join(dir, folder, f), 'utf8') });
    }
  }
  return files;
}

/** COMMENT ON FUNCTION from the file's header (function-headers.mjs): the one wording, so the two cannot drift. */
async function commentFromHeader(tx, text) {
  const fn = createdFunction(text);
  const header = parseHeader(text);
  // A file without a labelled header keeps whatever it says itself; test/sql/function_headers.test.ts refuses it.
  if (!fn || !header) return;
  const [{ sig }] = await tx`select to_regproc(${`${fn.schema}.${fn.name}`})::oid::regprocedure::text as sig`;
  await tx.unsafe(`comment on function ${sig} is '${header.comment.replace(/'/g, "''")}'`);
}

export async function applyFunctions(url, { log = console.log } = {}) {
  const files = functionFiles();
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.name).update('\0').update(f.text).update('\0');
  // This script's own grants and drops are part of what is applied, so a change to them re-applies too.
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(readFileSync(join(here, 'function-headers.mjs')));
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
                   where p.pronamespace::regnamespace::text = any (${SCHEMA_ARRAY}) and p.prokind in ('f','p')
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
          await commentFromHeader(tx, f.text);
        } catch (e) {
          e.message = `${f.name}: ${e.message}`;
          throw e;
        }
      }
      await tx.unsafe(`
        do $$
        declare r record;
        begin
          for r in select p.oid::regprocedure as sig, n.nspname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                   where n.nspname = any (${SCHEMA_ARRAY})
          loop
            execute format('revoke all on function %s from public', r.sig);
            if r.nspname <> 'switchboard_internal' then
              execute format('grant execute on function %s to %I',
                             r.sig, case r.nspname when 'switchboard' then 'switchboard_admin' else r.nspname end);
            end if;
          end loop;
          -- graphile-worker's runner, which runs as switchboard_worker, needs part of its own schema (installed before
          -- this): it reads the migrations table (never writes it: migrate installs the schema), takes, completes,
          -- fails and unlocks jobs, registers task names and queues, and keeps its crontab's last runs. Nothing else:
          -- not the jobs view. graphile-worker's functions (add_job ...) run with their caller's rights, so these
          -- table grants are what bound the role.
          if to_regnamespace('graphile_worker') is not null then
            grant usage on schema graphile_worker to switchboard_worker;
            revoke all on all tables in schema graphile_worker from switchboard_worker;
            revoke all on all sequences in schema graphile_worker from switchboard_worker;
            for r in select t.name, t.privs from (values
                       ('migrations', 'select'),
                       ('_private_jobs', 'select, insert, update, delete'),
                       ('_private_job_queues', 'select, insert, update'),
                       ('_private_tasks', 'select, insert'),
                       ('_private_known_crontabs', 'select, insert, update')) t(name, privs)
                      where to_regclass('graphile_worker.' || t.name) is not null
            loop
              execute format('grant %s on graphile_worker.%I to switchboard_worker', r.privs, r.name);
            end loop;
            grant usage on all sequences in schema graphile_worker to switchboard_worker;
            -- Its tables have row-level security on and no policy (only their owner passes); let the role through.
            for r in select c.oid::regclass as tbl from pg_class c
                      where c.relnamespace = 'graphile_worker'::regnamespace and c.relkind = 'r' and c.relrowsecurity
                        and not exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'switchboard_worker')
            loop
              execute format('create policy switchboard_worker on %s to switchboard_worker using (true) with check (true)', r.tbl);
            end loop;
          end if;
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
