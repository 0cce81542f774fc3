/** Load generation with autocannon's programmatic API, reduced to the numbers the table shows. */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { repoRoot } from './server-process';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers together. */
  errors: number;
  requests: number;
  durationS: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationS: number;
  requests?: autocannon.Request[];
  headers?: Record<string, string>;
  /** Requests per second over all connections; unset: as fast as the server answers. */
  overallRate?: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS,
    timeout: 10,
    headers: options.headers,
    requests: options.requests,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  });
  // Under a rate limit autocannon adds latency samples for requests it held back (coordinated
  // omission), so the latency count is no longer the number of requests answered.
  const completed = options.overallRate ? result.requests.total : result.latency.totalCount;
  return {
    requestsPerSecond: result.duration > 0 ? completed / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: completed,
    durationS: result.duration,
  };
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
