// `--scale`: claim latency at 10k vs 1M pending todos, reap of 100k lapsed leases, prune of 1M terminal todos.
import type { Ctx } from './lib/contender.js';

export async function runScale(_ctx: Ctx, _quick: boolean, log: (m: string) => void, _out: string): Promise<unknown> {
  log('scale: not implemented yet');
  return null;
}
