/** Starting, watching and stopping the real built server (apps/server/dist/main.js) as a child. */
import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
/**
 * The built server. BENCH_SERVER_ENTRY runs another build instead (say, of the commit before a
 * change, built elsewhere) against the same seed, for a before/after in the same minutes.
 */
const otherEntry = process.env.BENCH_SERVER_ENTRY;
const serverEntry = otherEntry ?? path.join(repoRoot, 'apps/server/dist/main.js');

export function newestMtime(target: string): number {
  let newest = 0;
  const stack = [target];
  while (stack.length > 0) {
    const current = stack.pop()!;
    const stat = fs.statSync(current, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(current)) stack.push(path.join(current, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  }
  return newest;
}

/** Builds the server bundle when it is missing or older than its sources (esbuild: a second). */
/** `npm run build` in one workspace, its output captured. */
export function buildWorkspace(workspace: string) {
  return spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: repoRoot,
    stdio: 'pipe',
    encoding: 'utf8',
  });
}

export function ensureServerBuilt(log: (line: string) => void): void {
  if (otherEntry) {
    log(`server: ${otherEntry} (BENCH_SERVER_ENTRY)`);
    return;
  }
  const builtAt = fs.statSync(serverEntry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = ['apps/server/src', 'packages/contracts/src'].map((folder) =>
    newestMtime(path.join(repoRoot, folder)),
  );
  if (builtAt >= Math.max(...sources)) return;
  log('building apps/server (dist is missing or stale)...');
  const result = buildWorkspace('apps/server');
  if (result.status !== 0) {
    throw new Error(`server build failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/** Resident memory of a process in bytes (Linux /proc, `ps` elsewhere). */
export function residentBytes(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    if (match?.[1]) return Number(match[1]) * 1024;
  } catch {
    // not Linux, or the process is gone
  }
  const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
  const kb = Number(ps.stdout.trim());
  return ps.status === 0 && kb > 0 ? kb * 1024 : null;
}

/** CPU seconds a process has used so far (user + system), or null where /proc is missing. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100;
  } catch {
    return null;
  }
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Milliseconds from spawn until /readyz answered 200. */
  readyMs: number;
  /** Waits until the server's CPU use stays near zero (start-up work such as the orphan sweep). */
  waitUntilIdle(maxMs?: number): Promise<number>;
  /** The last lines the server printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
  env?: Record<string, string>;
}

const running = new Set<ChildProcess>();

/** Kills every server still running (on Ctrl-C or a crash of the bench). */
export function killAllServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    // The configuration `npm start` ships: default logging (one line per request) and rate limits
    // on. Only start-up maintenance (the sweep and variant backfill a minute after start) is
    // off: it is not request work, and would land in the middle of a measurement.
    SWEEP_ON_START: 'false',
    DEMO: 'false',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;

  const started = performance.now();
  // The log goes to a file, as under a service manager: piping it into this process would make
  // the load generator pay for reading every line.
  const logFile = path.join(options.dataDir, 'server.log');
  const logFd = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', logFd, logFd],
  });
  fs.closeSync(logFd);
  running.add(child);
  const output = () => {
    try {
      const text = fs.readFileSync(logFile, 'utf8');
      return text.slice(-4000);
    } catch {
      return '';
    }
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));

  const url = `http://127.0.0.1:${options.port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${output()}`);
    if (performance.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after 120 s:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  const readyMs = performance.now() - started;
  const pid = child.pid!;

  return {
    url,
    pid,
    readyMs,
    async waitUntilIdle(maxMs = 180_000) {
      const since = performance.now();
      let quietSamples = 0;
      let previous = cpuSeconds(pid);
      if (previous === null) return 0;
      while (quietSamples < 2 && performance.now() - since < maxMs) {
        await sleep(500);
        const current = cpuSeconds(pid);
        if (current === null) break;
        quietSamples = current - previous <= 0.02 ? quietSamples + 1 : 0;
        previous = current;
      }
      return performance.now() - since;
    },
    output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killTimer);
    },
  };
}
