// `npm start` with nothing configured: `switchboard start` boots an embedded Postgres, migrates it, serves MCP,
// keeps its data across a restart, and stops cleanly on SIGTERM and SIGINT.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import postgres from 'postgres';
import t from 'tap';
import { call, httpClient } from '../mcp/helpers.js';
import { CLI, runCli } from '../cli/run.js';
import { freePort } from '../helpers/net.js';


interface Started {
  child: ChildProcess;
  output: () => string;
  mcpUrl: string;
  databaseUrl: string;
  exited: Promise<number | null>;
}

/** Spawns `node dist/cli.js start` with DATABASE_URL unset and waits for its banner. */
async function start(dataDir: string, pgPort: number, port: number): Promise<Started> {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, SWITCHBOARD_DATA_DIR: dataDir,
    SWITCHBOARD_PG_PORT: String(pgPort), SWITCHBOARD_PORT: String(port) };
  const child = spawn(process.execPath, [CLI, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (out.includes('Stop with Ctrl-C.')) resolve();
      else if (child.exitCode !== null) reject(new Error(`start exited ${child.exitCode}:\n${out}`));
      else setTimeout(check, 100);
    };
    check();
  });
  return {
    child,
    output: () => out,
    mcpUrl: /MCP \(Streamable HTTP\)\s+(http:\S+)/.exec(out)![1],
    // The export line has the shell read the password from its file (the banner never prints it): done here by hand.
    databaseUrl: /export DATABASE_URL="([^"]+)"/.exec(out)![1].replace(/\$\(cat '([^']+)'\)/, (_, f: string) => readFileSync(f, 'utf8').trim()),
    exited,
  };
}

t.test('npm start: embedded Postgres boots, serves a tool call, keeps its data, and stops cleanly', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'h2-start-'));
  chmodSync(dir, 0o755); // as root, Postgres runs as the postgres user, which must reach the data folder
  const dataDir = join(dir, 'pg');
  const children: ChildProcess[] = [];
  // Whatever happened above, no process of this test outlives it: the CLI, then the Postgres it started.
  t.teardown(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    try {
      process.kill(Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGKILL');
    } catch {
      // no pid file, or not running
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const pgPort = await freePort();
  const port = await freePort();

  const first = await start(dataDir, pgPort, port);
  children.push(first.child);
  t.equal(first.mcpUrl, `http://127.0.0.1:${port}/mcp`, 'it prints where MCP listens');
  t.match(first.databaseUrl, new RegExp(`^postgres://postgres:[\\w-]{32}@127\\.0\\.0\\.1:${pgPort}/switchboard$`),
    'and the database, with a superuser password generated at initdb (its export line read from the file)');
  t.equal(
    readFileSync(join(dataDir, 'switchboard-superuser.password'), 'utf8').trim(),
    new URL(first.databaseUrl).password,
    'kept in the data folder',
  );
  t.equal(statSync(join(dataDir, 'switchboard-superuser.password')).mode & 0o777, 0o600, 'readable by its owner only');
  t.notOk(first.output().includes(new URL(first.databaseUrl).password), 'and never printed: the banner reads it from there');
  t.match(first.output(), /owner add alice/, 'and how to create an owner');
  t.match(first.output(), /endpoint vend --owner alice --agent my-agent --url http:\/\/127\.0\.0\.1:\d+\/mcp/, 'and vend');
  t.ok(existsSync(join(dataDir, 'PG_VERSION')), 'the data folder was initialised');

  // Exactly what the banner tells a newcomer to run, then an MCP client configured from the printed snippet.
  const env = { DATABASE_URL: first.databaseUrl };
  t.equal((await runCli(['owner', 'add', 'alice'], env)).code, 0);
  const vend = await runCli(['endpoint', 'vend', '--owner', 'alice', '--agent', 'my-agent', '--url', first.mcpUrl], env);
  t.equal(vend.code, 0, vend.stderr);
  const snippet = JSON.parse(vend.stdout.slice(vend.stdout.indexOf('{'), vend.stdout.indexOf('\n}\n') + 2));
  const { url, headers } = snippet.mcpServers.switchboard as { url: string; headers: { Authorization: string } };
  const credential = headers.Authorization.replace(/^Bearer /, '');
  const client = new Client({ name: 'newcomer', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  await client.listTools();

  // The first retry is due at once, so the relay below needs no waiting (an operator's setting, set in psql).
  const admin = postgres(first.databaseUrl, { max: 1, onnotice: () => {} });
  await admin`insert into switchboard.settings (key, value) values ('retry_backoff_base_seconds', '0')
              on conflict (key) do update set value = excluded.value`;
  // The server's own sessions are the non-admin login, never the superuser.
  const serving = await admin<{ u: string; admin: boolean; su: boolean }[]>`
    select distinct a.usename as u, pg_has_role(a.usename, 'switchboard_admin', 'MEMBER') as admin, r.rolsuper as su
      from pg_stat_activity a join pg_roles r on r.rolname = a.usename
     where a.datname = 'switchboard' and a.application_name = 'switchboard'`;
  t.same(serving, [{ u: 'switchboard_serve', admin: false, su: false }], 'the server runs as switchboard_serve: no admin, no superuser');
  await admin.end();

  const added = await call(client, 'add_todo', { queue: 'q', title: 'survives restarts' });
  t.match(added.doc, { state: 'pending', title: 'survives restarts' }, 'add_todo over HTTP on the embedded database');
  const first1 = await call(client, 'claim_next', { queue: 'q', claimant: 'run-1' });
  t.equal(first1.doc.id, added.doc.id, 'claimed');
  t.match((await call(client, 'fail', { todo_id: added.doc.id, summary: 'flaky network' })).doc, { state: 'failed' });
  const second1 = await call(client, 'claim', { todo_id: added.doc.id, claimant: 'run-2' });
  t.match(second1.doc.prior_attempts, [{ seq: 1, claimant: 'run-1', outcome: 'failed', summary: 'flaky network' }],
    're-claimed, seeing the prior attempt');
  t.match((await call(client, 'complete', { todo_id: added.doc.id, result: { ok: 1 } })).doc, { state: 'done' }, 'completed');
  await client.close();
  const base = first.mcpUrl.replace(/\/mcp$/, '');

  first.child.kill('SIGTERM');
  t.equal(await first.exited, 0, 'SIGTERM: exit 0');
  t.match(first.output(), /switchboard stopped/);
  t.notOk(existsSync(join(dataDir, 'postmaster.pid')), 'the embedded Postgres stopped too');

  const second = await start(dataDir, pgPort, port);
  children.push(second.child);
  t.notMatch(second.output(), /initialising a new data folder/, 'the second start reuses the folder');
  const again = await httpClient(base, credential);
  const listed = await call(again, 'list_todos');
  t.match(listed.doc.todos, [{ title: 'survives restarts', state: 'done' }], 'the data survived the restart');
  await again.close();
  second.child.kill('SIGINT');
  t.equal(await second.exited, 0, 'SIGINT: exit 0', { output: second.output().slice(-3000) });
  t.notOk(existsSync(join(dataDir, 'postmaster.pid')), 'and Postgres stopped');
  t.notOk(second.output().includes(credential), 'the credential never appears in the output');
});
