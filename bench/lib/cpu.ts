// CPU accounting for a measured window: this Node process, the contender's Postgres backends, and the whole machine.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const TICK = 100; // USER_HZ: /proc reports clock ticks of 1/100 s on Linux.

function machineTicks(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + (f[4] ?? 0);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

function pidTicks(pid: number): number {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]); // utime + stime
  } catch {
    return 0; // the backend ended or lives on another host
  }
}

export interface CpuWindow {
  /** Node (the benchmark's clients): percent of one core. */
  client_pct_of_core: number;
  /** The contender's own Postgres backends (pids seen at the start): percent of one core; null if not local. */
  backends_pct_of_core: number | null;
  /** A server process between clients and Postgres (the MCP server): percent of one core; null if none. */
  server_pct_of_core: number | null;
  /** The whole machine busy, percent of all cores (includes anything else running). */
  machine_busy_pct: number | null;
  cores: number;
}

export class CpuSampler {
  private t0 = 0;
  private node0 = process.cpuUsage();
  private m0: ReturnType<typeof machineTicks> = null;
  private b0 = 0;
  private pids: number[] = [];
  private server: number | null = null;
  private s0 = 0;

  start(pids: number[], serverPid: number | null = null): void {
    this.pids = pids;
    this.server = serverPid;
    this.s0 = serverPid ? pidTicks(serverPid) : 0;
    this.t0 = performance.now();
    this.node0 = process.cpuUsage();
    this.m0 = machineTicks();
    this.b0 = pids.reduce((a, p) => a + pidTicks(p), 0);
  }

  stop(): CpuWindow {
    const wallMs = performance.now() - this.t0;
    const node = process.cpuUsage(this.node0);
    const m1 = machineTicks();
    const b1 = this.pids.reduce((a, p) => a + pidTicks(p), 0);
    const backendTicks = b1 - this.b0;
    const serverTicks = this.server ? pidTicks(this.server) - this.s0 : 0;
    return {
      client_pct_of_core: round1(((node.user + node.system) / 1000 / wallMs) * 100),
      backends_pct_of_core: this.pids.length && backendTicks > 0 ? round1(((backendTicks * (1000 / TICK)) / wallMs) * 100) : null,
      server_pct_of_core: this.server ? round1(((serverTicks * (1000 / TICK)) / wallMs) * 100) : null,
      machine_busy_pct:
        this.m0 && m1 && m1.total > this.m0.total
          ? round1(((m1.busy - this.m0.busy) / (m1.total - this.m0.total)) * 100)
          : null,
      cores: cpus().length,
    };
  }
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
