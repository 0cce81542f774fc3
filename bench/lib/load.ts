/**
 * Load generation with autocannon in a process of its own, reduced to the numbers the table
 * shows. Not in the orchestrating process: there its request callbacks and the bench's own work
 * shared one event loop and one core with the measurement, and the generator, not the server,
 * set the ceiling (an outside run read 47,000 req/s where the bench read 5,000–7,500).
 */
import type { ChildProcess } from 'node:child_process';
import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './server-process';

/** One request as data, so it can cross to the generator's process. */
export interface RequestSpec {
  method: string;
  path: string;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers together. */
  errors: number;
  requests: number;
  durationS: number;
  /** CPU the generator's process used per second of the run (1 = one core busy throughout). */
  generatorCpu: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationS: number;
  /**
   * Fixed requests, made in turn by every connection: autocannon builds each once, so the
   * generator spends nothing per request on making it. Unset: GET `url`.
   */
  requests?: RequestSpec[];
  /**
   * Requests that must go together (a like, then its unlike): each connection takes the next
   * group of all connections' shared turn, and makes its requests in order.
   */
  groups?: RequestSpec[][];
  headers?: Record<string, string>;
  /** Requests per second over all connections; unset: as fast as the server answers. */
  overallRate?: number;
}

/** At most this many groups cross to the generator; the turn starts again after the last. */
export const maxGroups = 20_000;

/** Runs the load in bench/lib/load-process.mjs and answers what it measured. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const child = fork(path.join(repoRoot, 'bench/lib/load-process.mjs'), [], {
    cwd: repoRoot,
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  try {
    return await new Promise<LoadResult>((resolve, reject) => {
      child.once('message', (message: { result?: LoadResult; error?: string }) => {
        if (message.result) resolve(message.result);
        else reject(new Error(message.error ?? 'the load generator answered nothing'));
      });
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)));
      child.send({ ...options, groups: options.groups?.slice(0, maxGroups) });
    });
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
}

/** The groups of `count` turns, turn n made by `make(n)`: for request sequences as data. */
export function turns<T>(count: number, make: (turn: number) => T): T[] {
  return Array.from({ length: Math.min(count, maxGroups) }, (_, turn) => make(turn));
}

/** Starts bench/ceiling-server.ts in its own process, answering `body` on `port`. */
export async function startCeiling(
  port: number,
  body: Buffer,
): Promise<{ url: string; stop(): Promise<void> }> {
  const bodyFile = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-ceiling-')),
    'page.json',
  );
  fs.writeFileSync(bodyFile, body);
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'bench/ceiling-server.ts'), String(port), bodyFile],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`ceiling server exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(path.dirname(bodyFile), { recursive: true, force: true });
    },
  };
}
