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
 * `--only postgres` (or `--only sqlite`) runs one database's rows; the ceiling is then measured
 * on that database's page 1. Each job is a file in bench/jobs/.
 * Prints one table and writes bench/results/latest.json.
 */
import type { ProcessedImage } from '../apps/server/src/media/image';
import type { SeedOptions } from '../apps/server/src/seed/seed.service';
import { makeSeedImagePool } from '../apps/server/src/seed/seed.service';
import { ensureWebBuilt } from './lib/client-bundle';
import type { LoadResult } from './lib/load';
import type { MachineInfo } from './lib/machine';
import { machineInfo } from './lib/machine';
import { ensureServerBuilt } from './lib/server-process';
import type { Row } from './lib/table';
import { imageBytesRows, measureCeiling } from './jobs/ceiling';
import type { DatabaseRun } from './jobs/database';
import { benchDatabase } from './jobs/database';
import { judgeGoals } from './jobs/goals';
import { notificationRows } from './jobs/notification-rows';
import { startBenchCluster } from './jobs/postgres';
import { clientRows, contextRows, report, shareOfCeiling } from './jobs/report';
import {
  args,
  attempt,
  cleanUp,
  loadRow,
  log,
  mode,
  runsPostgres,
  runsSqlite,
  size,
} from './jobs/state';
import { processImageRows, uploadRows } from './jobs/uploads';

async function main(): Promise<void> {
  const machine: MachineInfo = machineInfo();
  log(
    `mode ${mode}: ${machine.cpuModel}, ${machine.cores} cores, ${machine.ramGb} GB, node ` +
      `${machine.node}, load average ${machine.loadAverageAtStart.join(' ')}`,
  );
  ensureServerBuilt(log);
  const webBuilt = ensureWebBuilt(!args['no-web-build'] && runsSqlite, log);

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
  const processed = runsSqlite ? await processImageRows() : null;

  log('processing the seed photographs once for every database...');
  const pool: ProcessedImage[] = await makeSeedImagePool({
    ...seedOptions,
    onProgress: (message) => log(message),
  });

  // The ceiling is measured once, on the first database's page 1.
  const ceiling: { result: LoadResult | null; measured: boolean } = {
    result: null,
    measured: false,
  };
  const measureCeilingOnce = async (body: Buffer) => {
    if (ceiling.measured) return;
    ceiling.measured = true;
    ceiling.result = await measureCeiling(body);
  };

  // --- SQLite: everything ---
  let sqlite: DatabaseRun | null = null;
  if (runsSqlite && processed) {
    const uploads: Row[] = [];
    const bytesRows: Row[] = [];
    sqlite = await benchDatabase(
      'sqlite',
      undefined,
      { ...seedOptions, imagePool: pool },
      {
        onFirstPage: async (body, server) => {
          await measureCeilingOnce(body);
          bytesRows.push(...(await imageBytesRows(body, server)));
        },
        afterLikes: async (server, tokens, facts) => {
          uploads.push(...(await uploadRows(server, tokens, facts, processed.photo)));
        },
      },
    );
    rows.push(...sqlite.rows, ...processed.rows, ...uploads, ...bytesRows);
    rows.push(...(await notificationRows('sqlite', sqlite)));
  }

  // --- PostgreSQL: the feed and likes rows again ---
  let postgresRun: DatabaseRun | null = null;
  if (runsPostgres) {
    const url = await startBenchCluster();
    postgresRun = await attempt('postgres', () =>
      benchDatabase(
        'postgres',
        url,
        { ...seedOptions, imagePool: pool },
        { onFirstPage: (body) => measureCeilingOnce(body) },
      ),
    );
    if (postgresRun) rows.push(...postgresRun.rows);
    if (postgresRun) rows.push(...(await notificationRows('postgres', postgresRun)));
  }
  const ceilingResult = ceiling.result;
  rows.unshift(
    loadRow('ceiling', 'ceiling: node:http, same page bytes from memory', ceilingResult),
  );

  // --- e. the client, and how long the set-up took ---
  if (runsSqlite) rows.push(...clientRows(webBuilt));
  rows.push(...contextRows(sqlite, postgresRun));
  shareOfCeiling(rows, ceilingResult?.requestsPerSecond ?? null);
  judgeGoals(rows);
  report({
    machine,
    startedAt: now,
    rows,
    follows: (sqlite ?? postgresRun)?.seed.follows ?? 0,
    seed: { sqlite: sqlite?.seed ?? null, postgres: postgresRun?.seed ?? null },
  });
}

main()
  .catch((error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
