// Whether the server's port can be listened on, asked before anything slow starts (an embedded Postgres's initdb).
import { createServer } from 'node:net';
import { ConfigError } from '../config.js';

/**
 * Listens on host:port for a moment; when that is refused, throws a ConfigError naming the setting to change, so
 * the user reads which port and what to do instead of a raw EADDRINUSE after Postgres has started. Port 0 is
 * always free. Something may still take the port between this check and the real listen; that is rare, and the
 * server then fails as before.
 */
export async function assertCanListen(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const code = await new Promise<string | null>((done) => {
    const s = createServer();
    s.once('error', (e: NodeJS.ErrnoException) => done(e.code ?? 'error'));
    s.listen(port, host, () => s.close(() => done(null)));
  });
  if (code === null) return;
  if (code === 'EADDRINUSE') {
    throw new ConfigError(
      'SWITCHBOARD_PORT',
      `${port} on ${host} is in use: stop what listens there, or choose another port with --port or SWITCHBOARD_PORT ` +
        '(0 picks a free one)',
    );
  }
  if (code === 'EACCES') {
    throw new ConfigError('SWITCHBOARD_PORT', `${port} on ${host} needs privileges this user lacks: choose a port above 1023`);
  }
  throw new ConfigError('SWITCHBOARD_HOST', `cannot listen on ${host} (${code}): give an address of this machine with --host`);
}
