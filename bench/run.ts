/**
 * `npm run bench [-- --quick] [-- --tiny] [-- --postgres]`
 *
 * One run, one process tree: seeds a fresh database in a temp DATA_DIR, starts the real built
 * server (apps/server/dist/main.js) on a free port, and measures
 *   a. the ceiling: node:http answering the bytes of a feed page from memory,
 *   b. GET /api/posts?limit=20 signed out and signed in, first page and a deep page (keyset),
 *   c. like/unlike writes per second, then checks every likes_count against its rows,
 *   c'. the Following feed (page 1 and a deep page) of people who follow 300, suggestions, and
 *      follow/unfollow writes per second, then checks every profile's follow counters,
 *   d. processImage on a 12 MP JPEG, server RSS at concurrent uploads, and a feed page's image
 *      bytes as originals versus the variant a phone picks,
 *   e. the client's initial JS and CSS,
 *   c''. search as people type, a hashtag's first page and explore's first page (issue 19),
 *   f. with --postgres, (b) and (c) again on a throwaway PostgreSQL cluster,
 *   g. notifications: the list of a person with 10,000 of them, 2,000 open event streams on one
 *      instance (RSS), and a like reaching its author's stream (across two instances on
 *      PostgreSQL),
 *   h. stories: the trays of people following 300 (about 100 with stories), and marking views,
 *   i. the signed-out feed's page 1 with METRICS_TOKEN set, /metrics scraped every second, and
 *      the throughput it costs against the same feed without, just before and after (SQLite).
 * Prints one table and writes bench/results/latest.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { AppContext } from '../apps/server/src/app-context';
import { createContext } from '../apps/server/src/create-context';
import { loadConfig } from '../apps/server/src/env';
import type { ProcessedImage } from '../apps/server/src/media/image';
import { processImage } from '../apps/server/src/media/image';
import { findCounterMismatches } from '../apps/server/src/seed/seed.repository';
import type { SeedOptions, SeedSummary } from '../apps/server/src/seed/seed.service';
import {
  makeSeedImagePool,
  seedDatabase,
  seedPassword,
  seedQueryTimeoutMs,
} from '../apps/server/src/seed/seed.service';
import { benchPhotoOptions, makeSyntheticPhoto } from '../apps/server/src/seed/synthetic-photo';
import { encodeCursor } from '../apps/server/src/pagination/post-cursor';
import type { PostgresCluster } from '../apps/server/src/test/postgres-cluster';
import { freePort, startPostgresCluster } from '../apps/server/src/test/postgres-cluster';
import { buildBenchArchive, runExport, runImport } from './lib/account';
import { ensureWebBuilt, measureClientBundle } from './lib/client-bundle';
import {
  explorePath,
  gridPageSize,
  hashtagPath,
  readTopHashtag,
  runGrid,
  runSearch,
  searchQueries,
} from './lib/discovery';
import type { FollowFacts } from './lib/follows';
import {
  followingFeedPath,
  readFollowFacts,
  runFollowingFeed,
  runFollows,
  runSuggestions,
  slowestFirstRequest,
} from './lib/follows';
import type { StoryFacts } from './lib/stories';
import { readStoryFacts, runStoryTrays, runStoryViews } from './lib/stories';
import type { LoadResult } from './lib/load';
import {
  aloneWithMetrics,
  measureMetricsCost,
  metricsCostNote,
  scrapeIntervalS,
} from './lib/metrics-cost';
import { runLoad, startCeiling } from './lib/load';
import {
  openManyStreams,
  runNotificationsList,
  seedNotifications,
  timeLikeToStream,
} from './lib/notifications';
import type { MachineInfo } from './lib/machine';
import { machineInfo } from './lib/machine';
import type { LoadSettings } from './lib/scenarios';
import {
  feedPath,
  imageBytesForPage,
  runConcurrentUploads,
  timeCarouselUploads,
  runFeed,
  runFeedUnderWrites,
  runLikes,
  signIn,
} from './lib/scenarios';
import type { ServerProcess } from './lib/server-process';
import { ensureServerBuilt, killAllServers, repoRoot, startServer } from './lib/server-process';
import type { Row } from './lib/table';
import { renderTable } from './lib/table';

interface Size {
  users: number;
  posts: number;
  likes: number;
  comments: number;
  images: number;
  imageScale: number;
  durationS: number;
  /** The deep feed page (20 posts a page), reached with a keyset cursor. */
  deepPage: number;
  /** The deep page of the Following feed (page 50 of the full set). */
  followingDeepPage: number;
  processRuns: number;
  uploads: number;
  /** Issue 17: posts of this many 12 MP photographs, timed one after another, then 4 at once. */
  carouselPhotos: number;
  carouselRuns: number;
  carouselConcurrent: number;
  /** Issue 18: posts in the Instagram archive imported as one person. */
  importPosts: number;
  /** Issue 19: notifications of the busiest person, open event streams, timed likes. */
  notifications: number;
  streams: number;
  likeRuns: number;
}

