// /healthz follows the database: 503 on a read-only database (a demoted primary, a standby) and 200 again by itself;
// a LISTEN connection the database drops is replaced, and /healthz says so while it is down.
import postgres from 'postgres';
import t from 'tap';
import { ADMIN_URL } from '../helpers/db.js';
import { startServer } from '../../src/server.js';
import { until } from '../worker/helpers.js';
import { fixture } from '../mcp/helpers.js';

t.test('healthz is 503 without a writable primary and 200 again by itself; a dropped LISTEN comes back', async (t) => {
  const f = await fixture(t);
  const server = await startServer({ config: { ...f.ctx.config, DATABASE_URL: f.db.url }, log: f.ctx.log, host: '127.0.0.1', port: 0 });
  t.teardown(() => server.stop());
  const health = async () => {
    const r = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(20_000) });
    const h = { status: r.status, body: (await r.json()) as { database: string; listen: string } };
    if (process.env.FO_DEBUG) console.error(h);
    return h;
  };
  const ok = await until(async () => {
    const h = await health();
    return h.status === 200 && h.body.listen === 'listening' ? h : null;
  }, 'healthz 200 with the doorbell listening');
  t.same(ok.body, { ok: true, database: 'primary', listen: 'listening' }, 'a writable primary and a LISTEN that hears');

  const kill = (app: string) => f.db.sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
                                          where datname = current_database() and application_name = ${app}`;
  await f.db.sql.unsafe(`alter database ${f.db.name} set default_transaction_read_only = on`);
  await kill('switchboard');
  const down = await until(async () => {
    const h = await health();
    return h.status === 503 && h.body.database === 'read_only' ? h : null;
  }, 'healthz 503 on the read-only database');
  t.same(down.body, { ok: false, database: 'read_only', listen: 'listening' }, 'it says why');
  await f.db.sql.unsafe(`alter database ${f.db.name} reset default_transaction_read_only`);
  await kill('switchboard');
  await until(async () => (await health()).status === 200, 'healthz 200 again, with nobody restarting anything');
  t.pass('200 again by itself');

  // The database refuses every new connection (a failing server as clients see it) while the LISTEN connection is
  // dropped: postgres.js's own re-LISTEN fails once and gives up, so the doorbell must notice and LISTEN again.
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  t.teardown(() => admin.end({ timeout: 2 }));
  await admin.unsafe(`alter database ${f.db.name} set session_preload_libraries = 'switchboard_no_such_library'`);
  t.ok((await kill('switchboard-listen'))[0].n > 0, "the doorbell's LISTEN connection is terminated");
  await kill('switchboard');
  await until(async () => {
    const h = await health();
    return h.status === 503 && h.body.listen === 'down' ? h : null;
  }, 'healthz 503 with the LISTEN down');
  t.pass('healthz says the LISTEN is down');
  await admin.unsafe(`alter database ${f.db.name} reset session_preload_libraries`);
  await until(async () => f.logLines().some((l) => l.msg === 'doorbell: listening again'), 'the doorbell to LISTEN again');
  await until(async () => {
    const [{ n }] = await f.db.sql`select count(*)::int as n from pg_stat_activity
                                    where datname = current_database() and application_name = 'switchboard-listen'`;
    return n === 1;
  }, 'one LISTEN connection again');
  t.equal((await health()).status, 200, 'and healthz is 200');
});
