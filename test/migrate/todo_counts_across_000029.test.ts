// Migration 000029 counts what each scope already stores: a deployment upgraded with todos keeps its tenants' quotas
// (todos_max_per_scope) true from the first add after it, personal and team scopes alike.
import t from 'tap';
import { migrateDatabase } from '../../src/migrate.js';
import { databaseBefore } from './helpers.js';

t.test('the todos stored before 000029 are counted after it', async (t) => {
  const { url, sql } = await databaseBefore(t, `sb_mig29_${process.pid}`, '000029');

  const [{ ep, team }] = await sql`
    with o as (insert into switchboard.owners (handle) values ('mig') returning id),
         m as (insert into switchboard.teams (name) values ('mig team') returning id),
         e as (insert into switchboard.endpoints (owner_id, agent_id, verbs, credential_sha256)
               select o.id, 'old', array['add_todo'], sha256('old-credential'::bytea) from o returning id)
    select e.id as ep, m.id as team from e, m`;
  await sql`insert into switchboard.todos (endpoint_id, queue, max_attempts, ready_at)
            select ${ep}, 'builds', 3, now() from generate_series(1, 3)`;
  await sql`insert into switchboard.todos (endpoint_id, team_id, queue, max_attempts, ready_at)
            select ${ep}, ${team}, 'team-builds', 3, now() from generate_series(1, 2)`;

  await migrateDatabase(url, { quiet: true });

  const counts = await sql`select scope_id, sum(stored)::int as n from switchboard.scope_todo_counts group by scope_id order by n`;
  t.same(counts, [{ scope_id: team, n: 2 }, { scope_id: ep, n: 3 }], 'each scope counts the todos it stores');
  await sql`insert into switchboard.settings (key, value) values ('todos_max_per_scope', '4')`;
  await sql`select switchboard.add_todo(${ep}, 'builds')`;
  await t.rejects(sql`select switchboard.add_todo(${ep}, 'builds')`, { code: 'SB429' },
    'the endpoint files one more, up to the quota of 4, and no fifth');
});
