#!/usr/bin/env node
// The `switchboard` command: serve, start (with embedded Postgres), worker, mcp (stdio), migrate, owner, endpoint and
// shard.
import { Command, CommanderError } from 'commander';
import { registerAdminCommands } from './cli/admin.js';
import { err, HintedError } from './cli/io.js';
import { registerQueueCommands } from './cli/queues.js';
import { registerScheduleCommands } from './cli/schedules.js';
import { registerServeCommands } from './cli/serve.js';
import { registerShardCommands } from './cli/shard.js';
import { ConfigError } from './config.js';
import { toCallerError } from './errors.js';

function build(): Command {
  const program = new Command('switchboard')
    .description('A dispatch queue for AI agents inside PostgreSQL, with attempt history.')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');
  registerServeCommands(program);
  registerAdminCommands(program);
  registerShardCommands(program);
  registerQueueCommands(program);
  registerScheduleCommands(program);
  return program;
}

async function main(argv: string[]): Promise<number> {
  const program = build();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version end here too, successfully; a usage error is status 2.
      return e.exitCode === 0 ? 0 : 2;
    }
    if (e instanceof ConfigError) {
      err(`switchboard: ${e.message}`);
      return 2;
    }
    if (e instanceof HintedError) {
      err(`switchboard: ${e.message}\n  ${e.hint}`);
      return 1;
    }
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^SB\d{3}$/.test(code)) {
      const ce = toCallerError(e);
      err(`switchboard: ${ce.message}${ce.hint ? `\n  ${ce.hint}` : ''}`);
      return 1;
    }
    err(`switchboard: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: Error) => {
    err(`switchboard: ${e.message}`);
    process.exit(1);
  },
);
