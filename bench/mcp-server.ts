// Child process for the MCP contender: Switchboard's own HTTP server (src/server.ts) on a free loopback port.
// It runs apart from the benchmark's clients so the server has its own event loop, as in a deployment.
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const server = await startServer({ config, host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ url: `${server.url}/mcp` })}\n`);
process.on('SIGTERM', () => {
  void server.stop(2000).then(() => process.exit(0));
});
