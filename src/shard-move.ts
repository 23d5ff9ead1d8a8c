// `switchboard shard move`: one partition's rows, with every row that follows them, carried to a new database online
// (a bounded switch during which the partition's calls wait), ids and secrets unchanged (docs/scale-out.md).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { postgresJsUrl } from './db.js';
import { migrateDatabase } from './migrate.js';
import { TASKS } from './worker/tasks.js';
import { SHAPE_CHANNEL } from './shard-listen.js';
import {
  databaseUrl, ensureLogins, readDeploymentLogins, readLayout, shardConnstr, shardListenUrl, ShardRefusal, slotClass,
  urlDatabase,
} from './shard.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A row's slot from a scope's uuid (its first byte), as shard_slot writes it. */
const sl = (col: string) => `get_byte(uuid_send(${col}), 0)`;
const viaTodo = `(select ${sl('t.scope_id')} from switchboard.todos t where t.id = x.todo_id)`;

/**
 * THE list of tables whose rows follow a slot, parents before children, each with its row's slot (alias x): what a
 * move copies to the new database and deletes from the old, and nothing else. A table added to a scope's data must be
 * added here; every other table of a shard's switchboard schemas must be in KEPT_TABLES (test/shard/growth.test.ts
 * reads the catalog and fails on a table in neither).
 */
export const SLOT_TABLES: { table: string; slot: string }[] = [
  { table: 'owners', slot: sl('x.id') },
  { table: 'teams', slot: sl('x.id') },
  { table: 'endpoints', slot: sl('x.id') },
  { table: 'team_members', slot: sl('x.team_id') },
  { table: 'team_queues', slot: sl('x.team_id') },
  { table: 'owner_sessions', slot: sl('x.owner_id') },
  { table: 'owner_login_tokens', slot: sl('x.owner_id') },
  { table: 'endpoint_admission', slot: sl('x.endpoint_id') },
  { table: 'todos', slot: sl('x.scope_id') },
  { table: 'earlier_attempts', slot: viaTodo },
  { table: 'a2a_tasks', slot: sl('x.endpoint_id') },
  { table: 'deliveries', slot: `coalesce(${viaTodo}, ${sl('x.endpoint_id')})` },
  { table: 'todo_keys', slot: viaTodo },
  { table: 'queue_controls', slot: sl('x.holder_id') },
  { table: 'schedules', slot: sl('x.scope_id') },
  { table: 'due_rings', slot: sl('x.scope_id') },
  { table: 'scope_todo_counts', slot: sl('x.scope_id') },
];

/**
 * The tables of a shard's switchboard schemas (schema-qualified) a move deliberately does not copy: each is the
 * database's own, not a scope's. A new table belongs in SLOT_TABLES or here, with its reason.
 */
export const KEPT_TABLES: Record<string, string> = {
  'switchboard.settings': "the database's own settings (shard_partitions/shard_partition are written for the new one)",
  'switchboard.attempt_close_counts': 'a per-instance counter: each database keeps its own, counted once in the merged metrics',
  'switchboard.doorbell_skips': 'a per-instance counter, as attempt_close_counts',
  'switchboard.functions_applied': "the migrator's record of function files applied (the new database is migrated)",
  'switchboard_internal.signal_key': "the deployment's key, given to the new database by use_signal_key from the proxy",
  'switchboard_internal.mcp_session_key': "a database's own key; a sharded server's is the proxy's (switchboard_proxy.keys)",
  'switchboard_shard.gate': "the move's own lock (empty): every envelope reads it before its call takes a snapshot",
  'switchboard.job_lockers': "the graphile-worker lockers of the workers running on this database, kept by each of them",
};


/** The graphile-worker tasks whose jobs name a deliveries row (payload {delivery_id}), by the row's kind. */
const DELIVERY_TASKS = { dead_letter: TASKS.deadLetter, doorbell: TASKS.doorbellWebhook } as const;

/** What a move did with the moved deliveries' graphile-worker jobs. */
export interface MovedJobs {
  /** Jobs taken off the source and queued on the new database: same task, payload, key, run_at, max_attempts. */
  carried: number;
  /** Jobs queued on the new database for a moved delivery the source had no waiting job for (running there, or none). */
  queued: number;
  /** Of those, deliveries whose source job was running at the switch: left to finish there (it may post once more). */
  running: number;
}

