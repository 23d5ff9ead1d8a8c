// `npx tsx bench/mcp-profile.ts`: CPU per MCP tool call (claim_next + complete) of the server, the client and Postgres.
//
// Throughput of the MCP contender on a shared 2-core machine moves with whatever else runs, and so does CPU time
// (a busy neighbour slows every instruction). So variants of the server (this checkout, and copies with a change)
// run side by side against one database, and blocks of calls alternate between them: each block is measured by the
// CPU its server process, this client process and that server's Postgres backends spent, and the medians compare
// like with like. The server is bench/mcp-server.ts in a child process, as in the contender, logging at info (the
// production level) unless --log-level says otherwise; each session lists the tools first, as an agent does.
//   npx tsx bench/mcp-profile.ts [--sessions 1,8] [--cycles 250] [--blocks 6] [--log-level info] [--no-list-tools]
//     [--variant label,DIR[,ENV=VALUE...] | --variant sql ...] [--profile DIR] [--migrate]
// The database is PROFILE_DATABASE_URL, else h5_mcpprof on 127.0.0.1:5432 (created and migrated if missing; its
// todos are wiped). --cycles is per block and spread over the sessions. --profile writes a .cpuprofile of every
// server and of the client for each session count and prints where the time went (µs per call).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import postgres from 'postgres';
import { migrateDatabase } from '../src/migrate.js';
import { stopChild } from './contenders/mcp.js';
import { fillSwitchboard } from './contenders/switchboard.js';
import type { Ctx } from './lib/contender.js';
import { loadProfile, renderSummary, summarize } from './lib/cpuprofile.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** CPU of every thread of a process, in µs (schedstat is in ns and, unlike /proc/<pid>/stat, not in ticks). */
function processCpuUs(pid: number): number {
  let ns = 0;
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return ns / 1000;
}

function selfCpuUs(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

interface Server {
  url: string;
  proc: ChildProcess;
  lines: Interface;
  command(line: string): Promise<void>;
  stop(): Promise<void>;
}

async function spawnServer(
  dir: string,
  url: string,
  pool: number,
  logLevel: string,
  profileFile: string | null,
  extraEnv: Record<string, string>,
): Promise<Server> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(dir, 'bench', 'mcp-server.ts')], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_URL: url,
      SWITCHBOARD_DB_POOL_MAX: String(pool),
      MCP_BENCH_LOG_LEVEL: logLevel,
      ...(profileFile ? { MCP_BENCH_CPU_PROFILE: profileFile } : {}),
      ...extraEnv,
    },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const lines = createInterface({ input: proc.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    proc.once('exit', (code) => reject(new Error(`MCP server exited (${code}) before listening`)));
  });
  return {
    url: (JSON.parse(first) as { url: string }).url,
    proc,
    lines,
    command: (line) =>
      new Promise<void>((resolve) => {
        lines.once('line', () => resolve());
        proc.stdin!.write(`${line}\n`);
      }),
    stop: () => stopChild(proc),
  };
}

interface Variant {
  label: string;
  root: string;
  env: Record<string, string>;
}

interface Sample {
  server: number;
  client: number;
  pg: number;
  wall: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// The variant label that runs the direct SQL cycle instead of an MCP server, as a yardstick.
const SQL_LABEL = 'sql';

/**
 * "label,root[,KEY=VALUE...]": another checkout of the server (a copy with a change) to compare with this one;
 * "sql": the same cycle as direct SQL calls, with no server, the figure the MCP path is compared with.
 */
function parseVariant(spec: string): Variant {
  const [label, dir, ...env] = spec.split(',');
  return { label, root: dir || root, env: Object.fromEntries(env.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sessions: { type: 'string', default: '1,8' },
      cycles: { type: 'string', default: '250' },
      blocks: { type: 'string', default: '6' },
      warmup: { type: 'string', default: '300' },
      'log-level': { type: 'string', default: 'info' },
      'no-list-tools': { type: 'boolean', default: false },
      variant: { type: 'string', multiple: true },
      profile: { type: 'string' },
      migrate: { type: 'boolean', default: false },
    },
  });
  const blockCycles = Number(values.cycles);
  const blocks = Number(values.blocks);
  const warmup = Number(values.warmup);
  const listTools = !values['no-list-tools'];
  const variants = (values.variant ?? ['this,']).map(parseVariant);

