// graphile-migrate's migrate(), run in a worker thread by src/migrate.ts so that its process.exit(1) ends only this thread.
//
// graphile-migrate 1.4.1 keeps a pg Pool per connection string for 200 ms after each use, and that pool's 'error'
// handler calls process.exit(1): a connection of it cut in that window (a database dropped with (force), Postgres
// stopping, a failover) would end whichever process runs it. Node documents that process.exit() in a worker thread
// stops only that thread, so here it can end nothing but this worker. The settings arrive as workerData (plain data:
// the caller's Logger stays on its side); each log line is posted back as { log: { level, message } }, then
// { done: true } or { error: { message, code, stack } }. The thread then ends by itself once graphile-migrate has closed its pool.
import { parentPort, workerData } from 'node:worker_threads';
import { Logger, migrate } from 'graphile-migrate';

const logger = new Logger(() => (level, message) => parentPort.postMessage({ log: { level, message: String(message) } }));

try {
  await migrate({ ...workerData.settings, logger }, false, false);
  parentPort.postMessage({ done: true });
} catch (err) {
  const e = err instanceof Error ? err : new Error(String(err));
  parentPort.postMessage({ error: { message: e.message, code: e.code, stack: e.stack } });
}
