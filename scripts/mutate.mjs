// Mutation testing of the SQL (`npm run mutate`): plants each single-edit bug of scripts/mutants.mjs in turn, runs pgTAP, prints the kill rate.
//
// For each mutant: its file's text (under sql/functions/, or a migration that owns a row-rule function) is read, the
// exact `find` text must occur once (no occurrence: "not applicable", never counted as killed; several: "ambiguous",
// a mistake in the list), and the edited text is applied to a database cloned from a migrated template (a function
// file as migrate applies it, create or replace; a migration's function as its own create or replace statement).
// The mutant is planted in that database only: the file on disk is never written, so an interrupted run (Ctrl-C)
// leaves the tree as it was, and nothing else that reads sql/functions (an editor, a test run, a commit) can see a
// mutant. Then pg_prove runs the test files the mutant names first and, if they all pass, the rest of
// test/pgtap; the first run that fails kills it (--full runs every file and lists every killer). The clone is
// dropped, and the next mutant starts from the template again.
//
// Usage: ADMIN_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run mutate -- [--only TEXT]... [--full]
//          [--list] [--markdown]
//   --only TEXT  the mutants whose name or file contains TEXT (repeatable); with --generated, every mechanical
//                mutant whose id contains TEXT instead of a sample
//   --list       print the list and whether each mutant's text is found, then stop (no database needed)
//   --markdown   print the result table as Markdown too (for docs/reliability.md)
//   --generated  instead of the hand-written list, the mechanical mutants of every function file
//                (scripts/mutants-generated.mjs): a sample of --sample N (200) applied mutants (one PostgreSQL refuses
//                is replaced by the next) by --seed S (1), in one clone, the real function put back after each;
//                survivors listed, equivalents from docs/mutation-equivalents.md;
//                --jobs N runs pg_prove's files N at a time (1: files that commit through dblink make N > 1 see
//                each other's rows); MUTATE_NO_BASELINE=1 skips the run without a mutant
//                (npm run mutate:generated -- --sample 200 --seed 34)
//   --proxy      with --generated: the mechanical mutants of sql/proxy/'s function bodies instead, killed by
//                test/pgtap-proxy alone: a proxy database in front of two shard databases, set up by `switchboard
//                shard init` as scripts/pgtap.sh does; each mutant is installed by running shard init again from a
//                scratch copy of dist/, sql/ and scripts/ whose sql/proxy/ file holds the mutant (init reinstalls the proxy and
//                the shards' envelopes whole), so the tree on disk is never written either. A mutant PostgreSQL
//                refuses to create is "invalid"; one that makes shard init fail is killed by it (scripts/pgtap.sh
//                fails then). The sample is drawn from the proxy's mutants alone, so a seed's sample of sql/functions
//                stays the same (npm run mutate:generated -- --proxy --sample 20 --seed 34); --only TEXT runs the
//                proxy mutants whose id contains TEXT instead of a sample
// Not part of CI: the whole list takes a few minutes. A hung statement is ended by statement_timeout (300 s),
// which fails its test file: a mutant that makes a call wait forever is killed as a hang.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { MUTANTS } from './mutants.mjs';
import { equivalents, generateMutants, generateProxyMutants, sample } from './mutants-generated.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PGTAP = join(root, 'test', 'pgtap');
const { values: opts } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    full: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    markdown: { type: 'boolean', default: false },
    generated: { type: 'boolean', default: false },
    proxy: { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
    sample: { type: 'string', default: '200' },
    jobs: { type: 'string', default: '1' },
  },
});
const ADMIN_URL = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new URL(ADMIN_URL);
const urlFor = (db) => Object.assign(new URL(ADMIN_URL), { pathname: `/${db}` }).toString();
const TEMPLATE = `sb_mutate_${process.pid}_tmpl`;
const CLONE = `sb_mutate_${process.pid}`;

/** The source a mutant edits: a function file (sql/functions/<file>) or a committed migration (by number prefix). */
function sourceOf(m) {
  if (m.file) return join(root, 'sql', 'functions', m.file);
  const dir = join(root, 'sql', 'migrations', 'committed');
  const f = readdirSync(dir).find((n) => n.startsWith(`${m.migration}-`));
  if (!f) throw new Error(`${m.name}: no migration ${m.migration}`);
  return join(dir, f);
}