/**
 * While the move holds the source's slot tables share-locked and T (the new database, rows copied) is not committed,
 * in J (a transaction of the source's, committed right after T): every waiting job (graphile_worker) that names a
 * moved delivery is removed from the source (graphile_worker.complete_jobs: it takes only jobs no worker holds, and
 * the removal stays locked, so no source worker can take it, until J commits or rolls back) and added on the new
 * database (in T) with graphile_worker.add_job as the triggers add it (task, payload, job_key, run_at, max_attempts,
 * priority; a job that had failed for good is failed there too, permanently_fail_jobs). A moved delivery with no job
 * removed (its job running on the source at this instant, or none at all) gets a new one, as its trigger makes it: a
 * notice is never left without a job. Job payloads are read from graphile_worker._private_jobs (its jobs view has no
 * payload), as migration 000017 reads them.
 */
async function carryDeliveryJobs(J: postgres.ReservedSql, T: postgres.ReservedSql, moved: string): Promise<MovedJobs> {
  const tasks = Object.values(DELIVERY_TASKS);
  const named = `select j.id, j.locked_at from graphile_worker._private_jobs j
                   join graphile_worker._private_tasks k on k.id = j.task_id
                  where k.identifier = any($1::text[])
                    and (j.payload::jsonb ->> 'delivery_id') in (select x.id::text from switchboard.deliveries x where ${moved})`;
  const [{ jobs }] = await J.unsafe<{ jobs: string }[]>(`
    select coalesce(json_agg(c), '[]')::text as jobs from (
      select k.identifier as task, c.payload, q.queue_name, c.run_at, c.max_attempts, c.attempts >= c.max_attempts as failed,
             c.last_error, c.key, c.priority, array(select jsonb_object_keys(coalesce(c.flags, '{}'))) as flags
        from graphile_worker.complete_jobs(array(select n.id from (${named}) n)) c
        join graphile_worker._private_tasks k on k.id = c.task_id
        left join graphile_worker._private_job_queues q on q.id = c.job_queue_id) c`, [tasks]);
  // Named jobs complete_jobs left: a worker holds them (running now); their deliveries get a job of their own below.
  const [{ running }] = await J.unsafe<{ running: string[] }[]>(`
    select coalesce(array_agg(distinct j.payload::jsonb ->> 'delivery_id'), '{}') as running
      from graphile_worker._private_jobs j where j.id in (select n.id from (${named}) n)`, [tasks]);
  const added = await T.unsafe<{ id: string; failed: boolean; last_error: string | null; delivery: string }[]>(`
    select (graphile_worker.add_job(j.task, j.payload, j.queue_name, j.run_at, j.max_attempts, j.key, j.priority,
                                    j.flags)).id::text as id,
           j.failed, j.last_error, j.payload ->> 'delivery_id' as delivery
      from json_to_recordset(($1::text)::json) as j(task text, payload json, queue_name text, run_at timestamptz,
                                                     max_attempts integer, failed boolean, last_error text, key text,
                                                     priority integer, flags text[])`, [jobs]);
  const failed = added.filter((a) => a.failed);
  for (const f of failed) {
    await T`select 1 from graphile_worker.permanently_fail_jobs(array[${f.id}::bigint], ${f.last_error})`;
  }
  // The new database holds only moved deliveries: each one no carried job names gets its job as its transition queues
  // it (queue_delivery_job: owed instead while the notification queue is too full, for the new database's sweep).
  const [{ n }] = await T.unsafe<{ n: number }[]>(`
    select (count(*) filter (where switchboard_internal.queue_delivery_job(d.id, d.kind, d.job_owed_since is not null)))::int as n
      from switchboard.deliveries d where not (d.id::text = any($1::text[]))`,
    [added.map((a) => a.delivery)]);
  return { carried: added.length, queued: n, running: running.length };
}

export interface MoveOptions {
  proxyUrl: string;
  partition: number;
  /** The new database (empty; migrated here), as a superuser. */
  toUrl: string;
  /** The partition's database as a superuser; default toUrl's user and password at the source's host and name. */
  fromUrl?: string;
  log?: (line: string) => void;
}

export interface MoveResult {
  partition: number;
  rows: number;
  /** Per table. */
  tables: Record<string, number>;
  /** From the proxy's switch to the new database's commit: how long the partition's calls waited. */
  pauseMs: number;
  copyMs: number;
  /** The moved deliveries' graphile-worker jobs. */
  jobs: MovedJobs;
}

const connect = (url: string) => postgres(postgresJsUrl(url), { max: 1, onnotice: () => {}, connect_timeout: 5 });

