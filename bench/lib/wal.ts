// WAL written by one database between two LSNs, read with pg_waldump when the server is local and its pg_wal readable.
//
// pg_current_wal_lsn() differences are cluster-wide: on a shared server they count everybody's writes. pg_waldump
// names the database of every block reference, so records touching this database (and the commit records of the
// transactions that wrote them) can be summed on their own, with their full-page images apart.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Sql } from './db.js';

export interface WalBytes {
  /** Bytes of this database's records (full-page images included) and of their transactions' commits. */
  total: number;
  /** Of it, the full-page images. */
  fpi: number;
  /** B-tree leaf insertions (INSERT_LEAF records): the index entries written. */
  btreeInserts: number;
}

export interface WalReader {
  /** Bytes (records + full-page images), full-page-image bytes and B-tree inserts of this database in [from, to). */
  bytes(from: string, to: string): Promise<WalBytes | null>;
}

export async function walReader(sql: Sql): Promise<WalReader | null> {
  try {
    const [r] = await sql`
      select current_setting('data_directory') as dir, current_setting('server_version_num')::int / 10000 as major,
             (select oid::text from pg_database where datname = current_database()) as db`;
    const bin = `/usr/lib/postgresql/${r.major}/bin/pg_waldump`;
    const walDir = `${r.dir}/pg_wal`;
    if (!existsSync(bin)) return null;
    accessSync(walDir, constants.R_OK);
    return { bytes: (from, to) => dump(bin, walDir, String(r.db), from, to) };
  } catch {
    return null; // remote server, or no permission: fall back to the cluster-wide LSN difference
  }
}

const LEN = /len \(rec\/tot\):\s*(\d+)\/\s*(\d+), tx:\s*(\d+)/;

function dump(bin: string, walDir: string, db: string, from: string, to: string): Promise<WalBytes | null> {
  return new Promise((resolve) => {
    const p = spawn(bin, ['-p', walDir, '-s', from, '-e', to], { stdio: ['ignore', 'pipe', 'ignore'] });
    const mine = ` rel 1663/${db}/`;
    const txs = new Set<string>();
    const commits = new Map<string, number>();
    let total = 0;
    let fpi = 0;
    let btreeInserts = 0;
    const rl = createInterface({ input: p.stdout });
    rl.on('line', (line) => {
      const m = LEN.exec(line);
      if (!m) return;
      const rec = Number(m[1]);
      const tot = Number(m[2]);
      if (line.includes(mine)) {
        total += tot;
        fpi += tot - rec;
        txs.add(m[3]);
        if (line.startsWith('rmgr: Btree') && line.includes('desc: INSERT_LEAF')) btreeInserts++;
      } else if (line.startsWith('rmgr: Transaction')) {
        commits.set(m[3], (commits.get(m[3]) ?? 0) + tot);
      }
    });
    p.on('close', (code) => {
      if (code !== 0 && total === 0) return resolve(null);
      for (const [tx, b] of commits) if (txs.has(tx)) total += b;
      resolve({ total, fpi, btreeInserts });
    });
    p.on('error', () => resolve(null));
  });
}