  let url = process.env.PROFILE_DATABASE_URL;
  let migrate = values.migrate;
  if (!url) {
    const admin = postgres('postgres://postgres@127.0.0.1:5432/postgres', { max: 1, onnotice: () => {} });
    const [exists] = await admin`select 1 from pg_database where datname = 'h5_mcpprof'`;
    if (!exists) {
      await admin.unsafe('create database h5_mcpprof');
      migrate = true;
    }
    await admin.end();
    url = 'postgres://postgres@127.0.0.1:5432/h5_mcpprof';
  }
  if (migrate) await migrateDatabase(url, { quiet: true });
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const ctx: Ctx = { url, admin, queue: 'bench', noMigrate: true };
  let [o] = await admin`select id from switchboard.owners where handle = 'bench'`;
  if (!o) [o] = await admin`select (switchboard.add_owner(handle => 'bench'))->>'owner_id' as id`;
  // The previous runs' endpoints revoked first, so repeated runs stay under endpoints_max_per_owner.
  await admin`select switchboard.revoke_endpoint(${o.id}::uuid, e.id) from switchboard.endpoints e
               where e.owner_id = ${o.id}::uuid and e.agent_id like 'mcp-profile-%' and e.revoked_at is null`;
  const [e] = await admin`
    select switchboard.vend_endpoint(owner_id => ${o.id}::uuid, agent_id => ${`mcp-profile-${Date.now()}`},
                                     verbs => array['claim_next','complete']::text[]) as doc`;
  const endpointId: string = e.doc.endpoint_id;
  const credential: string = e.doc.credential;
  if (values.profile) mkdirSync(values.profile, { recursive: true });