const sizes: Record<'full' | 'quick' | 'tiny', Size> = {
  full: {
    users: 10_000,
    posts: 100_000,
    likes: 1_000_000,
    comments: 200_000,
    images: 24,
    imageScale: 1,
    durationS: 10,
    deepPage: 500,
    followingDeepPage: 50,
    processRuns: 10,
    uploads: 16,
    carouselPhotos: 10,
    carouselRuns: 5,
    carouselConcurrent: 4,
    importPosts: 200,
    notifications: 10_000,
    streams: 2_000,
    likeRuns: 200,
  },
  quick: {
    users: 200,
    posts: 2_000,
    likes: 20_000,
    comments: 4_000,
    images: 24,
    imageScale: 1,
    durationS: 3,
    deepPage: 10,
    followingDeepPage: 10,
    processRuns: 5,
    uploads: 16,
    carouselPhotos: 10,
    carouselRuns: 3,
    carouselConcurrent: 4,
    importPosts: 200,
    notifications: 10_000,
    streams: 2_000,
    likeRuns: 50,
  },
  // For the test that keeps this script from rotting: every row, in seconds.
  tiny: {
    users: 10,
    posts: 50,
    likes: 200,
    comments: 60,
    images: 3,
    imageScale: 0.3,
    durationS: 1,
    deepPage: 2,
    followingDeepPage: 2,
    processRuns: 2,
    uploads: 4,
    // Two photos a post keep the run in seconds; the rows exist, the numbers are not the goal's.
    carouselPhotos: 2,
    carouselRuns: 1,
    carouselConcurrent: 2,
    importPosts: 4,
    notifications: 200,
    streams: 50,
    likeRuns: 10,
  },
};

const pageSize = 20;

const signedInUsers = 8;

