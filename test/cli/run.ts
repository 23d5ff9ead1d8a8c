// Runs the built CLI (dist/cli.js) as a child process and collects its output.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node dist/cli.js ...args` with env on top of a clean environment, killed if it outlives timeoutMs. */
export function runCli(args: string[], env: Record<string, string | undefined> = {}, timeoutMs = 60_000): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const base = { PATH: process.env.PATH, HOME: process.env.HOME };
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