  for (const sessions of values.sessions.split(',').map(Number)) {
    const perBlock = Math.ceil(blockCycles / sessions);
    await fillSwitchboard(ctx, endpointId, (perBlock * blocks + warmup) * sessions * variants.length + 100, 5000);
    await admin`analyze switchboard.todos, switchboard.earlier_attempts`;
    const servers: Server[] = [];
    const runners: Runner[] = [];
    const samples: Sample[][] = variants.map(() => []);
    try {
      for (const v of variants) {
        if (v.label === SQL_LABEL) {
          runners.push(await sqlRunner(url, endpointId, sessions, warmup));
          continue;
        }
        const profileFile = values.profile ? join(values.profile, `server-${v.label}-${sessions}.cpuprofile`) : null;
        const server = await spawnServer(v.root, url, sessions + 2, values['log-level'], profileFile, v.env);
        servers.push(server);
        const cs: Client[] = [];
        for (let i = 0; i < sessions; i++) {
          const client = new Client({ name: 'switchboard-profile', version: '1' });
          await client.connect(
            new StreamableHTTPClientTransport(new URL(server.url), {
              requestInit: { headers: { Authorization: `Bearer ${credential}` } },
            }),
          );
          // An agent lists the tools before it calls one; the client then checks results against their outputSchema.
          if (listTools) await client.listTools();
          cs.push(client);
        }
        await run(cs, warmup);
        const backends = (
          await admin<{ pid: number }[]>`
            select pid from pg_stat_activity
             where datname = current_database() and application_name = 'switchboard'
               and pid <> all(${runners.flatMap((r) => r.backends)})`
        ).map((x) => x.pid);
        runners.push({
          serverPid: server.proc.pid!,
          backends,
          run: (n) => run(cs, n),
          close: () => Promise.all(cs.map((c) => c.close().catch(() => {}))).then(() => {}),
        });
      }
      let inspector: Session | null = null;
      if (values.profile) {
        inspector = new Session();
        inspector.connect();
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.setSamplingInterval', { interval: 500 });
        await inspector.post('Profiler.start');
        for (const s of servers) await s.command('profile start');
      }
      for (let b = 0; b < blocks; b++) {
        // Rotate the order so no variant always runs right after the same neighbour.
        for (let k = 0; k < variants.length; k++) {
          const i = (b + k) % variants.length;
          const { serverPid, backends } = runners[i];
          const serverCpu = () => (serverPid ? processCpuUs(serverPid) : 0);
          const pgCpu = () => backends.reduce((a, p) => a + processCpuUs(p), 0);
          const s0 = serverCpu();
          const c0 = selfCpuUs();
          const p0 = pgCpu();
          const t0 = performance.now();
          await runners[i].run(perBlock);
          const wall = (performance.now() - t0) * 1000;
          const calls = perBlock * sessions * 2;
          samples[i].push({
            wall: wall / calls,
            pg: (pgCpu() - p0) / calls,
            client: (selfCpuUs() - c0) / calls,
            server: (serverCpu() - s0) / calls,
          });
        }
      }
      if (inspector) {
        for (const s of servers) await s.command('profile stop');
        const { profile } = await inspector.post('Profiler.stop');
        inspector.disconnect();
        const calls = perBlock * sessions * 2 * blocks;
        for (const v of variants.filter((x) => x.label !== SQL_LABEL)) {
          const f = join(values.profile!, `server-${v.label}-${sessions}.cpuprofile`);
          process.stdout.write(`${renderSummary(`server ${v.label}, ${sessions} session(s)`, summarize(loadProfile(f)), calls)}\n\n`);
        }
        const clientProfile = join(values.profile!, `client-${sessions}.cpuprofile`);
        writeFileSync(clientProfile, JSON.stringify(profile));
        process.stdout.write(
          `${renderSummary(`client (all variants), ${sessions} session(s)`, summarize(loadProfile(clientProfile)), calls * variants.length)}\n\n`,
        );
      }
      for (const r of runners) await r.close();
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
    const f = (x: number) => x.toFixed(0).padStart(5);
    for (const [i, v] of variants.entries()) {
      const m = (k: keyof Sample) => median(samples[i].map((x) => x[k]));
      const lo = (k: keyof Sample) => Math.min(...samples[i].map((x) => x[k]));
      process.stdout.write(
        `${v.label.padEnd(12)} sessions ${String(sessions).padStart(2)}  µs per call, median (min) of ${blocks} blocks: ` +
          `server ${f(m('server'))} (${f(lo('server'))})  client ${f(m('client'))} (${f(lo('client'))})  ` +
          `pg ${f(m('pg'))} (${f(lo('pg'))})  total ${f(m('server') + m('client') + m('pg'))}  wall ${f(m('wall'))}\n`,
      );
    }
  }
  await admin`truncate switchboard.earlier_attempts, switchboard.todos cascade`;
  await admin`update switchboard.endpoints set revoked_at = now() where id = ${endpointId}::uuid`;
  await admin.end();
}

/** One variant, started: what a block runs and whose CPU it is measured by. */
interface Runner {
  serverPid: number | null;
  backends: number[];
  run(cycles: number): Promise<void>;
  close(): Promise<void>;
}

/** The reference: the same cycle as the switchboard contender, select claim_next then complete on one connection each. */
async function sqlRunner(url: string, endpointId: string, sessions: number, warmup: number): Promise<Runner> {
  const sql = postgres(url, { max: sessions, prepare: true, onnotice: () => {}, connection: { application_name: 'sql-reference' } });
  const conns = await Promise.all(Array.from({ length: sessions }, () => sql.reserve()));
  const result = sql.json({ ok: true });
  const cycles = (n: number) =>
    Promise.all(
      conns.map(async (c) => {
        for (let i = 0; i < n; i++) {
          const [r] = await c`select switchboard.claim_next(endpoint_id => ${endpointId}::uuid, queue => ${'bench'}::text) as doc`;
          if (r.doc.empty) throw new Error('claim_next: empty');
          await c`select switchboard.complete(endpoint_id => ${endpointId}::uuid, todo_id => ${r.doc.id}::uuid, result => ${result}::jsonb) as doc`;
        }
      }),
    ).then(() => {});
  await cycles(warmup);
  const backends = await Promise.all(conns.map(async (c) => (await c`select pg_backend_pid() as pid`)[0].pid as number));
  return {
    serverPid: null,
    backends,
    run: cycles,
    async close() {
      for (const c of conns) c.release();
      await sql.end();
    },
  };
}

/** `cycles` claim_next + complete cycles on every session at once. */
async function run(clients: Client[], cycles: number): Promise<void> {
  await Promise.all(
    clients.map(async (client) => {
      for (let i = 0; i < cycles; i++) {
        const c = (await client.callTool({ name: 'claim_next', arguments: { queue: 'bench' } })) as {
          isError?: boolean;
          structuredContent?: Record<string, unknown>;
        };
        if (c.isError || c.structuredContent?.empty) throw new Error(`claim_next: ${JSON.stringify(c.structuredContent)}`);
        const d = (await client.callTool({
          name: 'complete',
          arguments: { todo_id: String(c.structuredContent?.id), result: { ok: true } },
        })) as { isError?: boolean; structuredContent?: unknown };
        if (d.isError) throw new Error(`complete: ${JSON.stringify(d.structuredContent)}`);
      }
    }),
  );
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
