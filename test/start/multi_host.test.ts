// A multi-host DATABASE_URL (libpq's form, what `pg_autoctl show uri` prints) is accepted, and every kind of
// connection Switchboard opens reaches the host that is a primary, skipping one that does not answer.
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { createPool, postgresJsUrl, primaryPgPool, resolvePrimaryUrl } from '../../src/db.js';
import { connstrDatabase, databaseUrl, shardConnstr, shardListenUrl, urlDatabase } from '../../src/shard.js';
import { freePort } from '../helpers/net.js';
import { freshDatabase } from '../helpers/db.js';

t.test('the config check takes a multi-host URL and refuses a standby-only one', async (t) => {
  const url = 'postgres://sb:pw@db1:5432,db2:5433/switchboard?target_session_attrs=read-write';
  t.equal(loadConfig({ DATABASE_URL: url }).DATABASE_URL, url, 'multi-host with read-write');
  t.equal(loadConfig({ DATABASE_URL: 'postgres://db1,db2/sb?target_session_attrs=primary' }).DATABASE_URL, 'postgres://db1,db2/sb?target_session_attrs=primary');
  t.throws(() => loadConfig({ DATABASE_URL: 'postgres://db1,db2/sb?target_session_attrs=standby' }), /target_session_attrs/);
  t.throws(() => loadConfig({ DATABASE_URL: 'postgres://db1,/sb' }), /valid URL/, 'an empty host is refused');
  t.equal(postgresJsUrl(url), 'postgres://sb:pw@db1:5432,db2:5433/switchboard?target_session_attrs=primary',
    "postgres.js is asked for a primary (its read-write would take a hot standby)");
  t.equal(postgresJsUrl('postgres://db1/sb'), 'postgres://db1/sb', 'a single host is left alone');
  t.equal(shardConnstr(url, 'u', 'p'),
    "host='db1,db2' port=5432,5433 dbname='switchboard' user=u password='p' connect_timeout=5 target_session_attrs=read-write",
    "PL/Proxy's connstr keeps every host for libpq");
  t.equal(shardListenUrl(url, 'u', 'p'), 'postgres://u:p@db1:5432,db2:5433/switchboard?target_session_attrs=primary');
  // shard init and shard move know a shard by its identity: the same read from its URL and from the proxy's connstr.
  t.equal(urlDatabase(url), 'db1,db2:5432,5433/switchboard');
  t.equal(connstrDatabase(shardConnstr(url, 'u', 'p')), urlDatabase(url), "a multi-host shard is known again in the proxy's map");
  t.equal(databaseUrl(urlDatabase(url), 'postgres://admin:pw@new:5432/other?sslmode=disable'),
    'postgres://admin:pw@db1:5432,db2:5433/switchboard?sslmode=disable', "shard move's default --from keeps every host");
  t.equal(urlDatabase(databaseUrl('127.0.0.1:5432/sb_1', 'postgres://a@x/y')), '127.0.0.1:5432/sb_1');
});

t.test('postgres.js, node-postgres (graphile-worker) and the migrator reach the host that answers', async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const dead = await freePort();
  const at = new URL(db.url).host;
  const multi = db.url.replace(at, `127.0.0.1:${dead},${at}`);
  t.not(multi, db.url, 'a URL whose first host has nothing listening');
  t.equal(await resolvePrimaryUrl(multi), db.url, 'the migrator is given the primary');
  const sql = createPool(multi, { max: 1, role: null });
  t.teardown(() => sql.end({ timeout: 2 }));
  const [r] = await sql<{ standby: boolean }[]>`select pg_is_in_recovery() as standby`;
  t.equal(r.standby, false, 'the postgres.js pool reaches the primary');
  const pool = primaryPgPool(multi, { max: 1, role: null, applicationName: 'sb-test' }, () => {});
  t.teardown(() => pool.end());
  const { rows } = await pool.query<{ port: number }>('select inet_server_port() as port');
  t.equal(rows[0].port, Number(new URL(db.url).port || 5432), "graphile-worker's pool reaches it too");
});
