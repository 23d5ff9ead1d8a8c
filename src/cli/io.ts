// What every `switchboard` command shares: output, the path to run the CLI again, and an error with a CLI hint.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidArgumentError } from 'commander';

/** dist/cli.js, the entry point, for the commands and client configs we print. */
export const CLI_PATH = fileURLToPath(new URL('../cli.js', import.meta.url));

export const out = (s: string): void => void process.stdout.write(`${s}\n`);
export const err = (s: string): void => void process.stderr.write(`${s}\n`);

/** How to run this CLI from the current folder, for the commands we print. */
export function selfCommand(): string {
  const rel = relative(process.cwd(), CLI_PATH);
  return `node ${rel.startsWith('..') ? CLI_PATH : rel}`;
}

/**
 * A ledger error as the CLI tells it: the database's message with a hint that names a CLI command where the
 * database's names a SQL function (the hint is for whoever reads it, and a CLI user types commands). Exits 1.
 */
export class HintedError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/** A commander option parser for a port number. */
export function parsePort(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new InvalidArgumentError('must be a port number 0-65535');
  return n;
}

/** A commander option parser for a whole number (the database checks its range). */
export function wholeNumber(v: string): number {
  if (!/^\d{1,7}$/.test(v)) throw new InvalidArgumentError('a whole number');
  return Number(v);
}