function countOf(text, find) {
  let n = 0;
  for (let i = text.indexOf(find); i >= 0; i = text.indexOf(find, i + 1)) n++;
  return n;
}

/**
 * The SQL that plants a mutant: a function file whole (every file is create or replace), or, in a migration, the
 * one `create [or replace] function ... $$;` statement that holds the edit, made create or replace.
 */
function plantingSql(m, mutated) {
  if (m.file) return mutated;
  const at = mutated.indexOf(m.replace);
  const start = [...mutated.slice(0, at).matchAll(/^create (or replace )?function /gim)].pop();
  const end = mutated.indexOf('\n$$;', at);
  if (!start || end < 0) throw new Error(`${m.name}: the edit is not inside a function of migration ${m.migration}`);
  return mutated.slice(start.index, end + 4).replace(/^create (or replace )?function /i, 'create or replace function ');
}

/** Test files to run first: the mutant's own (`tests`: folders or files under test/pgtap), then its file's folder. */
function testFiles(m) {
  const all = readdirSync(PGTAP, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test.sql')).sort();
  const base = (m.file ?? '').split('/').pop().replace(/\.sql$/, '');
  const wanted = [...(m.tests ?? []), base].filter(Boolean);
  const first = all.filter((f) => wanted.some((w) => f === w || f.startsWith(`${w}/`) || f === `${w}.test.sql`));
  return { first, rest: all.filter((f) => !first.includes(f)) };
}

function psql(db, args, input) {
  const r = spawnSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', urlFor(db), ...args], { input, encoding: 'utf8' });
  if (r.status !== 0) throw new Error((r.stderr || r.stdout).trim());
  return r.stdout;
}

let child = null;
/** pg_prove over some files of test/pgtap (or of cwd); resolves to the files that failed (empty: all passed). */
function prove(db, files, cwd = PGTAP) {
  return new Promise((resolve, reject) => {
    if (!files.length) return resolve([]);
    const args = ['--jobs', opts.jobs, '--dbname', db, '--host', admin.hostname, '--port', admin.port || '5432',
                  '--username', decodeURIComponent(admin.username || 'postgres'), '--ext', '.sql', ...files];
    child = spawn('pg_prove', args, {
      cwd,
      env: { ...process.env, PGOPTIONS: '-c statement_timeout=300s' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      child = null;
      if (code === 0) return resolve([]);
      const report = out.split('Test Summary Report')[1] ?? '';
      const failed = [...report.matchAll(/^(\S+\.test\.sql)\s+\(/gm)].map((x) => x[1]);
      resolve(failed.length ? failed : [`pg_prove exited ${code}: ${out.trim().split('\n').slice(-3).join(' | ')}`]);
    });
  });
}

async function withAdmin(fn) {
  const sql = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
const dropDb = (name) => withAdmin((sql) => sql.unsafe(`drop database if exists ${name} with (force)`));
const cloneDb = async () => {
  await dropDb(CLONE);
  await withAdmin((sql) => sql.unsafe(`create database ${CLONE} template ${TEMPLATE}`));
};

async function cleanUp() {
  if (child) child.kill('SIGTERM');
  await dropDb(CLONE).catch(() => {});
  await dropDb(TEMPLATE).catch(() => {});
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    process.stderr.write(`\nmutate: ${sig}: dropping the scratch databases (no file was changed)\n`);
    cleanUp().finally(() => process.exit(130));
  });
}

function selected() {
  return MUTANTS.filter((m) => !opts.only || opts.only.some((o) => m.name.includes(o) || (m.file ?? m.migration).includes(o)));
}

function pad(s, n) {
  s = String(s);
  return s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n);
}

/**
 * --generated: the mechanical mutants of scripts/mutants-generated.mjs, a sample of --sample by --seed, each planted in
 * one clone of the template (create or replace of its function file), the tests that name the function run first,
 * then the rest; the real function is put back before the next. Tests roll back, so one clone serves them all.
 */
async function generatedMain() {
  const all = generateMutants(root);
  // The whole list shuffled by the seed, taken in order until --sample mutants were applied: one PostgreSQL refuses
  // (invalid) is replaced by the next, so the sample is N applied mutants. The shuffle does not depend on N, so a
  // larger N extends a seed's sample and never reorders it.
  // --only TEXT: every mutant whose id contains TEXT (a file's path, say), instead of a sample.
  const picked = opts.only ? all.filter((m) => opts.only.some((o) => m.id.includes(o))) : sample(all, all.length, Number(opts.seed));
  const want = opts.only ? picked.length : Number(opts.sample);
  const eq = equivalents(root);
  process.stderr.write(`mutate: ${all.length} mechanical mutants, a sample of ${want} applied by seed ${opts.seed}\n`);
  if (opts.list) {
    for (const m of picked.slice(0, want)) process.stdout.write(`${m.id}\n`);
    return;
  }
  await dropDb(TEMPLATE);
  await withAdmin((sql) => sql.unsafe(`create database ${TEMPLATE}`));
  const migrate = spawnSync('node', [join(root, 'dist', 'cli.js'), 'migrate', '--quiet'],
                            { env: { ...process.env, DATABASE_URL: urlFor(TEMPLATE) }, encoding: 'utf8' });
  if (migrate.status !== 0) throw new Error(`migrate failed (npm run build first?): ${migrate.stderr}`);
  psql(TEMPLATE, ['-f', join(root, 'test', 'pgtap-setup.sql')]);
  await cloneDb();
  const every = testFiles({}).rest;
  const texts = new Map(every.map((f) => [f, readFileSync(join(PGTAP, f), 'utf8')]));
  if (!process.env.MUTATE_NO_BASELINE) {
    const baseline = await prove(CLONE, every);
    if (baseline.length) throw new Error(`the pgTAP suite fails without any mutant: ${baseline.join(', ')}`);
  }
  const sql = postgres(urlFor(CLONE), { max: 1, onnotice: () => {} });
  const rows = [];
  const t0 = Date.now();
  try {
    let applied = 0;
    for (const [i, m] of picked.entries()) {
      if (applied >= want) break;
      const path = join(root, 'sql', 'functions', m.file);
      const text = readFileSync(path, 'utf8');
      const row = { n: i + 1, m, result: '', by: '' };
      rows.push(row);
      if (text.slice(m.at, m.at + m.find.length) !== m.find) {
        row.result = 'not applicable';
      } else {
        try {
          await sql.unsafe(text.slice(0, m.at) + m.replace + text.slice(m.at + m.find.length));
        } catch (e) {
          row.result = 'invalid';
          row.by = e.message.split('\n')[0];
        }
        if (!row.result) {
          const name = m.file.split('/').pop().replace(/\.sql$/, '');
          const first = every.filter((f) => f.startsWith(`${name}/`) || texts.get(f).includes(`${name}(`));
          // The rest in chunks, stopping at the first that fails: a killed mutant costs a fraction of the suite.
          const rest = every.filter((f) => !first.includes(f));
          let failed = await prove(CLONE, first);
          for (let c = 0; !failed.length && c < rest.length; c += 40) failed = await prove(CLONE, rest.slice(c, c + 40));
          row.result = failed.length ? 'killed' : eq.has(m.id) ? 'equivalent' : 'SURVIVED';
          row.by = failed.length ? failed.slice(0, 3).join(', ') : eq.get(m.id) ?? '';
          applied++;
        }
        await sql.unsafe(text);
      }
      process.stderr.write(`${pad(`${applied}/${want}`, 8)} ${pad(row.result, 15)} ${m.id}\n`);
    }
  } finally {
    await sql.end({ timeout: 5 });
    await dropDb(CLONE);
    await dropDb(TEMPLATE);
  }
  const counted = rows.filter((r) => ['killed', 'SURVIVED', 'equivalent'].includes(r.result));
  const killed = counted.filter((r) => r.result === 'killed').length;
  const equivalent = counted.filter((r) => r.result === 'equivalent').length;
  const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)} %` : 'n/a');
  const kinds = {};
  for (const r of counted) {
    const k = (kinds[r.m.kind] ??= { n: 0, killed: 0 });
    k.n++;
    if (r.result === 'killed') k.killed++;
  }
  process.stdout.write('\nsurvivors:\n');
  for (const r of rows.filter((x) => x.result === 'SURVIVED')) process.stdout.write(`  ${r.m.id}\n`);
  process.stdout.write('equivalent (docs/mutation-equivalents.md):\n');
  for (const r of rows.filter((x) => x.result === 'equivalent')) process.stdout.write(`  ${r.m.id}: ${r.by}\n`);
  process.stdout.write(`\nsample: ${rows.length} of ${all.length} by seed ${opts.seed}; applied ${counted.length}` +
    ` (invalid: ${rows.filter((r) => r.result === 'invalid').length}, not applicable: ${rows.filter((r) => r.result === 'not applicable').length})\n` +
    `killed by pgTAP: ${killed}/${counted.length} = ${pct(killed, counted.length)}; equivalent ${equivalent};` +
    ` killed of the non-equivalent: ${killed}/${counted.length - equivalent} = ${pct(killed, counted.length - equivalent)}\n` +
    `by kind: ${Object.entries(kinds).map(([k, v]) => `${k} ${v.killed}/${v.n}`).join(', ')}\n` +
    `time: ${Math.round((Date.now() - t0) / 1000)} s\n`);
  if (rows.some((r) => r.result === 'SURVIVED')) process.exitCode = 1;
}

/**
 * --generated --proxy: sql/proxy/'s mechanical mutants against test/pgtap-proxy. A proxy and two shard databases;
 * shard init from a scratch tree (dist/, sql/, scripts/, package.json copied, node_modules linked) installs each mutant, and the
 * next mutant's init replaces it (and the real files' init comes first, for the run without a mutant).
 */
async function proxyMain() {
  const all = generateProxyMutants(root);
  // --only TEXT: the mutants whose id contains TEXT, instead of a sample (to see a new test kill one).
  const picked = opts.only ? all.filter((m) => opts.only.some((o) => m.id.includes(o)))
    : sample(all, Number(opts.sample), Number(opts.seed));
  const eq = equivalents(root);
  process.stderr.write(`mutate: ${all.length} mechanical mutants of sql/proxy, a sample of ${picked.length} by seed ${opts.seed}\n`);
  if (opts.list) {
    for (const m of picked) process.stdout.write(`${m.id}\n`);
    return;
  }
  const PROXY = `sb_mutate_${process.pid}_proxy`;
  const SHARDS = [`sb_mutate_${process.pid}_s0`, `sb_mutate_${process.pid}_s1`];
  const PROXY_TESTS = join(root, 'test', 'pgtap-proxy');
  const files = readdirSync(PROXY_TESTS, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test.sql')).sort();
  const scratch = mkdtempSync(join(tmpdir(), 'sb-mutate-proxy-'));
  for (const d of ['dist', 'sql', 'scripts']) cpSync(join(root, d), join(scratch, d), { recursive: true });
  cpSync(join(root, 'package.json'), join(scratch, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'));
  const init = () => spawnSync('node', [join(scratch, 'dist', 'cli.js'), 'shard', 'init', '--json', '--proxy', urlFor(PROXY),
                                        ...SHARDS.flatMap((d) => ['--shard', urlFor(d)])], { encoding: 'utf8' });
  const dropAll = async () => {
    for (const d of [PROXY, ...SHARDS]) await dropDb(d).catch(() => {});
    rmSync(scratch, { recursive: true, force: true });
  };
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => dropAll().finally(() => process.exit(130)));
  const rows = [];
  const t0 = Date.now();
  try {
    for (const d of [PROXY, ...SHARDS]) {
      await dropDb(d);
      await withAdmin((sql) => sql.unsafe(`create database ${d}`));
    }
    const first = init();
    if (first.status !== 0) throw new Error(`shard init failed without any mutant (npm run build first?): ${first.stderr}`);
    psql(PROXY, ['-c', 'create extension if not exists pgtap']);
    if (!process.env.MUTATE_NO_BASELINE) {
      const baseline = await prove(PROXY, files, PROXY_TESTS);
      if (baseline.length) throw new Error(`test/pgtap-proxy fails without any mutant: ${baseline.join(', ')}`);
    }
    for (const [i, m] of picked.entries()) {
      const path = join(scratch, 'sql', m.file);
      const text = readFileSync(join(root, 'sql', m.file), 'utf8');
      const row = { n: i + 1, m, result: '', by: '' };
      rows.push(row);
      if (text.slice(m.at, m.at + m.find.length) !== m.find) {
        row.result = 'not applicable';
      } else {
        const mutated = text.slice(0, m.at) + m.replace + text.slice(m.at + m.find.length);
        // The function alone, created and rolled back where init installs it: PostgreSQL refusing it is "invalid".
        const stmt = mutated.slice(m.stmtStart, m.stmtEnd + m.replace.length - m.find.length)
          .replace(/^create (or replace )?function /i, 'create or replace function ');
        const where = m.file === 'proxy/shard.sql' ? SHARDS[0] : PROXY;
        const sql = postgres(urlFor(where), { max: 1, onnotice: () => {} });
        try {
          await sql.begin(async (tx) => {
            await tx.unsafe(stmt);
            throw Object.assign(new Error('rollback'), { planted: true });
          });
        } catch (e) {
          if (!e.planted) {
            row.result = 'invalid';
            row.by = e.message.split('\n')[0];
          }
        } finally {
          await sql.end({ timeout: 5 });
        }
        if (!row.result) {
          writeFileSync(path, mutated);
          const r = init();
          writeFileSync(path, text);
          if (r.status !== 0) {
            row.result = 'killed';
            row.by = `shard init: ${(r.stderr || r.stdout).trim().split('\n').pop()}`;
          } else {
            const failed = await prove(PROXY, files, PROXY_TESTS);
            row.result = failed.length ? 'killed' : eq.has(m.id) ? 'equivalent' : 'SURVIVED';
            row.by = failed.length ? failed.slice(0, 3).join(', ') : eq.get(m.id) ?? '';
          }
        }
      }
      process.stderr.write(`${pad(`${row.n}/${picked.length}`, 8)} ${pad(row.result, 15)} ${m.id}\n`);
    }
  } finally {
    await dropAll();
  }
  const counted = rows.filter((r) => ['killed', 'SURVIVED', 'equivalent'].includes(r.result));
  const killed = counted.filter((r) => r.result === 'killed').length;
  const equivalent = counted.filter((r) => r.result === 'equivalent').length;
  const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)} %` : 'n/a');
  process.stdout.write('\nsurvivors:\n');
  for (const r of rows.filter((x) => x.result === 'SURVIVED')) process.stdout.write(`  ${r.m.id}\n`);
  process.stdout.write('killed by shard init:\n');
  for (const r of rows.filter((x) => x.by.startsWith('shard init'))) process.stdout.write(`  ${r.m.id}: ${r.by}\n`);
  process.stdout.write('equivalent (docs/mutation-equivalents.md):\n');
  for (const r of rows.filter((x) => x.result === 'equivalent')) process.stdout.write(`  ${r.m.id}: ${r.by}\n`);
  process.stdout.write(`\nsample: ${rows.length} of ${all.length} (sql/proxy) by seed ${opts.seed}; applied ${counted.length}` +
    ` (invalid: ${rows.filter((r) => r.result === 'invalid').length}, not applicable: ${rows.filter((r) => r.result === 'not applicable').length})\n` +
    `killed by test/pgtap-proxy (or shard init): ${killed}/${counted.length} = ${pct(killed, counted.length)}; equivalent ${equivalent};` +
    ` killed of the non-equivalent: ${killed}/${counted.length - equivalent} = ${pct(killed, counted.length - equivalent)}\n` +
    `time: ${Math.round((Date.now() - t0) / 1000)} s\n`);
  if (rows.some((r) => r.result === 'SURVIVED')) process.exitCode = 1;
}

