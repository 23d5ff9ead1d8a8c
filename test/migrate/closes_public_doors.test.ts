// Every migrate takes from PUBLIC what would let a login granted nothing fill the lock table or the disk
// (switchboard_internal.close_public_doors): on the first migrate, and again on a later one with nothing else to do,
// so a grant put back by hand, or lost with a dump and restore, is taken again. A role that may not change the grants
// is handed the statements instead.
import t from 'tap';
import postgres from 'postgres';
import { closePublicDoors, migrateDatabase } from '../../src/migrate.js';
import { databaseBefore } from './helpers.js';

t.test('migrate shuts the doors, and shuts them again', async (t) => {
  const name = `sb_doors_${process.pid}`;
  const { url, sql } = await databaseBefore(t, name, '999999');
  const open = async () => {
    const [r] = await sql`
      select has_database_privilege('public', current_database(), 'temporary') as temp,
             has_function_privilege('public', 'pg_advisory_lock(bigint)', 'execute') as advisory,
             has_function_privilege('public', 'lo_from_bytea(oid, bytea)', 'execute') as large_objects`;
    return r;
  };
  t.same(await open(), { temp: true, advisory: true, large_objects: true }, 'a new database lets PUBLIC do all three');

  await migrateDatabase(url, { quiet: true });
  t.same(await open(), { temp: false, advisory: false, large_objects: false }, 'the first migrate takes them from PUBLIC');

  await sql.unsafe(`grant temporary on database ${name} to public`);
  await sql`grant execute on function pg_advisory_lock(bigint) to public`;
  await migrateDatabase(url, { quiet: true });
  t.same(await open(), { temp: false, advisory: false, large_objects: false },
    'a later migrate with no function changed takes them again');

  const lesser = `sb_lesser_${process.pid}`;
  await sql.unsafe(`create role ${lesser} login`);
  t.teardown(async () => {
    const admin = postgres(url.replace(`/${name}`, '/postgres'), { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`drop role if exists ${lesser}`);
    await admin.end({ timeout: 5 });
  });
  await sql.unsafe(`grant usage on schema switchboard_internal to ${lesser}`);
  await sql.unsafe(`grant execute on function switchboard_internal.close_public_doors() to ${lesser}`);
  await sql`grant execute on function pg_advisory_lock(bigint) to public`;
  const u = new URL(url);
  u.username = lesser;
  const owner = (await sql`select nspowner::regrole::text as o from pg_namespace where nspname = 'switchboard'`)[0].o;
  t.same(await closePublicDoors(u.toString()), [
    'revoke execute on function pg_advisory_lock(bigint) from public',
    `grant execute on function pg_advisory_lock(bigint) to ${owner}`,
  ], 'a role that may not change pg_catalog\'s grants is handed the statements');
  t.equal((await open()).advisory, true, 'and changes nothing');
});
