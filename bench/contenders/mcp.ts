// Contender "switchboard-mcp": claim_next + complete as MCP tool calls over Streamable HTTP, when the server exists.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Contender } from '../lib/contender.js';

/**
 * The MCP row needs src/server.ts (the MCP server). Until it has landed the row is not measured and the report
 * says so; it is never filled with a stand-in.
 */
export async function loadMcpContender(root: string): Promise<{ contender: Contender | null; reason: string }> {
  if (!existsSync(join(root, 'src', 'server.ts'))) {
    return { contender: null, reason: 'TODO: src/server.ts (the MCP server over Streamable HTTP) does not exist yet' };
  }
  return { contender: null, reason: 'TODO: src/server.ts exists but the MCP contender is not wired to it yet' };
}
