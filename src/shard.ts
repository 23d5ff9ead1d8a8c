// Sharding by tenant scope with PL/Proxy: `shard init` (migrate every shard, number it, install the proxy database's
// functions and cluster configuration) and `shard status` (each shard's health, asked through the proxy).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { ConfigError } from './config.js';
import { migrateDatabase } from './migrate.js';
import { parseDatabaseUrl, postgresJsUrl, urlForHost } from './db.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The logins of one deployment on its shards (roles are cluster-wide, so each carries the deployment's name): the
 * surfaces' (agent, Board, metrics), the admin API's, and the servers' LISTEN-only login, which holds no role and can
 * call nothing of Switchboard's.
 */
export interface DeploymentLogins {
  name: string;
  /** Random, made by the first init: the logins' comment, so a deployment never takes another's logins. */
  id: string;
  logins: { switchboard: string; switchboard_admin: string; listen: string };
  passwords: { switchboard: string; switchboard_admin: string; listen: string };
}

/** A deployment name as it goes into role names: lower case letters, digits and _, at most 40 characters. */
export function deploymentName(raw: string): string {
  const n = raw.toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40);
  if (!n) throw new ShardRefusal('shard init', `no deployment name can be made of ${JSON.stringify(raw)}: give --name`);
  return n;
}

export function loginsOf(name: string): DeploymentLogins['logins'] {
  return { switchboard: `sb_${name}_proxy`, switchboard_admin: `sb_${name}_proxy_admin`, listen: `sb_${name}_listen` };
}

/** The schemas whose entry points the proxy answers by the same names (switchboard: the per-scope admin API). */
const SURFACES = ['switchboard_agent', 'switchboard_board', 'switchboard_metrics', 'switchboard'];

export interface InitOptions {
  proxyUrl: string;
  shardUrls: string[];
  /** Progress lines; default none. */
  log?: (line: string) => void;
  /** The deployment's name, in its logins' names; default the proxy database's name (kept once chosen). */
  name?: string;
}

export interface InitResult {
  partitions: number;
  routed: string[];
  skipped: string[];
}

/**
 * A refusal of a shard command that changes nothing (exit status 2, one line): a wrong shape for the deployment, such
 * as a number of shards that is not its number of partitions.
 */
export class ShardRefusal extends ConfigError {
  constructor(command: string, message: string) {
    super(command, message);
  }
}

const connect = (url: string) => postgres(postgresJsUrl(url), { max: 1, onnotice: () => {}, connect_timeout: 5 });

/** A libpq connection string for PL/Proxy from a shard's URL, as `user` with `password`. */
export function shardConnstr(url: string, user: string, password: string): string {
  const p = parseDatabaseUrl(url);
  const hosts = p && p.hosts.length > 1 ? p.hosts : null;
  // A multi-host shard URL (an HA shard) keeps its hosts: libpq tries each and keeps the primary (read-write).
  const u = new URL(hosts ? urlForHost(p!, hosts[0]) : url);
  const q = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const db = decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres';
  const bare = (h: string) => h.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1';
  const host = hosts ? hosts.map((h) => bare(h.host)).join(',') : bare(u.hostname);
  const port = hosts ? hosts.map((h) => h.port || '5432').join(',') : u.port || '5432';
  return [`host=${q(host)}`, `port=${port}`, `dbname=${q(db)}`, `user=${user}`, `password=${q(password)}`,
    'connect_timeout=5', ...(hosts ? ['target_session_attrs=read-write'] : [])].join(' ');
}

/** The shard's URL as `user` with `password`: where the server LISTENs for the shard's doorbell rings. */
export function shardListenUrl(url: string, user: string, password: string): string {
  const p = parseDatabaseUrl(url);
  if (p && p.hosts.length > 1) {
    // Multi-host: the same hosts, as `user`, with target_session_attrs=primary only (postgresJsUrl's reasoning).
    const path = p.rest.split('?')[0];
    const hostlist = p.hosts.map((h) => (h.port ? `${h.host}:${h.port}` : h.host)).join(',');
    return `${p.scheme}://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${hostlist}${path}?target_session_attrs=primary`;
  }
  const u = new URL(url);
  u.username = user;
  u.password = password;
  u.search = '';
  return u.toString();
}

