#!/usr/bin/env node
// The `switchboard` command: migrate (more commands are added by the surfaces that need them).
import { migrateDatabase } from './migrate.js';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'migrate': {
      const url = process.env.DATABASE_URL;
      if (!url) {
        process.stderr.write('DATABASE_URL: required (a postgres:// URL of the database to migrate)\n');
        return 2;
      }
      await migrateDatabase(url, { quiet: rest.includes('--quiet') });
      return 0;
    }
    default:
      process.stdout.write('usage: switchboard migrate [--quiet]\n');
      return command ? 2 : 0;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    process.stderr.write(`switchboard: ${err.message}\n`);
    process.exit(1);
  },
);
