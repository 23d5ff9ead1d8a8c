// Backend CPU and WAL per raw claim+complete cycle for physical layouts of the todo (bench/prototypes/layouts/): the
// statements of variants.json, each variant on its own connection, interleaved in blocks of 100 cycles (the order
// reversed every other round), medians printed. No PL/pgSQL, no row rules, no triggers: the layout's own cost.
//   psql -c 'create database sb_layouts' && psql -d sb_layouts -f bench/prototypes/layouts/layouts.sql
//   node bench/prototypes/layouts/raw.mjs postgres://postgres@127.0.0.1:5432/sb_layouts bench/prototypes/layouts/variants.json 30
import { readFileSync } from 'node:fs';
import postgres from 'postgres';

const url = process.argv[2];
const variants = JSON.parse(readFileSync(process.argv[3], 'utf8'));
const rounds = Number(process.argv[4] ?? 20);
const admin = postgres(url, { max: 1, onnotice: () => {} });
const cpu = (pid) => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
const sides = [];
for (const v of variants) {
  const sql = postgres(url, { max: 1, prepare: true, onnotice: () => {}, connection: { synchronous_commit: 'off' } });
  const [{ pid }] = await sql`select pg_backend_pid() as pid`;
  sides.push({ ...v, sql, pid, cpu: [], wal: [] });
}
for (let r = 0; r < rounds; r++) {
  for (const s of r % 2 ? [...sides].reverse() : sides) {
    const [{ l: l0 }] = await admin`select pg_current_wal_insert_lsn() as l`;
    const c0 = cpu(s.pid);
    for (let i = 0; i < 100; i++) {
      const rows = await s.sql.unsafe(s.claim, [], { prepare: true });
      await s.sql.unsafe(s.complete, [rows[0].id], { prepare: true });
    }
    s.cpu.push((cpu(s.pid) - c0) / 100 / 1000);
    const [{ d }] = await admin`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), ${l0}::pg_lsn)::int as d`;
    s.wal.push(d / 100);
  }
}
const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const p20 = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 5)];
for (const s of sides) {
  console.log(`${s.name.padEnd(20)} cpu/cycle median ${med(s.cpu).toFixed(0)} µs  p20 ${p20(s.cpu).toFixed(0)} µs  WAL/cycle ${med(s.wal).toFixed(0)} B`);
}
for (const s of sides) await s.sql.end();
await admin.end();