/** Refuses a proxy database that is a Switchboard database (it would lose its surfaces), or is one of the shards. */
async function checkProxy(proxy: postgres.Sql, o: InitOptions): Promise<void> {
  if (o.shardUrls.includes(o.proxyUrl)) throw new Error('the proxy database must not be one of the shards');
  const [r] = await proxy<{ ledger: boolean }[]>`select to_regclass('switchboard.todos') is not null as ledger`;
  if (r.ledger) {
    throw new Error('the proxy database holds a Switchboard ledger (switchboard.todos): give shard init an empty database');
  }
}

/** A URL's database name, multi-host URLs included. */
export function urlDatabaseName(url: string): string {
  const p = parseDatabaseUrl(url);
  const path = p ? p.rest.split('?')[0] : new URL(url).pathname;
  return decodeURIComponent(path.replace(/^\//, '')) || 'postgres';
}

/**
 * A database's identity (host, port, database name) in a URL, whatever the user and password; a multi-host URL's
 * hosts and ports each joined by commas, as shardConnstr writes them (so connstrDatabase reads the same identity).
 */
export function urlDatabase(url: string): string {
  const p = parseDatabaseUrl(url);
  const bare = (h: string) => h.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1';
  if (p && p.hosts.length > 1) {
    return `${p.hosts.map((h) => bare(h.host)).join(',')}:${p.hosts.map((h) => h.port || '5432').join(',')}/${urlDatabaseName(url)}`;
  }
  const u = new URL(url);
  return `${bare(u.hostname)}:${u.port || '5432'}/${urlDatabaseName(url)}`;
}

/** The URL of a database's identity (urlDatabase's form) with the scheme, userinfo and parameters of `like`. */
export function databaseUrl(identity: string, like: string): string {
  const p = parseDatabaseUrl(like);
  const slash = identity.indexOf('/');
  const hostPort = identity.slice(0, slash);
  const colon = hostPort.lastIndexOf(':');
  const hosts = hostPort.slice(0, colon).split(',');
  const ports = hostPort.slice(colon + 1).split(',');
  const list = hosts.map((h, i) => `${h.includes(':') ? `[${h}]` : h}:${ports[i] ?? '5432'}`).join(',');
  const userinfo = p?.userinfo != null ? `${p.userinfo}@` : '';
  const q = p ? p.rest.indexOf('?') : -1;
  const query = p && q >= 0 ? p.rest.slice(q) : '';
  return `${p?.scheme ?? 'postgres'}://${userinfo}${list}/${encodeURIComponent(identity.slice(slash + 1))}${query}`;
}

/** The same identity in a connection string shardConnstr wrote. */
export function connstrDatabase(connstr: string): string {
  const get = (k: string) => {
    const m = new RegExp(`(?:^| )${k}=(?:'((?:[^'\\\\]|\\\\.)*)'|(\\S+))`).exec(connstr);
    return m ? (m[1] ?? m[2]).replace(/\\(.)/g, '$1') : '';
  };
  return `${get('host') || '127.0.0.1'}:${get('port') || '5432'}/${get('dbname') || 'postgres'}`;
}

/** What a database holds before init: its shard settings (null: none) and its owners. */
interface ShardState {
  partitions: number | null;
  partition: number | null;
  owners: number;
}

async function readShard(url: string): Promise<ShardState> {
  const sql = connect(url);
  try {
    const [r] = await sql<{ ledger: boolean }[]>`select to_regclass('switchboard.settings') is not null
                                                        and to_regclass('switchboard.owners') is not null as ledger`;
    if (!r.ledger) return { partitions: null, partition: null, owners: 0 };
    const [s] = await sql<{ partitions: string | null; partition: string | null; owners: string }[]>`
      select (select value from switchboard.settings where key = 'shard_partitions') as partitions,
             (select value from switchboard.settings where key = 'shard_partition') as partition,
             (select count(*) from switchboard.owners)::text as owners`;
    const num = (v: string | null) => (v === null ? null : Number(v));
    return { partitions: num(s.partitions), partition: num(s.partition), owners: Number(s.owners) };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The proxy's partition map as it stands (partition i's database at [i]), or null when it has none. */
export async function readLayout(proxy: postgres.Sql): Promise<string[] | null> {
  const [r] = await proxy<{ map: boolean }[]>`select to_regclass('switchboard_proxy.partitions') is not null as map`;
  if (!r.map) return null;
  const rows = await proxy<{ connstr: string }[]>`
    select connstr from switchboard_proxy.partitions where cluster = 'switchboard_admin' order by partition`;
  return rows.length ? rows.map((x) => connstrDatabase(x.connstr)) : null;
}

/**
 * The slots a database holds, as its settings say them: the slots s with s & (partitions - 1) = partition. A database
 * always holds one such class: partition p of P (init), p and p + P after a split, and a move carries one partition.
 */
export function slotClass(held: number[], total: number): { partitions: number; partition: number } {
  const partitions = total / held.length;
  const partition = Math.min(...held) & (partitions - 1);
  const want = Array.from({ length: total }, (_, p) => p).filter((p) => (p & (partitions - 1)) === partition);
  if (!Number.isInteger(partitions) || want.join() !== [...held].sort((a, b) => a - b).join()) {
    throw new Error(`partitions ${held.join(', ')} of ${total} are not one class of slots`);
  }
  return { partitions, partition };
}

/**
 * Which shard holds each partition: the proxy's map when the deployment holds data (init never changes its shape:
 * growth is `shard split` and `shard move`), else shard i holds partition i. Refuses, changing nothing, what would
 * orphan a tenant.
 */
async function planLayout(proxy: postgres.Sql, o: InitOptions): Promise<number[]> {
  const n = o.shardUrls.length;
  const keys = o.shardUrls.map(urlDatabase);
  if (new Set(keys).size !== n) throw new ShardRefusal('shard init', 'a shard is given twice');
  const old = await readLayout(proxy);
  const grow = 'grow with `switchboard shard split` and `switchboard shard move` (docs/scale-out.md)';
  if (old) {
    // The deployment's own databases say whether it holds data (a new database given beside them may not exist yet).
    const dbs = [...new Set(old)];
    const mine = o.shardUrls.filter((u) => dbs.includes(urlDatabase(u)));
    // (One of its databases left out may hold data: never renumber without it.)
    const holding = mine.length < dbs.length || (await Promise.all(mine.map(readShard))).some((x) => x.owners > 0);
    if (holding && dbs.join('\n') !== keys.join('\n')) {
      throw new ShardRefusal('shard init',
        `this deployment holds data in ${old.length} partitions on ${dbs.length} databases; init keeps that shape ` +
          `(give the same ${dbs.length} shards in the same order) and never changes it: ${grow}`);
    }
    if (holding) return old.map((k) => keys.indexOf(k));
  }
  const states = await Promise.all(o.shardUrls.map(readShard));
  for (const [i, s] of states.entries()) {
    if (s.owners === 0) continue;
    if (s.partitions !== null && s.partitions !== n) {
      throw new ShardRefusal('shard init',
        `shard ${i} holds data of a deployment of ${s.partitions} partitions, not ${n}: init never changes the number ` +
          `of partitions of a deployment that holds data; ${grow}`);
    }
    if (s.partition !== i) {
      throw new ShardRefusal('shard init',
        `shard ${i} (${urlDatabaseName(o.shardUrls[i])}) is not empty and not partition ${i}: ` +
          `shard init numbers empty databases; ${grow}`);
    }
  }
  return Array.from({ length: n }, (_, i) => i);
}

/** Migrates one shard and writes the class of slots it holds, and the proxy's logins. */
async function initShard(url: string, held: { partitions: number; partition: number }, d: DeploymentLogins): Promise<void> {
  await migrateDatabase(url, { quiet: true });
  const sql = connect(url);
  try {
    await sql.begin(async (tx) => {
      await tx`insert into switchboard.settings (key, value) values ('shard_partitions', ${String(held.partitions)}),
                                                                  ('shard_partition', ${String(held.partition)})
               on conflict (key) do update set value = excluded.value`;
      await ensureLogins(tx, d);
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * The deployment's logins on a shard's cluster, with the passwords the proxy keeps (the same on every init, so a
 * running server's LISTENs and the proxy's connections keep working). A login of that name made for another
 * deployment (its comment names another) is refused, changing nothing.
 */
export async function ensureLogins(tx: postgres.TransactionSql, d: DeploymentLogins): Promise<void> {
  const tag = `switchboard deployment ${d.name} ${d.id}`;
  for (const [key, role] of [['switchboard', 'switchboard_server'], ['switchboard_admin', 'switchboard_admin'], ['listen', null]] as const) {
    const login = d.logins[key];
    const [r] = await tx<{ comment: string | null; exists: boolean }[]>`
      select exists (select 1 from pg_roles where rolname = ${login}) as exists,
             (select shobj_description(oid, 'pg_authid') from pg_roles where rolname = ${login}) as comment`;
    if (r.exists && r.comment !== tag) {
      throw new ShardRefusal('shard init', `the login ${login} exists and is not this deployment's: give another --name`);
    }
    if (!r.exists) await tx.unsafe(`create role ${login} login`);
    await tx.unsafe(`alter role ${login} login nosuperuser nocreatedb nocreaterole ${role ? 'inherit' : 'noinherit'} password '${d.passwords[key]}'`);
    await tx.unsafe(`comment on role ${login} is '${tag}'`);
    if (role) await tx.unsafe(`grant ${role} to ${login}`);
  }
}

/** The deployment's logins: those the proxy keeps (from an earlier init), else new ones named after the deployment. */
/** The logins the proxy keeps (from an earlier init), or null. */
export async function readDeploymentLogins(proxy: postgres.Sql): Promise<DeploymentLogins | null> {
  const [r] = await proxy<{ kept: boolean }[]>`select to_regclass('switchboard_proxy.logins') is not null as kept`;
  if (r.kept) {
    const rows = await proxy<{ name: string; id: string; cluster: 'switchboard' | 'switchboard_admin' | 'listen'; login: string; password: string }[]>`
      select name, id, cluster, login, password from switchboard_proxy.logins`;
    if (rows.length === 3) {
      const d: DeploymentLogins = { name: rows[0].name, id: rows[0].id, logins: {} as DeploymentLogins['logins'], passwords: {} as DeploymentLogins['passwords'] };
      for (const x of rows) {
        d.logins[x.cluster] = x.login;
        d.passwords[x.cluster] = x.password;
      }
      return d;
    }
  }
  return null;
}

async function deploymentLogins(proxy: postgres.Sql, o: InitOptions): Promise<DeploymentLogins> {
  const d = await readDeploymentLogins(proxy);
  if (d) {
    if (o.name !== undefined && deploymentName(o.name) !== d.name) {
      throw new ShardRefusal('shard init', `this deployment is named ${d.name}; its logins keep that name`);
    }
    return d;
  }
  const name = deploymentName(o.name ?? urlDatabaseName(o.proxyUrl));
  const pw = () => randomBytes(24).toString('hex');
  return { name, id: randomBytes(8).toString('hex'), logins: loginsOf(name), passwords: { switchboard: pw(), switchboard_admin: pw(), listen: pw() } };
}

/** The entry points' signatures, read from a migrated shard's catalog, for switchboard_proxy.generate. */
async function signatures(url: string): Promise<unknown> {
  const sql = connect(url);
  try {
    const [r] = await sql<{ doc: unknown }[]>`
      select coalesce(jsonb_agg(jsonb_build_object(
               'schema', n.nspname, 'name', p.proname, 'args', pg_get_function_arguments(p.oid),
               'identity', pg_get_function_identity_arguments(p.oid), 'result', pg_get_function_result(p.oid),
               'retset', p.proretset, 'argnames', coalesce(to_jsonb(p.proargnames), '[]'),
               'comment', obj_description(p.oid, 'pg_proc')) order by n.nspname, p.proname), '[]') as doc
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = any(${SURFACES})`;
    return r.doc;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * shard init: every shard migrated and numbered (partition i of N, N = the number of shards, a power of two), the
 * proxy logins on each, and the proxy database's cluster configuration and functions (re)installed. Idempotent for
 * the same shards in the same order.
 */
export async function initShards(o: InitOptions): Promise<InitResult> {
  const n = o.shardUrls.length;
  if (n < 1 || n > 256 || (n & (n - 1)) !== 0) {
    throw new Error(`PL/Proxy needs a power of two of partitions: give 1, 2, 4, … 256 shards, not ${n}`);
  }
  const log = o.log ?? (() => {});
  const proxy = connect(o.proxyUrl);
  try {
    await checkProxy(proxy, o);
    const layout = await planLayout(proxy, o);
    const total = layout.length;
    const d = await deploymentLogins(proxy, o);
    for (const [i, url] of o.shardUrls.entries()) {
      const held = layout.flatMap((j, p) => (j === i ? [p] : []));
      await initShard(url, slotClass(held, total), d);
      log(`shard ${i} of ${n}: migrated, partition${held.length > 1 ? 's' : ''} ${held.join(', ')} of ${total}`);
    }
    const sigs = await signatures(o.shardUrls[0]);
    const files = await Promise.all(['cluster.sql', 'generate.sql'].map((f) => readFile(`${root}sql/proxy/${f}`, 'utf8')));
    const result = await proxy.begin(async (tx) => {
      for (const f of files) await tx.unsafe(f);
      for (const cluster of ['switchboard', 'switchboard_admin', 'listen'] as const) {
        await tx`insert into switchboard_proxy.logins (name, id, cluster, login, password)
                 values (${d.name}, ${d.id}, ${cluster}, ${d.logins[cluster]}, ${d.passwords[cluster]})`;
      }
      for (const cluster of ['switchboard', 'switchboard_admin'] as const) {
        for (const [p, i] of layout.entries()) {
          const url = o.shardUrls[i];
          const listen = cluster === 'switchboard' ? shardListenUrl(url, d.logins.listen, d.passwords.listen) : null;
          await tx`insert into switchboard_proxy.partitions (cluster, partition, connstr, url)
                   values (${cluster}, ${p}, ${shardConnstr(url, d.logins[cluster], d.passwords[cluster])}, ${listen})`;
        }
      }
      // A new version makes PL/Proxy re-read the partitions in every session that has them cached.
      await tx`update switchboard_proxy.config set version = (extract(epoch from clock_timestamp()) % 2000000000)::integer`;
      const [r] = await tx<{ doc: { routed: string[]; skipped: string[]; envelopes: postgres.JSONValue } }[]>`
        select switchboard_proxy.generate(${tx.json(sigs as postgres.JSONValue)}) as doc`;
      return r.doc;
    });
    // Each shard's envelopes of the routed entry points (sql/proxy/shard.sql): results and errors as values. And the
    // proxy's signal key, so the rings a shard sends carry the tags and MACs a server on the proxy checks.
    const shardSql = await readFile(`${root}sql/proxy/shard.sql`, 'utf8');
    const [{ key }] = await proxy<{ key: Buffer }[]>`select key from switchboard_proxy.keys where name = 'signal'`;
    for (const url of o.shardUrls) {
      const shard = connect(url);
      try {
        await shard.begin(async (tx) => {
          await tx.unsafe(shardSql);
          await tx`select switchboard_shard.generate(${tx.json(result.envelopes)})`;
          await tx`select switchboard_shard.use_signal_key(${key})`;
        });
      } finally {
        await shard.end({ timeout: 5 });
      }
    }
    log(`proxy: ${result.routed.length} functions routed, ${result.skipped.length} not through the proxy`);
    return { partitions: total, routed: result.routed, skipped: result.skipped };
  } finally {
    await proxy.end({ timeout: 5 });
  }
}

export interface ShardHealth {
  partition: number;
  ok: boolean;
  db?: string;
  /** The partition the shard itself says it is (settings), which must be `partition` & (its partitions - 1). */
  says?: number | null;
  owners?: number;
  endpoints?: number;
  todos?: number;
  openLeases?: number;
  /** Rows of slots outside the shard's class (0 unless written behind the proxy's back or a move cut short). */
  misplaced?: number;
  error?: string;
}

/**
 * shard status: each partition asked through the proxy, one at a time, so one shard down fails only its own row. A
 * partition is ok when its shard holds its slots (its settings' class contains the partition), no row of another
 * slot, and no handle that another shard holds too.
 */
export async function shardStatus(proxyUrl: string): Promise<ShardHealth[]> {
  const proxy = connect(proxyUrl);
  try {
    const parts = await proxy<{ partition: number }[]>`
      select partition from switchboard_proxy.partitions where cluster = 'switchboard_admin' order by partition`;
    const rows: ShardHealth[] = [];
    const handlesOf = new Map<string, number>(); // a handle -> the first partition whose database holds it
    const seen = new Map<string, number>(); // a database -> the first partition asked there
    for (const { partition } of parts) {
      try {
        const [h] = await proxy<Record<string, string | number | null>[]>`select * from switchboard_proxy.health(${partition}::integer)`;
        const says = h.partition === null ? null : Number(h.partition);
        const mask = (h.partitions === null ? 1 : Number(h.partitions)) - 1;
        const row: ShardHealth = {
          partition, ok: true, db: String(h.db), says, owners: Number(h.owners), endpoints: Number(h.endpoints),
          todos: Number(h.todos), openLeases: Number(h.open_leases), misplaced: Number(h.misplaced),
        };
        const errors: string[] = [];
        if (says === null || (partition & mask) !== says) {
          errors.push(`the shard says it holds partition ${says} of ${h.partitions}, not ${partition}`);
        }
        if (row.misplaced) errors.push(`the shard holds ${row.misplaced} rows of slots that are not its own`);
        if (!seen.has(row.db!)) {
          seen.set(row.db!, partition);
          const dup: string[] = [];
          for (const { h: handle } of await proxy<{ h: string }[]>`select h from switchboard_proxy.handles(${partition}::integer) h`) {
            const other = handlesOf.get(handle);
            if (other === undefined) handlesOf.set(handle, partition);
            else dup.push(`${handle} (also on partition ${other})`);
          }
          if (dup.length) errors.push(`handles on two shards: ${dup.slice(0, 5).join(', ')}${dup.length > 5 ? ', …' : ''}`);
        }
        if (errors.length) Object.assign(row, { ok: false, error: errors.join('; ') });
        rows.push(row);
      } catch (e) {
        rows.push({ partition, ok: false, error: (e as Error).message.replace(/^\S+\(\d+\): /, '') });
      }
    }
    return rows;
  } finally {
    await proxy.end({ timeout: 5 });
  }
}

export interface SplitResult {
  /** The partitions before and after. */
  from: number;
  to: number;
}

/**
 * shard split: doubles the partitions in place. Partition p + N gets partition p's database (PL/Proxy lets several
 * partitions share a connection string), so slot s, routed to s & (2N - 1), reaches the database of s & (N - 1) as
 * before: nothing moves, every id and secret stays where it is, and each database's class of slots is unchanged (its
 * settings too). Then `shard move` can carry one partition at a time to a new database.
 */
export async function splitShards(proxyUrl: string): Promise<SplitResult> {
  const proxy = connect(proxyUrl);
  try {
    return await proxy.begin(async (tx) => {
      const [r] = await tx<{ map: boolean }[]>`select to_regclass('switchboard_proxy.partitions') is not null as map`;
      if (!r.map) throw new ShardRefusal('shard split', 'this database is not the proxy of a sharded Switchboard: run shard init first');
      await tx`lock table switchboard_proxy.partitions in exclusive mode`;
      const [{ n }] = await tx<{ n: number }[]>`
        select count(*)::int as n from switchboard_proxy.partitions where cluster = 'switchboard_admin'`;
      if (n * 2 > 256) throw new ShardRefusal('shard split', `${n} partitions cannot double: a slot has 8 bits (256 partitions at most)`);
      await tx`insert into switchboard_proxy.partitions (cluster, partition, connstr, url)
               select cluster, partition + ${n}::int, connstr, url from switchboard_proxy.partitions`;
      await tx`update switchboard_proxy.config set version = version + 1`;
      return { from: n, to: n * 2 };
    });
  } finally {
    await proxy.end({ timeout: 5 });
  }
}
