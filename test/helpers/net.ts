// A free TCP port on 127.0.0.1, for the tests that start a server or an embedded Postgres of their own.
import { createServer } from 'node:net';

/** A port nothing listens on now (the OS picks it; it is closed again before this resolves). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