async function main() {
  if (opts.generated && opts.proxy) return proxyMain();
  if (opts.generated) return generatedMain();
  const mutants = selected();
  if (opts.list) {
    for (const m of mutants) {
      const n = countOf(readFileSync(sourceOf(m), 'utf8'), m.find);
      process.stdout.write(`${pad(n === 1 ? 'ok' : n === 0 ? 'NOT FOUND' : `${n} TIMES`, 10)} ${pad(m.file ?? m.migration, 28)} ${m.name}\n`);
    }
    return;
  }
  process.stderr.write(`mutate: ${mutants.length} mutants; migrating the template ${TEMPLATE}\n`);
  await dropDb(TEMPLATE);
  await withAdmin((sql) => sql.unsafe(`create database ${TEMPLATE}`));
  const migrate = spawnSync('node', [join(root, 'dist', 'cli.js'), 'migrate', '--quiet'],
                            { env: { ...process.env, DATABASE_URL: urlFor(TEMPLATE) }, encoding: 'utf8' });
  if (migrate.status !== 0) throw new Error(`migrate failed (npm run build first?): ${migrate.stderr}`);
  psql(TEMPLATE, ['-f', join(root, 'test', 'pgtap-setup.sql')]);

  // The suite must pass on the real code, or a failure says nothing about a mutant.
  await cloneDb();
  const baseline = await prove(CLONE, testFiles({}).rest);
  if (baseline.length) throw new Error(`the pgTAP suite fails without any mutant: ${baseline.join(', ')}`);

  const rows = [];
  const t0 = Date.now();
  for (const [i, m] of mutants.entries()) {
    const where = m.file ?? `migration ${m.migration}`;
    const row = { n: i + 1, m, where, result: '', by: '' };
    rows.push(row);
    const text = readFileSync(sourceOf(m), 'utf8');
    const count = countOf(text, m.find);
    if (count !== 1) {
      row.result = count === 0 ? 'not applicable' : 'ambiguous';
      row.by = count === 0 ? 'its text is no longer in the file' : `its text occurs ${count} times`;
    } else {
      await cloneDb();
      try {
        const sql = postgres(urlFor(CLONE), { max: 1, onnotice: () => {} });
        try {
          await sql.unsafe(plantingSql(m, text.replace(m.find, m.replace)));
        } finally {
          await sql.end({ timeout: 5 });
        }
      } catch (e) {
        row.result = 'invalid';
        row.by = `does not apply: ${e.message.split('\n')[0]}`;
      }
      if (!row.result) {
        const { first, rest } = testFiles(m);
        let failed = await prove(CLONE, opts.full ? [...first, ...rest] : first);
        if (!failed.length && !opts.full) failed = await prove(CLONE, rest);
        row.result = failed.length ? 'killed' : m.equivalent ? 'equivalent' : 'SURVIVED';
        row.by = failed.length ? failed.join(', ') : m.equivalent ?? '';
        if (failed.length && m.equivalent) row.result = 'killed (listed as equivalent: fix the list)';
      }
      await dropDb(CLONE);
    }
    process.stderr.write(`${pad(`${row.n}/${mutants.length}`, 7)} ${pad(row.result, 15)} ${m.name}\n`);
  }
  await dropDb(TEMPLATE);

  const counted = rows.filter((r) => r.result.startsWith('killed') || r.result === 'SURVIVED' || r.result === 'equivalent');
  const killed = counted.filter((r) => r.result.startsWith('killed')).length;
  const equivalent = counted.filter((r) => r.result === 'equivalent').length;
  const issue = counted.filter((r) => r.m.issue);
  const line = (r) => `${pad(r.n, 4)}${pad(r.m.rule ?? '', 14)}${pad(r.where, 30)}${pad(r.result, 16)}${pad(r.m.name, 78)} ${r.by}`;
  process.stdout.write(`\n${pad('#', 4)}${pad('rule', 14)}${pad('file', 30)}${pad('result', 16)}${pad('mutant', 78)} killed by / why\n`);
  for (const r of rows) process.stdout.write(`${line(r)}\n`);
  const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)} %` : 'n/a');
  const summary = [
    `mutants: ${rows.length} (${counted.length} applied; not applicable ${rows.filter((r) => r.result === 'not applicable').length},` +
      ` ambiguous ${rows.filter((r) => r.result === 'ambiguous').length}, invalid ${rows.filter((r) => r.result === 'invalid').length})`,
    `killed by pgTAP: ${killed}/${counted.length} = ${pct(killed, counted.length)}; survivors listed as equivalent: ${equivalent};` +
      ` killed of the non-equivalent: ${killed}/${counted.length - equivalent} = ${pct(killed, counted.length - equivalent)}`,
    `issue 25's ten: ${issue.filter((r) => r.result.startsWith('killed')).length}/${issue.length} killed`,
    `time: ${Math.round((Date.now() - t0) / 1000)} s`,
  ];
  process.stdout.write(`\n${summary.join('\n')}\n`);
  if (opts.markdown) {
    process.stdout.write('\n| # | rule | file | mutant | result | killed by / why |\n|---:|---|---|---|---|---|\n');
    for (const r of rows) {
      const by = r.by.split(', ').map((f) => f.replace(/\.test\.sql$/, '')).join(', ');
      process.stdout.write(`| ${r.n} | ${r.m.rule ?? ''} | \`${r.where}\` | ${r.m.name} | ${r.result} | ${by} |\n`);
    }
  }
  if (rows.some((r) => r.result === 'SURVIVED' || r.result === 'ambiguous' || r.result === 'invalid')) process.exitCode = 1;
}

main().catch(async (e) => {
  process.stderr.write(`mutate: ${e.stack ?? e}\n`);
  await cleanUp();
  process.exit(2);
});

