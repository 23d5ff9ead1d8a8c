// LISTEN on a pool's database and, when that database is a sharded cluster's proxy (docs/scale-out.md), on every
// shard too: transitions NOTIFY on the shard that holds the todo, and a server talks to the proxy.
import postgres from 'postgres';
import { LONG_LIVED } from './db.js';

export interface Listening {
  /** Stops listening everywhere (and closes the shard connections this listen opened). */
  unlisten(): Promise<void>;
}

/**
 * The shards' listen URLs when `sql` is a proxy (switchboard_agent.shard_listeners exists only there), else none.
 * The pool must hold switchboard_agent, as the server's does.
 */
export async function shardListenUrls(sql: postgres.Sql): Promise<string[]> {
  const [{ sharded }] = await sql<{ sharded: boolean }[]>`
    select to_regprocedure('switchboard_agent.shard_listeners()') is not null as sharded`;
  if (!sharded) return [];
  return (await sql<{ url: string }[]>`select url from switchboard_agent.shard_listeners() url`).map((r) => r.url);
}

/** The NOTIFY channel on the proxy by which `shard move` says the shards changed (src/shard-move.ts). */
export const SHAPE_CHANNEL = 'switchboard_shard_shape';

/**
 * sql.listen(channel, fn, onListen), and on a proxy the same on a connection of its own to each shard, where
 * onListen is called after a shard's re-LISTEN (its reconnect), not its first. A shard that cannot be reached now is
 * skipped (what it would have signalled is learned as without signals); the pool's own LISTEN failing throws. When
 * the proxy says the shape changed (a partition moved to a new database), the new shards are listened on too, and
 * onListen called (what they signalled meanwhile is re-read), with no restart.
 */
export async function listenEverywhere(
  sql: postgres.Sql,
  channel: string,
  fn: (payload: string) => void,
  onListen?: () => void,
  /** The connection to LISTEN on instead of the pool's own (the doorbell's, which it replaces when it goes deaf). */
  listener?: postgres.Sql,
): Promise<Listening> {
  const main = await (listener ?? sql).listen(channel, fn, onListen);
  const clients = new Map<string, postgres.Sql>();
  let ended = false;
  const add = async (urls: string[]) => {
    if (ended) return 0; // a shape change heard as it ended: open nothing nobody would close
    const fresh = urls.filter((u) => !clients.has(u));
    for (const url of fresh) clients.set(url, postgres(url, { max: 1, onnotice: () => {}, ...LONG_LIVED, connect_timeout: 5 }));
    await Promise.allSettled(fresh.map((url) => {
      let listened = false;
      return clients.get(url)!.listen(channel, fn, () => {
        if (listened) onListen?.();
        listened = true;
      });
    }));
    return fresh.length;
  };
  const urls = await shardListenUrls(sql);
  await add(urls);
  // On the caller's listener too: when the doorbell replaces a deaf one, the shape is listened for again (and the
  // shards re-read) with it.
  const shape = urls.length
    ? await (listener ?? sql).listen(SHAPE_CHANNEL, () => {
      if (ended) return;
      void shardListenUrls(sql).then(add).then((n) => {
        if (n) onListen?.();
      }, () => {});
    })
    : null;
  return {
    async unlisten() {
      ended = true;
      await Promise.allSettled([...clients.values()].map((c) => c.end({ timeout: 2 })));
      // A listener of the caller's is the caller's to end (an UNLISTEN on one that has lost its database would hang).
      if (!listener) {
        await main.unlisten();
        await shape?.unlisten();
      }
    },
  };
}
