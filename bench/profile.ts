/**
 * `npx tsx bench/profile.ts [--scenario feed|follows|likes|search] [--postgres] [--data-dir DIR] [--duration S] [--connections N]`
 *
 * CPU profiles of the real server under a load, each with `node --cpu-prof`, then a summary of
 * where the time went. `feed` (the default): one run signed out, one signed in (first page,
 * `limit=20`). `follows` and `likes`: the bench's follow/unfollow and like/unlike writes as
 * 8 people; `search`: the bench's 120 search prefixes as the same 8 people. Without
 * --data-dir it seeds the --quick data set (2 000 posts) in a temp folder first; pass a folder kept
 * by `npm run bench -- --keep` to profile the full data set. Profiles go to --out (default
 * $TMPDIR/pinhole-profiles); open them in Chrome DevTools or speedscope for the full picture.
 * `--postgres` seeds a throwaway PostgreSQL cluster instead (the server keeps its files in the temp
 * folder). Each run also prints the CPU per request of the server, of the database's processes
 * (PostgreSQL's backends, from /proc) and of the load generator, so the three can be compared.
 * `--no-profile` leaves the profiler out: the latencies then are the bench's, not the profiler's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createContext } from '../apps/server/src/create-context';
import { loadConfig } from '../apps/server/src/env';
import { seedDatabase, seedPassword } from '../apps/server/src/seed/seed.service';
import { freePort } from '../apps/server/src/test/postgres-cluster';
import { renderSummary, summarizeProfile } from './lib/cpu-profile';
import { runSearch } from './lib/discovery';
import { runFollows } from './lib/follows';
import type { LoadResult } from './lib/load';
import type { LoadSettings } from './lib/scenarios';
import { runFeed, runLikes, signIn } from './lib/scenarios';
import { cpuSeconds, ensureServerBuilt, killAllServers, startServer } from './lib/server-process';
import type { PostgresCluster } from '../apps/server/src/test/postgres-cluster';
import { startPostgresCluster } from '../apps/server/src/test/postgres-cluster';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    scenario: { type: 'string', default: 'feed' },
    postgres: { type: 'boolean', default: false },
    // The load and the CPU per request without V8's profiler, whose sampling stretches the tail.
    'no-profile': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(os.tmpdir(), 'pinhole-profiles') },
  },
});

const log = (message: string) => process.stderr.write(`[profile] ${message}\n`);

async function main(): Promise<void> {
  ensureServerBuilt(log);
  let dataDir = args['data-dir'];
  let temporary: string | undefined;
  if (!dataDir) {
    temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-profile-'));
    dataDir = temporary;
  }
  if (args.postgres && !temporary) {
    // A new cluster is empty: the data set kept in --data-dir is SQLite's.
    throw new Error('--postgres seeds its own cluster; it cannot profile a kept --data-dir');
  }
  const cluster: PostgresCluster | undefined = args.postgres
    ? await startPostgresCluster()
    : undefined;
  try {
    await profile(dataDir, temporary !== undefined, cluster);
  } finally {
    killAllServers();
    cluster?.stop();
    if (temporary) fs.rmSync(temporary, { recursive: true, force: true });
  }
}

/** The server's configuration for seeding and reading: `dataDir`, and the cluster if any. */
function configFor(dataDir: string, databaseUrl: string | undefined) {
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

async function profile(
  dataDir: string,
  seed: boolean,
  cluster: PostgresCluster | undefined,
): Promise<void> {
  const databaseUrl = cluster?.url;
  if (seed) {
    log(`seeding 2000 posts into ${databaseUrl ? 'PostgreSQL' : dataDir}...`);
    const context = await createContext(configFor(dataDir, databaseUrl));
    await seedDatabase(context, {
      users: 200,
      posts: 2000,
      likes: 20_000,
      comments: 4000,
      seed: 'pinhole-bench',
    });
    await context.database.close();
  }
  const outDir = path.resolve(args.out);
  const settings = { connections: Number(args.connections), durationS: Number(args.duration) };

  const runs = await planRuns(dataDir, databaseUrl, args.scenario, settings);
  const databaseCpu = () =>
    (cluster?.processes() ?? []).reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);

  const reports: string[] = [];
  for (const run of runs) {
    const profileDir = path.join(outDir, run.label.replaceAll(' ', '-'));
    fs.rmSync(profileDir, { recursive: true, force: true });
    const server = await startServer({
      port: await freePort(),
      dataDir,
      databaseUrl,
      nodeArgs: args['no-profile'] ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    });
    try {
      const tokens = await Promise.all(
        run.emails.map((email) => signIn(server.url, email, seedPassword)),
      );
      // Bounded: the profiler's own sampling can keep a server from ever looking idle.
      await server.waitUntilIdle(10_000);
      log(`${run.label}: ${settings.connections} connections for ${settings.durationS} s...`);
      const serverBefore = cpuSeconds(server.pid) ?? 0;
      const databaseBefore = databaseCpu();
      const result = await run.load(server.url, tokens);
      const perRequest = (seconds: number) =>
        `${((seconds / Math.max(result.requests, 1)) * 1e6).toFixed(0)} µs`;
      log(
        `${run.label}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50Ms} ms, ` +
          `p99 ${result.p99Ms} ms, ${result.errors} errors; CPU per request: server ` +
          perRequest((cpuSeconds(server.pid) ?? 0) - serverBefore) +
          (cluster ? `, PostgreSQL ${perRequest(databaseCpu() - databaseBefore)}` : '') +
          `, generator ${perRequest(result.generatorCpu * result.durationS)}`,
      );
    } finally {
      await server.stop();
    }
    if (args['no-profile']) continue;
    const file = fs.readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no profile written in ${profileDir}`);
    const summary = summarizeProfile(path.join(profileDir, file), 25, 700);
    reports.push(renderSummary(`${run.label} (${path.join(profileDir, file)})`, summary));
  }
  console.log(reports.join('\n\n'));
}

interface ProfiledRun {
  label: string;
  /** Who signs in before the load (seeded people: the password is the seed's). */
  emails: string[];
  load: (baseUrl: string, tokens: string[]) => Promise<LoadResult>;
}

/** The loads a scenario profiles; the writes' people and targets are read before the server starts. */
async function planRuns(
  dataDir: string,
  databaseUrl: string | undefined,
  scenario: string,
  settings: LoadSettings,
): Promise<ProfiledRun[]> {
  if (scenario === 'feed') {
    return [
      { label: 'signed-out feed', emails: [], load: (url) => runFeed(url, null, [], settings) },
      {
        label: 'signed-in feed',
        emails: ['demo@pinhole.local'],
        load: (url, tokens) => runFeed(url, null, tokens, settings),
      },
    ];
  }
  if (scenario !== 'follows' && scenario !== 'likes' && scenario !== 'search') {
    throw new Error(`unknown --scenario ${scenario} (feed, follows, likes or search)`);
  }
  const context = await createContext(configFor(dataDir, databaseUrl));
  try {
    const { db } = context.database;
    const people = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .orderBy('created_at')
      .limit(8)
      .execute();
    const emails = people.map((person) => person.email);
    if (scenario === 'search') {
      return [{ label: 'search', emails, load: (url, tokens) => runSearch(url, tokens, settings) }];
    }
    if (scenario === 'likes') {
      const posts = await db.selectFrom('posts').select('id').orderBy('id').limit(2000).execute();
      const postIds = posts.map((post) => post.id);
      return [
        { label: 'likes', emails, load: (url, tokens) => runLikes(url, tokens, postIds, settings) },
      ];
    }
    const writers = new Set(people.map((person) => person.id));
    const profiles = await db.selectFrom('profiles').select('id').orderBy('id').execute();
    const targets = profiles.map((profile) => profile.id).filter((id) => !writers.has(id));
    return [
      {
        label: 'follows',
        emails,
        load: (url, tokens) => runFollows(url, tokens, targets.slice(0, 2000), settings),
      },
    ];
  } finally {
    await context.database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
