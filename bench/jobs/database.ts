import type { SeedOptions, SeedSummary } from '../../apps/server/src/seed/seed.service';
import { seedPassword } from '../../apps/server/src/seed/seed.service';
import { freePort } from '../../apps/server/src/test/postgres-cluster';
import {
  aloneWithMetrics,
  measureMetricsCost,
  metricsCostNote,
  scrapeIntervalS,
} from '../lib/metrics-cost';
import { feedPath, runFeed, runFeedUnderWrites, runLikes, signIn } from '../lib/scenarios';
import type { ServerProcess } from '../lib/server-process';
import { startServer } from '../lib/server-process';
import type { Row } from '../lib/table';
import type { SeededFacts } from './facts';
import { countMismatches, seedInto } from './facts';
import { followWriteRows } from './follow-writes';
import { discoveryRows, followReadRows } from './reads';
import {
  attempt,
  cleanups,
  loadRow,
  log,
  mode,
  settings,
  size,
  temporaryDir,
  writesAlongside,
} from './state';
import { storyRows } from './story-rows';

export interface DatabaseRun {
  /** DATA_DIR and DATABASE_URL of the seeded database. */
  env: Record<string, string>;
  rows: Row[];
  seed: SeedSummary;
  serverReadyMs: number;
  serverSettleMs: number;
}

/** Seeds one database, starts the server on it, and measures feed and likes (and more on SQLite). */
export async function benchDatabase(
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
export async function metricsCostRow(kind: 'sqlite', dataDir: string): Promise<Row> {
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
