/** The run's options, its log, what it cleans up at the end, and helpers every job shares. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { LoadResult } from '../lib/load';
import type { LoadSettings } from '../lib/scenarios';
import { killAllServers, repoRoot } from '../lib/server-process';
import type { Row } from '../lib/table';
import type { Size } from './sizes';
import { sizes } from './sizes';

export const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    tiny: { type: 'boolean', default: false },
    postgres: { type: 'boolean', default: false },
    posts: { type: 'string' },
    users: { type: 'string' },
    likes: { type: 'string' },
    comments: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string', default: '50' },
    out: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'no-web-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log(
    'usage: npm run bench -- [--quick] [--tiny] [--postgres] [--posts N --users N --likes N ' +
      '--comments N] [--duration S] [--connections N] [--out file.json] [--keep] [--no-web-build] ' +
      '[--only sqlite|postgres]',
  );
  process.exit(0);
}

export const mode = args.tiny ? 'tiny' : args.quick ? 'quick' : 'full';
export const size: Size = { ...sizes[mode] };
const override = (name: 'posts' | 'users' | 'likes' | 'comments') => {
  const value = args[name];
  if (value !== undefined) size[name] = Number(value.replace(/_/g, ''));
};
override('posts');
override('users');
override('likes');
override('comments');
if (args.posts !== undefined && args.tiny === false) {
  // Keep the deep page at the same relative depth as page 500 of 100 000 posts.
  size.deepPage = Math.max(2, Math.round((500 * size.posts) / 100_000));
}
if (args.duration !== undefined) size.durationS = Number(args.duration);
export const settings: LoadSettings = {
  connections: Number(args.connections),
  durationS: size.durationS,
};
/** `--only` picks one database; `--postgres` adds PostgreSQL to SQLite. */
export const runsSqlite = args.only !== 'postgres';
export const runsPostgres = args.postgres || args.only === 'postgres';
export const outFile = path.resolve(args.out ?? path.join(repoRoot, 'bench/results/latest.json'));

export const runStarted = performance.now();
export function log(message: string): void {
  const seconds = ((performance.now() - runStarted) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${seconds}s] ${message}\n`);
}

// --- cleanup, also on Ctrl-C ---
const temporaryDirs: string[] = [];
export const cleanups: (() => Promise<void> | void)[] = [];
let cleaned = false;
export async function cleanUp(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  killAllServers();
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      log(`cleanup failed: ${String(error)}`);
    }
  }
  if (!args.keep) {
    for (const dir of temporaryDirs) fs.rmSync(dir, { recursive: true, force: true });
  } else if (temporaryDirs.length > 0) {
    log(`kept: ${temporaryDirs.join(' ')}`);
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  });
}

export function temporaryDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}

export function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * fraction) - 1));
  return sorted[index] ?? Number.NaN;
}

export const mb = (bytes: number | null) => (bytes === null ? null : bytes / 1024 / 1024);

export const writesAlongside = 100;

export function loadRow(id: string, label: string, result: LoadResult | null, note?: string): Row {
  return {
    id,
    label,
    value: result?.requestsPerSecond ?? null,
    unit:
      id.includes('likes') || id.endsWith('.follows') || id.endsWith('.views')
        ? 'writes/s'
        : 'req/s',
    p50Ms: result?.p50Ms ?? null,
    p99Ms: result?.p99Ms ?? null,
    errors: result?.errors ?? null,
    // The generator runs in its own process: near a whole core, it and not the server may be
    // what set the figure.
    note: [note, result ? `generator CPU ${(result.generatorCpu * 100).toFixed(0)}%` : undefined]
      .filter(Boolean)
      .join('; '),
  };
}

/** Runs a step; a failure becomes a logged error and null results, not a crashed benchmark. */
export async function attempt<T>(what: string, step: () => Promise<T>): Promise<T | null> {
  try {
    return await step();
  } catch (error) {
    log(`${what} failed: ${error instanceof Error ? error.stack : String(error)}`);
    return null;
  }
}
