// A team todo's dead letter is delivered by the worker to every member of the team that set a notify URL, once each
// (whoever vended the endpoint that added it), and not to a member removed before the worker got to it.
import t from 'tap';
import { createLogger } from '../../src/log.js';
import { startWorker } from '../../src/worker/index.js';
import { freshDatabase } from '../helpers/db.js';
import { until, webhookSink } from './helpers.js';

t.test("a team todo's dead letter reaches each member with a notify URL once, and a removed member never", async (t) => {
  const db = await freshDatabase();
  t.teardown(() => db.drop());
  const sinks = { admin: await webhookSink([503]), member: await webhookSink(), leaver: await webhookSink() };
  for (const s of Object.values(sinks)) t.teardown(() => s.close());

  await db.sql`insert into switchboard.settings (key, value) values ('webhook_allow_http', 'true')
               on conflict (key) do update set value = excluded.value`;
  const owner = async (handle: string) => (await db.sql`select switchboard.add_owner(${handle}::text)->>'owner_id' as id`)[0].id as string;
  const admin = await owner('admin');
  const member = await owner('member');
  const leaver = await owner('leaver');
  const quiet = await owner('quiet');
  const [{ team }] = await db.sql`select switchboard.add_team('builders', ${admin}::uuid)->>'id' as team`;
  for (const m of [member, leaver, quiet]) await db.sql`select switchboard.add_team_member(${team}::uuid, ${m}::uuid, 'member')`;
  await db.sql`select switchboard.add_team_queue(${team}::uuid, 'builds')`;
  for (const [who, id] of [['admin', admin], ['member', member], ['leaver', leaver]] as const) {
    await db.sql`select switchboard.set_owner_notify_url(owner_id => ${id}::uuid, url => ${sinks[who].url}::text)`;
  }
  const [{ ep }] = await db.sql`select switchboard.vend_endpoint(owner_id => ${admin}::uuid, agent_id => 'bot', verbs => null,
                                  team_id => ${team}::uuid)->>'endpoint_id' as ep`;
  const [{ id }] = await db.sql`select switchboard.add_todo(endpoint_id => ${ep}::uuid, queue => 'builds'::text,
                                  title => 'fix arm64'::text, max_attempts => 1)->>'id' as id`;
  await db.sql`select switchboard.claim_next(endpoint_id => ${ep}::uuid, queue => 'builds'::text, claimant => 'run-7'::text)`;
  await db.sql`select switchboard.fail(endpoint_id => ${ep}::uuid, todo_id => ${id}::uuid, summary => 'tests red'::text)`;
  // Removed after the dead letter queued its notice, before any worker ran.
  await db.sql`select switchboard.remove_team_member(${team}::uuid, ${leaver}::uuid)`;

  const worker = await startWorker({ databaseUrl: db.url, logger: createLogger({ level: 'silent' }), reapIntervalSeconds: 1, webhookAllowPrivate: true });
  t.teardown(() => worker.stop());
  await until(async () => sinks.admin.accepted().length === 1 && sinks.member.accepted().length === 1, 'both members to accept', 60_000);
  await until(async () => {
    const [{ n }] = await db.sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'switchboard_dead_letter'`;
    return n === 0;
  }, 'the delivery jobs to finish');

  t.same(sinks.admin.received.map((r) => r.status), [503, 200], "the admin's sink failed once, then accepted: one accepted delivery");
  t.equal(sinks.member.received.length, 1, 'the plain member, who vended nothing, gets its own delivery, once');
  t.equal(sinks.leaver.received.length, 0, 'the member removed before delivery gets nothing');
  for (const [who, oid] of [['admin', admin], ['member', member]] as const) {
    const got = sinks[who].accepted()[0];
    t.match(got.body, { todo_id: id, queue: 'builds', title: 'fix arm64', final_attempt: { disposition: 'dead_lettered', summary: 'tests red' } },
      `${who}: the notice in full`);
    t.equal(got.headers['x-switchboard-delivery'], `dead_letter:${id}:1:member:${oid}`, `${who}: a delivery key of its own`);
  }
  t.equal(new Set(sinks.admin.received.map((r) => r.headers['x-switchboard-delivery'])).size, 1, 'a retry names the same delivery');
  const [{ n }] = await db.sql`select count(*)::int as n from switchboard.deliveries`;
  t.equal(n, 0, 'nothing left to deliver');
});
