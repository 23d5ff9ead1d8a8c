// `switchboard mcp`: one MCP session over stdin/stdout for the endpoint SWITCHBOARD_CREDENTIAL names.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { AppContext } from '../context.js';
import { createMcpServer } from './server.js';

/**
 * Authenticates the credential once (forbidden is thrown to the caller), then serves until stdin closes.
 * Every tool call still goes through the SQL verb check, so a credential revoked mid-session stops working.
 * Resolves when the client disconnects. There is no MCP session id on stdio, so attempts record null.
 */
export async function serveStdio(ctx: AppContext, credential: string): Promise<void> {
  const endpoint = await ctx.ledger.authenticate(credential);
  const server = createMcpServer({ ...ctx, endpoint, credential });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  ctx.log.info({ endpoint_id: endpoint.endpoint_id, agent_id: endpoint.agent_id }, 'mcp over stdio');
  await closed;
  await server.close().catch(() => {});
}