export async function moveShard(o: MoveOptions): Promise<MoveResult> {
  const log = o.log ?? (() => {});
  const refuse = (m: string) => new ShardRefusal('shard move', m);
  const proxy = connect(o.proxyUrl);
  try {
    const layout = await readLayout(proxy);
    if (!layout) throw refuse('this database is not the proxy of a sharded Switchboard: run shard init first');
    const total = layout.length;
    const q = o.partition;
    if (!Number.isInteger(q) || q < 0 || q >= total) throw refuse(`partition ${q} does not exist: 0..${total - 1}`);
    const d = await readDeploymentLogins(proxy);
    if (!d) throw refuse('the proxy keeps no deployment logins: run shard init again first');
    const src = layout[q];
    if (layout.includes(urlDatabase(o.toUrl))) throw refuse('the new database is already one of the deployment\'s');
    const held = layout.flatMap((k, p) => (k === src ? [p] : []));
    const kept = held.filter((p) => p !== q);
    if (!kept.length) throw refuse(`partition ${q} is its database's only one: run shard split first`);
    let keptClass: { partitions: number; partition: number };
    try {
      keptClass = slotClass(kept, total);
    } catch {
      throw refuse(`the database of partition ${q} holds partitions ${held.join(', ')}: moving one leaves no class of slots`);
    }
    const fromUrl = o.fromUrl ?? databaseUrl(src, o.toUrl);
    if (urlDatabase(fromUrl) !== src) throw refuse(`--from is not the database of partition ${q}`);
    const mask = total - 1;
    const inMoved = (slot: string) => `((${slot}) & ${mask}) = ${q}`;

    // Refusals first, changing nothing: a team whose members would be on two databases; a target that holds data.
    const source = connect(fromUrl);
    const target = connect(o.toUrl);
    try {
      const split = await source.unsafe<{ name: string; id: string }[]>(`
        select distinct t.name, t.id::text as id from switchboard.teams t join switchboard.team_members m on m.team_id = t.id
         where (${inMoved(sl('t.id'))}) <> (${inMoved(sl('m.owner_id'))})
         order by 1`);
      if (split.length) {
        throw refuse(`moving partition ${q} would cut team ${split.map((x) => `${x.name} (${x.id})`).join(', ')} off from ` +
          'members on the other side: remove those members (or re-home the team) first');
      }
      const [tgt] = await target<{ ledger: boolean }[]>`select to_regclass('switchboard.owners') is not null as ledger`;
      if (tgt.ledger && (await target`select 1 from switchboard.owners limit 1`).length) {
        throw refuse('the new database holds owners: give an empty database');
      }
      // The new database: migrated, told its slots, the deployment's logins, the envelopes and the signal key.
      await migrateDatabase(o.toUrl, { quiet: true });
      const envelopes = await source<{ def: string; name: string; args: string; grantees: string[] }[]>`
        select pg_get_functiondef(p.oid) as def, p.proname as name, pg_get_function_identity_arguments(p.oid) as args,
               array(select r.rolname from aclexplode(p.proacl) a join pg_roles r on r.oid = a.grantee
                      where a.privilege_type = 'EXECUTE' and r.rolname <> current_user) as grantees
          from pg_proc p where p.pronamespace = 'switchboard_shard'::regnamespace
           and p.proname not in ('generate', 'use_signal_key')`;
      const shardSql = await readFile(`${root}sql/proxy/shard.sql`, 'utf8');
      const [{ key }] = await proxy<{ key: Buffer }[]>`select key from switchboard_proxy.keys where name = 'signal'`;
      await target.begin(async (tx) => {
        await tx`insert into switchboard.settings (key, value) values ('shard_partitions', ${String(total)}),
                                                                    ('shard_partition', ${String(q)})
                 on conflict (key) do update set value = excluded.value`;
        await ensureLogins(tx, d);
        await tx.unsafe(shardSql);
        for (const e of envelopes) {
          await tx.unsafe(e.def);
          for (const g of e.grantees) {
            await tx.unsafe(`grant execute on function switchboard_shard."${e.name}"(${e.args}) to "${g}"`);
          }
        }
        await tx`select switchboard_shard.use_signal_key(${key})`;
      });
      log(`partition ${q}: the new database is ready (${envelopes.length} envelopes)`);
    } finally {
      await Promise.all([source.end({ timeout: 5 }), target.end({ timeout: 5 })]);
    }

    // The switch. The new database's tables are locked first, then the proxy routes the partition there: its calls
    // wait on the locks. The source's writers are drained (a share lock waits for them) and the rows copied; the new
    // database commits (the calls go on there), then the source forgets the moved slots.
    const tables = SLOT_TABLES.map((x) => `switchboard.${x.table}`).join(', ');
    const t = postgres(postgresJsUrl(o.toUrl), { max: 1, onnotice: () => {} });
    const s = postgres(postgresJsUrl(fromUrl), { max: 2, onnotice: () => {} });
    const T = await t.reserve();
    const S = await s.reserve();
    // The source's delivery jobs are removed in a transaction of their own (J), committed as soon as the new database
    // has committed their copies, before the source's (longer) deletes: a failure after that leaves no job on both.
    const J = await s.reserve();
    const counts: Record<string, number> = {};
    let switched = false;
    let committed = false;
    const route = async (url: string) => {
      await proxy.begin(async (tx) => {
        for (const cluster of ['switchboard', 'switchboard_admin'] as const) {
          await tx`update switchboard_proxy.partitions
                      set connstr = ${shardConnstr(url, d.logins[cluster], d.passwords[cluster])},
                          url = ${cluster === 'switchboard' ? shardListenUrl(url, d.logins.listen, d.passwords.listen) : null}
                    where cluster = ${cluster} and partition = ${q}`;
        }
        await tx`update switchboard_proxy.config set version = version + 1`;
      });
    };
    try {
      await T`begin`;
      await T`set local session_replication_role = replica`;
      await T.unsafe(`lock table switchboard_shard.gate, ${tables} in access exclusive mode`);
      const t0 = performance.now();
      await route(o.toUrl);
      switched = true;
      // Calls routed to the source before the switch finish there first (a lock taken now would stop them half way,
      // and the rows they then wrote would be copied stale or deleted under them); new calls wait on the new database.
      const [{ at }] = await S<{ at: Date }[]>`select clock_timestamp() as at`;
      for (let i = 0; ; i++) {
        const [{ n }] = await S<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
           where datname = current_database() and usename = any(${[d.logins.switchboard, d.logins.switchboard_admin]})
             and state = 'active' and query_start < ${at}`;
        if (n === 0) break;
        if (i > 2000) throw new Error('calls on the source did not finish: the move was undone');
        await new Promise((r) => setTimeout(r, 5));
      }
      await S`begin`;
      await S.unsafe(`lock table ${tables} in share mode`);
      const c0 = performance.now();
      for (const x of SLOT_TABLES) {
        const cols = (await T<{ c: string }[]>`
          select column_name as c from information_schema.columns
           where table_schema = 'switchboard' and table_name = ${x.table} and is_generated = 'NEVER'
           order by ordinal_position`).map((r) => `"${r.c}"`).join(', ');
        const [{ rows }] = await S.unsafe<{ rows: string }[]>(
          `select coalesce(json_agg(x), '[]')::text as rows from (select ${cols} from switchboard.${x.table} x
            where ${inMoved(x.slot)}) x`);
        const [{ n }] = await T.unsafe<{ n: number }[]>(
          `with i as (insert into switchboard.${x.table} (${cols})
                      select ${cols} from json_populate_recordset(null::switchboard.${x.table}, ($1::text)::json) returning 1)
           select count(*)::int as n from i`, [rows]);
        counts[x.table] = n;
      }
      const deliveries = SLOT_TABLES.find((x) => x.table === 'deliveries')!;
      await J`begin`;
      const jobs = await carryDeliveryJobs(J, T, inMoved(deliveries.slot));
      const copyMs = performance.now() - c0;
      await T`commit`;
      committed = true;
      await J`commit`;
      const pauseMs = performance.now() - t0;
      await S`set local session_replication_role = replica`;
      for (const x of [...SLOT_TABLES].reverse()) {
        await S.unsafe(`delete from switchboard.${x.table} x where ${inMoved(x.slot)}`);
      }
      await S`update switchboard.settings set value = ${String(keptClass.partitions)} where key = 'shard_partitions'`;
      await S`update switchboard.settings set value = ${String(keptClass.partition)} where key = 'shard_partition'`;
      await S`commit`;
      await proxy.unsafe(`notify ${SHAPE_CHANNEL}`);
      const rows = Object.values(counts).reduce((a, b) => a + b, 0);
      log(`partition ${q}: ${rows} rows moved in ${copyMs.toFixed(0)} ms; its calls waited ${pauseMs.toFixed(0)} ms; ` +
        `delivery jobs: ${jobs.carried} carried, ${jobs.queued} queued anew (${jobs.running} running on the source)`);
      return { partition: q, rows, tables: counts, pauseMs, copyMs, jobs };
    } catch (e) {
      if (!committed) {
        await T`rollback`.catch(() => {});
        await S`rollback`.catch(() => {});
        await J`rollback`.catch(() => {});
        if (switched) await route(fromUrl);
      }
      throw e;
    } finally {
      T.release();
      S.release();
      J.release();
      await Promise.all([t.end({ timeout: 5 }), s.end({ timeout: 5 })]);
    }
  } finally {
    await proxy.end({ timeout: 5 });
  }
}


