// One 'close' listener per response for everything the front door gives back when a request ends (its address's
// place, its body bytes, its call slots, its in-flight count, a long poll's cancel): a `once` listener each cost a
// bound wrapper, an array splice at emit and a removeListener, five times per request on the MCP hot path.
import type { ServerResponse } from 'node:http';

const HOOKS = Symbol('close hooks');
type Hooked = ServerResponse & { [HOOKS]?: (() => void)[] };

/**
 * Runs `fn` once when the response closes (answered, or its client gone), after the hooks registered before it, as
 * `res.once('close', fn)` would. A response that has already closed never runs it (check `gone(res)` first).
 */
export function onClose(res: ServerResponse, fn: () => void): void {
  const r = res as Hooked;
  const hooks = r[HOOKS];
  if (hooks) {
    hooks.push(fn);
    return;
  }
  const all = [fn];
  r[HOOKS] = all;
  res.on('close', () => {
    // A hook added while these run (none is today) runs too: the loop reads the length each time.
    for (let i = 0; i < all.length; i++) all[i]();
  });
}
