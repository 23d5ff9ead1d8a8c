// Child process for the MCP contender: Switchboard's own HTTP server (src/server.ts) on a free loopback port.
// It runs apart from the benchmark's clients so the server has its own event loop, as in a deployment.
//
// bench/mcp-profile.ts also sets MCP_BENCH_LOG_LEVEL (info: the production level, lines to stderr) and
// MCP_BENCH_CPU_PROFILE=<file>, with which the lines "profile start" / "profile stop" on stdin start and stop V8's
// sampling profiler, so the profile holds only the measured calls, not start-up or warm-up.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createInterface } from 'node:readline';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/log.js';
import { startServer } from '../src/server.js';

const level = process.env.MCP_BENCH_LOG_LEVEL ?? 'silent';
// The benchmark's clients share one credential, and it measures what the server can answer, not what one credential
// is allowed: the request rate per credential is out of reach unless the environment sets it.
const config = loadConfig({
  SWITCHBOARD_HTTP_REQUESTS_PER_SECOND: '1000000',
  SWITCHBOARD_HTTP_REQUEST_BURST: '1000000',
  ...process.env,
  LOG_LEVEL: level,
});
const log = createLogger({ level, destination: 2 });
const server = await startServer({ config, host: '127.0.0.1', port: 0, log });
process.stdout.write(`${JSON.stringify({ url: `${server.url}/mcp` })}\n`);
process.on('SIGTERM', () => {
  void server.stop(2000).then(() => process.exit(0));
});

const profileFile = process.env.MCP_BENCH_CPU_PROFILE;
if (profileFile) {
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
  createInterface({ input: process.stdin }).on('line', (line) => {
    void (async () => {
      if (line === 'profile start') await inspector.post('Profiler.start');
      if (line === 'profile stop') {
        const { profile } = await inspector.post('Profiler.stop');
        writeFileSync(profileFile, JSON.stringify(profile));
      }
      process.stdout.write(`${line}: done\n`);
    })();
  });
}