/** p50 and p95 wall time of processImage on one input, after a warm-up run. */
async function measureProcessImage(
  label: string,
  id: string,
  input: Buffer,
  runs: number,
): Promise<Row[]> {
  log(`${label}: ${(input.length / 1024 / 1024).toFixed(2)} MB; processImage × ${runs}...`);
  await processImage(input); // warm-up: libvips loads its operations once
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await processImage(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return [
    {
      id: `${id}.p50`,
      label: `${label}, p50`,
      value: percentile(times, 0.5),
      unit: 'ms',
      note: `${runs} runs, ${(input.length / 1024 / 1024).toFixed(1)} MB input`,
    },
    { id: `${id}.p95`, label: `${label}, p95`, value: percentile(times, 0.95), unit: 'ms' },
  ];
}

/** Issue 18: one export of the person with the most posts, and one Instagram import. */
async function accountRows(
  server: ServerProcess,
  tokens: string[],
  facts: SeededFacts,
): Promise<Row[]> {
  const { email, posts } = facts.topPoster;
  log(`account: GET /api/me/export of the person with the most posts (${posts})...`);
  const exported = await attempt('export', async () =>
    runExport(server.url, server.pid, await signIn(server.url, email, seedPassword)),
  );
  const rise =
    exported?.peakRssBytes != null && exported.baselineRssBytes != null
      ? exported.peakRssBytes - exported.baselineRssBytes
      : null;
  log(`account: building an Instagram archive of ${size.importPosts} posts...`);
  const archive = await buildBenchArchive(size.importPosts);
  log(`account: importing it (${(archive.zip.length / 1024 / 1024).toFixed(0)} MB)...`);
  const imported = await attempt('import', () =>
    runImport(server.url, tokens[0]!, archive, size.importPosts),
  );
  return [
    {
      id: 'export.rss.rise',
      label: `server RSS rise during GET /api/me/export of ${posts} posts`,
      value: mb(rise),
      unit: 'MB',
      note: exported
        ? `goal < 100 MB; ${(exported.bytes / 1024 / 1024).toFixed(0)} MB zip in ` +
          `${(exported.wallMs / 1000).toFixed(1)} s; idle ${mb(exported.baselineRssBytes)?.toFixed(0)} MB`
        : undefined,
    },
    {
      id: 'import.posts.seconds',
      label:
        `POST /api/me/import, Instagram archive of ${size.importPosts} posts ` +
        `(${archive.photos} photos, 1080 px), upload to done`,
      value: imported ? imported.wallMs / 1000 : null,
      unit: 's',
      note: imported
        ? `${(imported.archiveBytes / 1024 / 1024).toFixed(0)} MB archive; ` +
          `${imported.imported} imported, ${imported.failures} not`
        : undefined,
    },
  ];
}

const { values: args } = parseArgs({
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
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log(
    'usage: npm run bench -- [--quick] [--tiny] [--postgres] [--posts N --users N --likes N ' +
      '--comments N] [--duration S] [--connections N] [--out file.json] [--keep] [--no-web-build]',
  );
  process.exit(0);
}

const mode = args.tiny ? 'tiny' : args.quick ? 'quick' : 'full';
const size: Size = { ...sizes[mode] };
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
const settings: LoadSettings = {
  connections: Number(args.connections),
  durationS: size.durationS,
};
const outFile = path.resolve(args.out ?? path.join(repoRoot, 'bench/results/latest.json'));

const runStarted = performance.now();
function log(message: string): void {
  const seconds = ((performance.now() - runStarted) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${seconds}s] ${message}\n`);
}

// --- cleanup, also on Ctrl-C ---
const temporaryDirs: string[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
let cleaned = false;
async function cleanUp(): Promise<void> {
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

function temporaryDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}

function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * fraction) - 1));
  return sorted[index] ?? Number.NaN;
}

const mb = (bytes: number | null) => (bytes === null ? null : bytes / 1024 / 1024);

/** Facts about a seeded database the scenarios need, read before the server starts. */
interface SeededFacts {
  deepCursor: string | null;
  emails: string[];
  likeTargets: string[];
  follows: FollowFacts;
  /** The person with the most posts: their export is the export row. */
  topPoster: { email: string; posts: number };
  /** The hashtag most posts carry: the hashtag page row reads it. */
  topHashtag: string | null;
  /** Live stories, and how many trays each keen follower has. */
  stories: StoryFacts;
}

async function readFacts(context: AppContext): Promise<SeededFacts> {
  const { db } = context.database;
  // The cursor of page N is the position of the last post of page N - 1.
  const lastOfPrevious = (size.deepPage - 1) * pageSize;
  const anchor =
    lastOfPrevious > 0
      ? await db
          .selectFrom('posts')
          .select(['created_at', 'id'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(lastOfPrevious - 1)
          .limit(1)
          .executeTakeFirst()
      : undefined;
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .orderBy('created_at')
    .limit(signedInUsers)
    .execute();
  const posts = await db.selectFrom('posts').select('id').orderBy('id').execute();
  const top = await db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.id')
    .select(['users.email', 'profiles.posts_count'])
    .orderBy('profiles.posts_count', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const stride = Math.max(1, Math.floor(posts.length / 2000));
  // The signed-in people follow and unfollow; none of them may be a target (no self-follows).
  const follows = await readFollowFacts(context, {
    viewers: signedInUsers,
    deepPage: size.followingDeepPage,
    pageSize,
    excluded: users.map((user) => user.id),
  });
  return {
    deepCursor: anchor ? encodeCursor({ createdAt: anchor.created_at, id: anchor.id }) : null,
    emails: users.map((user) => user.email),
    topPoster: { email: top.email, posts: Number(top.posts_count) },
    topHashtag: await readTopHashtag(context),
    likeTargets: posts.filter((_post, index) => index % stride === 0).map((post) => post.id),
    follows,
    stories: await readStoryFacts(
      context,
      follows.viewers.map((viewer) => viewer.email),
      Date.now(),
    ),
  };
}

async function seedInto(
  env: Record<string, string>,
  seedOptions: SeedOptions,
): Promise<{ summary: SeedSummary; facts: SeededFacts }> {
  const context = await createContext(
    loadConfig({ LOG_LEVEL: 'silent', DATABASE_QUERY_TIMEOUT_MS: seedQueryTimeoutMs, ...env }),
  );
  try {
    const summary = await seedDatabase(context, seedOptions);
    return { summary, facts: await readFacts(context) };
  } finally {
    await context.database.close();
  }
}

async function countMismatches(env: Record<string, string>) {
  const context = await createContext(loadConfig({ LOG_LEVEL: 'silent', ...env }));
  try {
    return await findCounterMismatches(context.database.db);
  } finally {
    await context.database.close();
  }
}

/** A load-test row; the feed rows get their share of the ceiling once it is known. */
/** Likes per second written while the signed-in feed is measured: its caches mostly cold. */
const writesAlongside = 100;

function loadRow(id: string, label: string, result: LoadResult | null, note?: string): Row {
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
    note,
  };
}

/** Runs a step; a failure becomes a logged error and null results, not a crashed benchmark. */
async function attempt<T>(what: string, step: () => Promise<T>): Promise<T | null> {
  try {
    return await step();
  } catch (error) {
    log(`${what} failed: ${error instanceof Error ? error.stack : String(error)}`);
    return null;
  }
}

interface DatabaseRun {
  /** DATA_DIR and DATABASE_URL of the seeded database. */
  env: Record<string, string>;
  rows: Row[];
  seed: SeedSummary;
  serverReadyMs: number;
  serverSettleMs: number;
}

/** Seeds one database, starts the server on it, and measures feed and likes (and more on SQLite). */
async function benchDatabase(
  kind: 'sqlite' | 'postgres',
  databaseUrl: string | undefined,
  seedOptions: SeedOptions,
  extras: {
    onFirstPage?: (body: Buffer, server: ServerProcess, tokens: string[]) => Promise<void>;
    afterLikes?: (server: ServerProcess, tokens: string[], facts: SeededFacts) => Promise<void>;
  },
): Promise<DatabaseRun> {
  const dataDir = temporaryDir(`pinhole-bench-${kind}-`);
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  log(
    `${kind}: seeding ${size.users} users, ${size.posts} posts, ${size.likes} likes, ` +
      `${size.comments} comments...`,
  );
  const { summary, facts } = await seedInto(env, {
    ...seedOptions,
    onProgress: (message) => log(`${kind}: ${message}`),
  });
  log(`${kind}: seeded in ${(summary.timingsMs.total / 1000).toFixed(1)} s`);

  const server = await startServer({ port: await freePort(), dataDir, databaseUrl });
  cleanups.push(() => server.stop());
  log(`${kind}: server ready in ${server.readyMs.toFixed(0)} ms; waiting for it to go idle...`);
  const settleMs = await server.waitUntilIdle();
  log(
    `${kind}: idle after ${(settleMs / 1000).toFixed(1)} s (start-up work such as the orphan sweep)`,
  );

  const tokens = await Promise.all(
    facts.emails.map((email) => signIn(server.url, email, seedPassword)),
  );
  const firstPage = await fetch(server.url + feedPath(null));
  const firstPageBody = Buffer.from(await firstPage.arrayBuffer());
  const deepPage = await fetch(server.url + feedPath(facts.deepCursor));
  const deepPosts = ((await deepPage.json()) as { posts: unknown[] }).posts.length;
  if (!firstPage.ok || !deepPage.ok) throw new Error(`${kind}: the feed does not answer 200`);
  log(
    `${kind}: page 1 is ${firstPageBody.length} bytes; page ${size.deepPage} has ${deepPosts} posts`,
  );

  await extras.onFirstPage?.(firstPageBody, server, tokens);

  const rows: Row[] = [];
  // A browser asks for compression: the page is then compressed once per cache entry, and this
  // row shows what that costs against the plain rows (the ceiling sends the bytes uncompressed).
  const browserEncoding = { 'accept-encoding': 'br, gzip' };
  const feedCases = [
    ['out.p1', 'signed out, page 1', null, [], {}],
    ['out.p1.br', 'signed out, page 1, Accept-Encoding: br, gzip', null, [], browserEncoding],
    ['out.deep', `signed out, page ${size.deepPage}`, facts.deepCursor, [], {}],
    ['in.p1', 'signed in, page 1', null, tokens, {}],
    ['in.deep', `signed in, page ${size.deepPage}`, facts.deepCursor, tokens, {}],
  ] as const;
  for (const [key, label, cursor, withTokens, headers] of feedCases) {
    log(`${kind}: feed ${label} (${settings.connections} connections, ${settings.durationS} s)...`);
    const result = await attempt(`${kind} feed ${label}`, () =>
      runFeed(server.url, cursor, withTokens, settings, headers),
    );
    rows.push(loadRow(`${kind}.feed.${key}`, `${kind}: GET /api/posts?limit=20 ${label}`, result));
  }
  if (kind === 'sqlite') rows.push(await metricsCostRow(kind, dataDir));

  rows.push(...(await followReadRows(kind, server, facts.follows)));
  rows.push(...(await discoveryRows(kind, server, tokens, facts.topHashtag)));
  rows.push(...(await storyRows(kind, server, facts)));

  // Likes on the page's own posts must show at once, so they forget the page; likes elsewhere
  // must not: the second row is the common case of a busy instance (most likes are not on page 1).
  const pagePostIds = new Set(
    (JSON.parse(firstPageBody.toString('utf8')) as { posts: { id: string }[] }).posts.map(
      (post) => post.id,
    ),
  );
  const writeCases = [
    ['writes', '', facts.likeTargets],
    ['writes.elsewhere', ' on other posts', facts.likeTargets.filter((id) => !pagePostIds.has(id))],
  ] as const;
  for (const [key, where, targets] of writeCases) {
    log(`${kind}: feed signed in, page 1, with ${writesAlongside} likes/s${where} alongside...`);
    const underWrites = await attempt(`${kind} feed under writes${where}`, () =>
      runFeedUnderWrites(server.url, tokens, targets, settings, writesAlongside),
    );
    rows.push(
      loadRow(
        `${kind}.feed.in.p1.${key}`,
        `${kind}: GET /api/posts?limit=20 signed in, page 1, ${writesAlongside} likes/s${where} alongside`,
        underWrites?.feed ?? null,
        underWrites
          ? `writes done: ${underWrites.writes.requestsPerSecond.toFixed(0)}/s, ${underWrites.writes.errors} errors`
          : undefined,
      ),
    );
  }

  log(`${kind}: like/unlike over ${facts.likeTargets.length} posts as ${tokens.length} people...`);
  const likes = await attempt(`${kind} likes`, () =>
    runLikes(server.url, tokens, facts.likeTargets, settings),
  );
  rows.push(
    loadRow(
      `${kind}.likes`,
      `${kind}: PUT/DELETE /api/posts/:id/like`,
      likes,
      `${tokens.length} users × ${facts.likeTargets.length} posts`,
    ),
  );
  const mismatches = await attempt(`${kind} counter check`, () => countMismatches(env));
  rows.push({
    id: `${kind}.likes.check`,
    label: `${kind}: posts whose likes_count ≠ like rows`,
    value: mismatches?.likes ?? null,
    unit: 'posts',
    note:
      mismatches === null
        ? 'check failed'
        : mismatches.likes === 0
          ? `exact (comments ${mismatches.comments}, posts_count ${mismatches.posts} off)`
          : 'COUNTERS DRIFTED',
  });

  rows.push(...(await followWriteRows(kind, server, env, tokens, facts.follows.targets)));

  await extras.afterLikes?.(server, tokens, facts);
  await server.stop();
  return { env, rows, seed: summary, serverReadyMs: server.readyMs, serverSettleMs: settleMs };
}

/** Issue 22: the signed-out feed's page 1 with METRICS_TOKEN set, and what it costs. */
async function metricsCostRow(kind: 'sqlite', dataDir: string): Promise<Row> {
  log(`${kind}: feed signed out, page 1, with and without METRICS_TOKEN, side by side...`);
  const cost = await attempt(`${kind} feed with metrics`, async () =>
    // Tiny mode proves the row runs; the full shape takes minutes.
    measureMetricsCost(
      { dataDir },
      freePort,
      settings,
      mode === 'tiny' ? { serverPairs: 1, runsPerPair: 1 } : undefined,
    ),
  );
  return loadRow(
    `${kind}.feed.out.p1.metrics`,
    `${kind}: GET /api/posts?limit=20 signed out, page 1, METRICS_TOKEN set, scraped every ${scrapeIntervalS} s`,
    aloneWithMetrics(cost),
    metricsCostNote(cost),
  );
}

/** The Following feed of the keenest followers, page 1 and deep, and their suggestions. */
async function followReadRows(
  kind: string,
  server: ServerProcess,
  facts: FollowFacts,
): Promise<Row[]> {
  const viewers = await Promise.all(
    facts.viewers.map(async (viewer) => ({
      ...viewer,
      token: await signIn(server.url, viewer.email, seedPassword),
    })),
  );
  const following = Math.min(...viewers.map((viewer) => viewer.following));
  const who = `${viewers.length} people following ${following}+`;
  const rows: Row[] = [];
  const pages = [
    ['p1', 1, () => null, '≥ 25% of ceiling, p99 ≤ 50 ms'],
    [
      'deep',
      size.followingDeepPage,
      (viewer: { deepCursor: string | null }) => viewer.deepCursor,
      'within 1.2× of page 1',
    ],
  ] as const;
  for (const [key, page, cursorOf, goal] of pages) {
    const readers = viewers.map((viewer) => ({
      token: viewer.token,
      path: followingFeedPath(cursorOf(viewer)),
    }));
    log(`${kind}: Following feed page ${page} as ${who}...`);
    const coldMs = await attempt(`${kind} following first requests`, () =>
      slowestFirstRequest(server.url, readers),
    );
    const result = await attempt(`${kind} following feed page ${page}`, () =>
      runFollowingFeed(server.url, readers, settings),
    );
    rows.push(
      loadRow(
        `${kind}.feed.following.${key}`,
        `${kind}: GET /api/posts?feed=following&limit=20 page ${page} (goal ${goal})`,
        result,
        `${who}; first request ${coldMs === null ? '?' : coldMs.toFixed(0)} ms (slowest reader)`,
      ),
    );
  }
  log(`${kind}: suggestions as ${who}...`);
  const readers = viewers.map((viewer) => ({
    token: viewer.token,
    path: '/api/suggestions?limit=5',
  }));
  const coldMs = await attempt(`${kind} suggestions first requests`, () =>
    slowestFirstRequest(server.url, readers),
  );
  const suggestions = await attempt(`${kind} suggestions`, () =>
    runSuggestions(
      server.url,
      viewers.map((viewer) => viewer.token),
      settings,
    ),
  );
  rows.push(
    loadRow(
      `${kind}.suggestions`,
      `${kind}: GET /api/suggestions?limit=5 (goal p99 ≤ 50 ms)`,
      suggestions,
      `${who}; first request ${coldMs === null ? '?' : coldMs.toFixed(0)} ms (slowest reader)`,
    ),
  );
  return rows;
}

/** Issue 19: search as people type, a hashtag's first page and explore's, signed in. */
async function discoveryRows(
  kind: string,
  server: ServerProcess,
  tokens: string[],
  topHashtag: string | null,
): Promise<Row[]> {
  const who = `${tokens.length} people signed in, in turn`;
  log(`${kind}: search over ${searchQueries().length} typed prefixes as ${who}...`);
  const search = await attempt(`${kind} search`, () => runSearch(server.url, tokens, settings));
  const rows = [
    loadRow(
      `${kind}.search`,
      `${kind}: GET /api/search?q= (goal p99 ≤ 20 ms)`,
      search,
      `${searchQueries().length} prefixes of names and hashtags; ${who}`,
    ),
  ];
  const grids = [
    ['hashtag.p1', `GET /api/hashtags/${topHashtag ?? '?'}/posts`, hashtagPath(topHashtag ?? '')],
    ['explore.p1', 'GET /api/explore', explorePath],
  ] as const;
  for (const [key, label, path] of grids) {
    log(`${kind}: ${label} page 1 as ${who}...`);
    const result = await attempt(`${kind} ${key}`, () =>
      runGrid(server.url, path, tokens, settings),
    );
    rows.push(
      loadRow(
        `${kind}.${key}`,
        `${kind}: ${label}?limit=${gridPageSize} page 1 (goal ≥ 25% of ceiling, p99 ≤ 50 ms)`,
        result,
        who,
      ),
    );
  }
  return rows;
}

/**
 * Issue 20: the story trays of the people who follow the most (each a different set of trays),
 * then marking views as them, every request a new (viewer, story) pair.
 */
async function storyRows(
  kind: 'sqlite' | 'postgres',
  server: ServerProcess,
  facts: SeededFacts,
): Promise<Row[]> {
  const { viewers } = facts.follows;
  const tokens = await Promise.all(
    viewers.map((viewer) => signIn(server.url, viewer.email, seedPassword)),
  );
  const following = Math.min(...viewers.map((viewer) => viewer.following));
  const trays = facts.stories.traysOf;
  const who =
    `${viewers.length} people following ${following}+, ` +
    `${Math.min(...trays)}–${Math.max(...trays)} of them with stories`;
  log(`${kind}: GET /api/stories as ${who}...`);
  const readers = tokens.map((token) => ({ token, path: '/api/stories' }));
  const coldMs = await attempt(`${kind} story trays first requests`, () =>
    slowestFirstRequest(server.url, readers),
  );
  const read = await attempt(`${kind} story trays`, () =>
    runStoryTrays(server.url, tokens, settings),
  );
  // Every tray carries each story's author and variant URLs: the body is several times a feed
  // page's. Browsers ask for it compressed, which the cache does once per body.
  log(`${kind}: GET /api/stories as ${who}, Accept-Encoding: br, gzip...`);
  const readCompressed = await attempt(`${kind} story trays, compressed`, () =>
    runStoryTrays(server.url, tokens, settings, { 'accept-encoding': 'br, gzip' }),
  );
  const storyIds = facts.stories.storyIds;
  log(`${kind}: PUT /api/stories/:id/view over ${storyIds.length} stories as ${tokens.length}...`);
  const views = await attempt(`${kind} story views`, () =>
    runStoryViews(server.url, tokens, storyIds, settings),
  );
  const goal = kind === 'sqlite' ? ' (goal ≥ 1,000 writes/s)' : '';
  return [
    loadRow(
      `${kind}.stories.trays`,
      `${kind}: GET /api/stories signed in (goal ≥ 25% of ceiling, p99 ≤ 50 ms)`,
      read,
      `${who}; first request ${coldMs === null ? '?' : coldMs.toFixed(0)} ms (slowest reader)`,
    ),
    loadRow(
      `${kind}.stories.trays.br`,
      `${kind}: GET /api/stories signed in, Accept-Encoding: br, gzip`,
      readCompressed,
      who,
    ),
    loadRow(
      `${kind}.stories.views`,
      `${kind}: PUT /api/stories/:id/view${goal}`,
      views,
      `${tokens.length} people × ${storyIds.length} live stories, each request a new view`,
    ),
  ];
}

/** Follow/unfollow writes, then every profile's counters against the follow rows. */
async function followWriteRows(
  kind: string,
  server: ServerProcess,
  env: Record<string, string>,
  tokens: readonly string[],
  targets: readonly string[],
): Promise<Row[]> {
  log(`${kind}: follow/unfollow over ${targets.length} people as ${tokens.length} people...`);
  const result = await attempt(`${kind} follows`, () =>
    runFollows(server.url, tokens, targets, settings),
  );
  const goal = kind === 'sqlite' ? ' (goal ≥ 1,000 writes/s)' : '';
  const mismatches = await attempt(`${kind} follow counter check`, () => countMismatches(env));
  const drifted = mismatches === null ? null : mismatches.followers + mismatches.following;
  if (drifted !== 0) {
    // A benchmark that leaves wrong counters behind measured a bug, not a speed.
    log(`${kind}: FOLLOW COUNTERS DRIFTED (${JSON.stringify(mismatches)}); the bench fails`);
    process.exitCode = 1;
  }
  return [
    loadRow(
      `${kind}.follows`,
      `${kind}: PUT/DELETE /api/profiles/:id/follow${goal}`,
      result,
      `${tokens.length} users × ${targets.length} people`,
    ),
    {
      id: `${kind}.follows.check`,
      label: `${kind}: profiles whose follower/following counts ≠ follow rows`,
      value: drifted,
      unit: 'profiles',
      note:
        mismatches === null
          ? 'check failed'
          : drifted === 0
            ? 'exact'
            : `COUNTERS DRIFTED (followers ${mismatches.followers}, following ${mismatches.following})`,
    },
  ];
}

/**
 * Issue 19 on a seeded database: the notifications list of a person with many, then on SQLite
 * many open event streams (RSS) with a like timed to its author's stream alongside; on
 * PostgreSQL the like is made on one instance and the stream read from another. The servers run
 * with RATE_LIMITS=false: the streams come from one address, and 2,000 browsers would not.
 */
async function notificationRows(kind: 'sqlite' | 'postgres', run: DatabaseRun): Promise<Row[]> {
  log(`${kind}: giving the busiest person ${size.notifications} notifications...`);
  const context = await createContext(loadConfig({ LOG_LEVEL: 'silent', ...run.env }));
  const facts = await seedNotifications(context, size.notifications, Date.now()).finally(() =>
    context.database.close(),
  );
  const start = async () => {
    const server = await startServer({
      port: await freePort(),
      // SQLite's file is in the seeded DATA_DIR; each PostgreSQL instance gets its own folder.
      dataDir:
        kind === 'sqlite' ? run.env.DATA_DIR! : temporaryDir(`pinhole-bench-${kind}-events-`),
      databaseUrl: run.env.DATABASE_URL,
      env: { RATE_LIMITS: 'false' },
    });
    cleanups.push(() => server.stop());
    await server.waitUntilIdle();
    return server;
  };
  const servers = kind === 'sqlite' ? [await start()] : [await start(), await start()];
  const [first, second = first] = servers as [ServerProcess, ServerProcess?];
  const rows: Row[] = [];
  try {
    const recipientToken = await signIn(first.url, facts.recipient.email, seedPassword);
    const likerTokens = await Promise.all(
      facts.likerEmails.map((email) => signIn(first.url, email, seedPassword)),
    );
    log(`${kind}: GET /api/notifications as the person with ${size.notifications}...`);
    // One person's list, asked by 10 connections at once (their phone, tabs, a refresh storm):
    // the goal is that a person with 10,000 notifications waits no longer than one with ten, not
    // 50 copies of one person queueing on two cores, which measures the machine, not the query.
    const listSettings = { ...settings, connections: Math.min(settings.connections, 10) };
    const list = await attempt(`${kind} notifications list`, () =>
      runNotificationsList(first.url, recipientToken, listSettings),
    );
    rows.push(
      loadRow(
        `${kind}.notifications.list`,
        `${kind}: GET /api/notifications, ${size.notifications} notifications, ${listSettings.connections} connections (goal p99 ≤ 50 ms)`,
        list,
      ),
    );

    let streams: Awaited<ReturnType<typeof openManyStreams>> | null = null;
    if (kind === 'sqlite') {
      log(`${kind}: opening ${size.streams} event streams on one instance...`);
      streams = await attempt(`${kind} event streams`, () =>
        openManyStreams(first.url, first.pid, likerTokens, size.streams),
      );
      rows.push({
        id: `${kind}.events.streams.rss`,
        label: `${kind}: server RSS with ${size.streams} open GET /api/events streams (goal < 400 MB)`,
        value: mb(streams?.openRssBytes ?? null),
        unit: 'MB',
        note: streams
          ? `${streams.open} open; idle ${mb(streams.baselineRssBytes)?.toFixed(0)} MB`
          : undefined,
      });
    }
    const where =
      kind === 'sqlite' ? `, ${size.streams} other streams open` : ', across two instances';
    log(`${kind}: ${size.likeRuns} likes timed to the author's stream${where}...`);
    const times = await attempt(`${kind} like to stream`, () =>
      timeLikeToStream({
        likeUrl: first.url,
        streamUrl: second.url,
        authorToken: recipientToken,
        likerTokens,
        postId: facts.recipient.postId,
        runs: size.likeRuns,
      }),
    );
    streams?.close();
    rows.push({
      id: kind === 'sqlite' ? `${kind}.events.like.p99` : `${kind}.events.like.cross.p99`,
      label: `${kind}: PUT like → the author's event stream${where}, p99 (goal ≤ 2 s)`,
      value: times ? percentile(times, 0.99) : null,
      unit: 'ms',
      note: times
        ? `p50 ${percentile(times, 0.5).toFixed(1)} ms over ${times.length} likes`
        : undefined,
    });
  } finally {
    for (const server of servers) await server.stop();
  }
  return rows;
}

async function main(): Promise<void> {
  const machine: MachineInfo = machineInfo();
  log(
    `mode ${mode}: ${machine.cpuModel}, ${machine.cores} cores, ${machine.ramGb} GB, node ` +
      `${machine.node}, load average ${machine.loadAverageAtStart.join(' ')}`,
  );
  ensureServerBuilt(log);
  const webBuilt = ensureWebBuilt(!args['no-web-build'], log);

  const rows: Row[] = [];
  const now = Date.now();
  const seedOptions: SeedOptions = {
    users: size.users,
    posts: size.posts,
    likes: size.likes,
    comments: size.comments,
    seed: 'pinhole-bench',
    now,
    images: size.images,
    imageScale: size.imageScale,
  };

  // --- d. the upload pipeline, in this process, before any server competes for the CPU ---
  log('making a 12 MP photo-like JPEG (4000×3000)...');
  const twelveMegapixels = { ...benchPhotoOptions };
  let photo = await makeSyntheticPhoto(twelveMegapixels);
  // The upload limit is 5 MB: a noisier draw must still fit.
  for (let quality = 82; photo.length >= 5 * 1024 * 1024 && quality >= 60; quality -= 6) {
    twelveMegapixels.quality = quality;
    photo = await makeSyntheticPhoto(twelveMegapixels);
  }
  // The same scene as a phone stores a portrait: Display P3, pixels turned by EXIF orientation 6.
  const portrait = await makeSyntheticPhoto({
    ...twelveMegapixels,
    profile: 'p3',
    orientation: 6,
  });
  const processRows: Row[] = [
    ...(await measureProcessImage(
      'processImage 12 MP JPEG',
      'upload.process',
      photo,
      size.processRuns,
    )),
    ...(await measureProcessImage(
      'processImage 12 MP phone portrait (P3, EXIF 6)',
      'upload.process.portrait',
      portrait,
      size.processRuns,
    )),
  ];

  log('processing the seed photographs once for every database...');
  const pool: ProcessedImage[] = await makeSeedImagePool({
    ...seedOptions,
    onProgress: (message) => log(message),
  });

  // --- SQLite: everything ---
  const ceiling: { result: LoadResult | null } = { result: null };
  const uploadRows: Row[] = [];
  const bytesRows: Row[] = [];
  const sqlite = await benchDatabase(
    'sqlite',
    undefined,
    { ...seedOptions, imagePool: pool },
    {
      onFirstPage: async (body, server) => {
        log(`ceiling: node:http serving the ${body.length}-byte page from memory...`);
        const ceilingServer = await startCeiling(await freePort(), body);
        cleanups.push(() => ceilingServer.stop());
        const result = await attempt('ceiling', () =>
          runLoad({ url: `${ceilingServer.url}/api/posts?limit=20`, ...settings }),
        );
        await ceilingServer.stop();
        ceiling.result = result;

        const page = JSON.parse(body.toString()) as Parameters<typeof imageBytesForPage>[1];
        const bytes = await attempt('image bytes', () => imageBytesForPage(server.url, page));
        bytesRows.push(
          {
            id: 'bytes.before',
            label: `feed page images, originals (${bytes?.images ?? '?'} posts)`,
            value: bytes?.originals ?? null,
            unit: 'bytes',
          },
          {
            id: 'bytes.after',
            label: 'feed page images, variant for 390 px @2x',
            value: bytes?.variants ?? null,
            unit: 'bytes',
            note: bytes
              ? `${((1 - bytes.variants / bytes.originals) * 100).toFixed(0)}% less; widths ` +
                [...new Set(bytes.chosenWidths)].join('/')
              : undefined,
          },
        );
      },
      afterLikes: async (server, tokens, facts) => {
        log(`uploads: ${size.uploads} concurrent POST /api/posts of the 12 MP JPEG...`);
        const uploads = await attempt('uploads', () =>
          runConcurrentUploads(server.url, server.pid, tokens, photo, size.uploads),
        );
        uploadRows.push(
          {
            id: 'upload.rss.peak',
            label: `server RSS peak, ${size.uploads} concurrent uploads`,
            value: mb(uploads?.peakRssBytes ?? null),
            unit: 'MB',
            note: uploads
              ? `idle ${mb(uploads.baselineRssBytes)?.toFixed(0)} MB; all done in ` +
                `${(uploads.wallMs / 1000).toFixed(1)} s`
              : undefined,
          },
          {
            id: 'upload.created',
            label: 'uploads answered 201',
            value: uploads?.created ?? null,
            unit: `of ${size.uploads}`,
          },
          {
            id: 'upload.busy',
            label: 'uploads answered 503 (queue full)',
            value: uploads?.unavailable ?? null,
            unit: `of ${size.uploads}`,
            note: uploads && uploads.other > 0 ? `${uploads.other} other statuses` : undefined,
          },
        );
        const photos = size.carouselPhotos;
        log(`uploads: ${size.carouselRuns} posts of ${photos} 12 MP JPEGs, one after another...`);
        const times = await attempt('carousel uploads', () =>
          timeCarouselUploads(server.url, tokens, photo, photos, size.carouselRuns),
        );
        log(`uploads: ${size.carouselConcurrent} posts of ${photos} 12 MP JPEGs at once...`);
        const carousels = await attempt('concurrent carousel uploads', () =>
          runConcurrentUploads(
            server.url,
            server.pid,
            tokens,
            photo,
            size.carouselConcurrent,
            photos,
          ),
        );
        uploadRows.push(
          {
            id: 'upload.carousel.p50',
            label: `POST /api/posts of ${photos} 12 MP JPEGs, time to 201, p50`,
            value: times ? percentile(times, 0.5) : null,
            unit: 'ms',
            note: `${size.carouselRuns} runs, one at a time`,
          },
          {
            id: 'upload.carousel.rss.peak',
            label: `server RSS peak, ${size.carouselConcurrent} concurrent ${photos}-photo posts`,
            value: mb(carousels?.peakRssBytes ?? null),
            unit: 'MB',
            note: carousels
              ? `goal < 600 MB; idle ${mb(carousels.baselineRssBytes)?.toFixed(0)} MB; ` +
                `${carousels.created} answered 201 in ${(carousels.wallMs / 1000).toFixed(1)} s`
              : undefined,
          },
        );
        uploadRows.push(...(await accountRows(server, tokens, facts)));
      },
    },
  );
  const ceilingResult = ceiling.result;
  rows.push(
    loadRow('ceiling', 'ceiling: node:http, same page bytes from memory', ceilingResult ?? null),
  );
  rows.push(...sqlite.rows, ...processRows, ...uploadRows, ...bytesRows);
  rows.push(...(await notificationRows('sqlite', sqlite)));

  // --- PostgreSQL: the feed and likes rows again ---
  let postgresRun: DatabaseRun | null = null;
  if (args.postgres) {
    log('postgres: starting a throwaway cluster...');
    const cluster: PostgresCluster = await startPostgresCluster();
    cleanups.push(() => cluster.stop());
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database pinhole_bench');
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = '/pinhole_bench';
    postgresRun = await attempt('postgres', () =>
      benchDatabase('postgres', url.toString(), { ...seedOptions, imagePool: pool }, {}),
    );
    if (postgresRun) rows.push(...postgresRun.rows);
    if (postgresRun) rows.push(...(await notificationRows('postgres', postgresRun)));
  }

  // --- e. the client ---
  const bundle = webBuilt ? measureClientBundle() : null;
  const clientRows = [
    ['js', 'JS', 'Raw', 'raw'],
    ['js', 'JS', 'Gzip', 'gzip -9'],
    ['css', 'CSS', 'Raw', 'raw'],
    ['css', 'CSS', 'Gzip', 'gzip -9'],
  ] as const;
  for (const [kind, name, measure, how] of clientRows) {
    rows.push({
      id: `client.${kind}.${measure.toLowerCase()}`,
      label: `client initial ${name}, ${how}`,
      value: bundle?.[`${kind}${measure}`] ?? null,
      unit: 'bytes',
    });
  }

  // --- context rows: how long the set-up took ---
  rows.push({
    id: 'seed.sqlite',
    label: `seed ${size.posts} posts / ${size.users} users / ${size.likes} likes / ${sqlite.seed.follows} follows (sqlite)`,
    value: sqlite.seed.timingsMs.total / 1000,
    unit: 's',
    note: `likes ${(sqlite.seed.timingsMs.likes / 1000).toFixed(1)} s, follows ${(sqlite.seed.timingsMs.follows / 1000).toFixed(1)} s, posts ${(sqlite.seed.timingsMs.posts / 1000).toFixed(1)} s (photographs made once, outside)`,
  });
  rows.push({
    id: 'server.settle.sqlite',
    label: 'server start → idle (sqlite)',
    value: (sqlite.serverReadyMs + sqlite.serverSettleMs) / 1000,
    unit: 's',
    note: `ready ${(sqlite.serverReadyMs / 1000).toFixed(1)} s, then start-up work`,
  });
  if (postgresRun) {
    rows.push({
      id: 'seed.postgres',
      label: `seed ${size.posts} posts / ${size.users} users / ${size.likes} likes / ${postgresRun.seed.follows} follows (postgres)`,
      value: postgresRun.seed.timingsMs.total / 1000,
      unit: 's',
      note: `likes ${(postgresRun.seed.timingsMs.likes / 1000).toFixed(1)} s, follows ${(postgresRun.seed.timingsMs.follows / 1000).toFixed(1)} s`,
    });
  }

  // Feed rows as a fraction of the ceiling (measured once, on the same page bytes).
  const ceilingRps = ceilingResult?.requestsPerSecond ?? null;
  for (const row of rows) {
    if (/\.(feed|hashtag|explore|stories\.trays)\b/.test(row.id) || row.id === 'ceiling') {
      row.vsCeiling = ceilingRps && row.value !== null ? row.value / ceilingRps : null;
    }
  }

  const totalS = (performance.now() - runStarted) / 1000;
  const table = renderTable(rows);
  console.log(
    `\nPinhole bench (${mode}): ${size.posts} posts, ${size.users} users, ${size.likes} likes, ` +
      `${sqlite.seed.follows} follows; ` +
      `${settings.connections} connections × ${settings.durationS} s; ${machine.cpuModel}, ` +
      `${machine.cores} cores, ${machine.ramGb} GB RAM, node ${machine.node}\n`,
  );
  console.log(table);
  console.log(
    `\nfinished in ${totalS.toFixed(0)} s; load average now ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );

  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(
    outFile,
    JSON.stringify(
      {
        mode,
        startedAt: new Date(now).toISOString(),
        durationS: Math.round(totalS),
        size,
        connections: settings.connections,
        machine: { ...machine, loadAverageAtEnd: os.loadavg() },
        seed: { sqlite: sqlite.seed, postgres: postgresRun?.seed ?? null },
        rows,
        table,
      },
      null,
      2,
    ) + '\n',
  );
  log(`wrote ${path.relative(repoRoot, outFile)}`);
}

main()
  .catch((error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
