// Connection admission under a crowd, through real sockets: past SWITCHBOARD_MAX_CONNECTIONS less the reserve, a new
// connection that shows no credential in time is closed (counted), one without a credential is answered and closed,
// and a credentialed client still gets in while the crowd holds the rest.
import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import t, { type Test } from 'tap';
import { fixture } from '../mcp/helpers.js';
import { until } from '../worker/helpers.js';
import { post, serve, toolsList } from './helpers.js';

type Tap = Test;

/** A server of 12 connections with a reserve of 8 (crowded past 4), and a way to open idle connections to it. */
async function crowdedServer(t: Tap, deadlineMs: string) {
  const f = await fixture(t);
  const a = await f.vend(await f.owner('alice'), 'a');
  const server = await serve(t, f, {
    SWITCHBOARD_MAX_CONNECTIONS: '12',
    SWITCHBOARD_HTTP_CONNECTION_RESERVE: '8',
    SWITCHBOARD_HTTP_CROWDED_DEADLINE_MS: deadlineMs,
  });
  const held: Socket[] = [];
  t.teardown(() => held.forEach((s) => s.destroy()));
  const crowd = async (n: number) => {
    for (let i = 0; i < n; i++) {
      held.push(await new Promise<Socket>((resolve, reject) => {
        const s = connect({ port: server.port, host: '127.0.0.1' }, () => resolve(s));
        s.on('error', reject);
      }));
    }
  };
  return { a, server, door: server.door, crowd };
}

t.test('idle connections past the unreserved ones are closed at their deadline, counted', async (t) => {
  const { door, crowd } = await crowdedServer(t, '200');
  await crowd(10);
  await until(async () => door.crowd.connections <= 4, 'the crowd beyond the unreserved four closed');
  t.equal(door.throttled.crowded_without_credential, 6, 'the six past the unreserved connections closed for showing nothing, counted');
  t.equal(door.crowd.connections, 4, 'the first four, opened before the crowd, stay');
});

t.test('while crowded, a credentialed request is answered and a credential-less one answered and closed', async (t) => {
  // A deadline no test run reaches: the crowd stays for the whole test.
  const { a, server, door, crowd } = await crowdedServer(t, '60000');
  await crowd(10);
  t.equal(door.crowd.connections, 10, 'ten idle connections held');
  const honest = await post(server.url, a.credential, toolsList);
  t.equal(honest.status, 200, 'a credentialed request is answered');
  // A fresh connection (no pooled one), opened while the crowd is past the unreserved connections.
  const bare = await new Promise<{ status?: number; connection?: string }>((resolve, reject) => {
    get({ host: '127.0.0.1', port: server.port, path: '/healthz', agent: false }, (res) => {
      res.resume();
      resolve({ status: res.statusCode, connection: res.headers.connection });
    }).on('error', reject);
  });
  t.equal(bare.status, 200, 'a request without a credential is answered');
  t.equal(bare.connection, 'close', 'and its connection closed, not kept alive');
});
