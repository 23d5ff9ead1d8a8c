// MCP tool clock_out: the agent clocks its own endpoint out (presence, ADR-0027: presence gates doorbells, never history).
import { z } from 'zod';
import { presenceOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const clockOut = defineTool({
  name: 'clock_out',
  title: 'Clock out',
  description:
    'Stop taking work: no doorbell rings for your endpoint until clock_in (a long poll ends ' +
    'at its deadline). Claims still work; what you hold stays yours.',
  input: z.strictObject({}),
  output: presenceOutput,
  annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (_args, c) => c.agent.clockOut({}),
});
