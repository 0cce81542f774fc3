/**
 * `npx tsx bench/profile.ts [--data-dir DIR] [--duration S] [--connections N]`
 *
 * CPU profiles of the real server under the feed load: one run signed out, one signed in (first
 * page, `limit=20`), each with `node --cpu-prof`, then a summary of where the time went. Without
 * --data-dir it seeds the --quick data set (2 000 posts) in a temp folder first; pass a folder kept
 * by `npm run bench -- --keep` to profile the full data set. Profiles go to --out (default
 * $TMPDIR/pinhole-profiles); open them in Chrome DevTools or speedscope for the full picture.
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
import { runFeed, signIn } from './lib/scenarios';
import { ensureServerBuilt, killAllServers, startServer } from './lib/server-process';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
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
    log(`seeding 2000 posts into ${dataDir}...`);
    const context = await createContext(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
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

  try {
    const reports: string[] = [];
    for (const signedIn of [false, true]) {
      const label = signedIn ? 'signed-in' : 'signed-out';
      const profileDir = path.join(outDir, label);
      fs.rmSync(profileDir, { recursive: true, force: true });
      const server = await startServer({
        port: await freePort(),
        dataDir,
        nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
      });
      try {
        const tokens = signedIn
          ? await Promise.all(
              ['demo@pinhole.local'].map((email) => signIn(server.url, email, seedPassword)),
            )
          : [];
        await server.waitUntilIdle();
        log(`${label}: ${settings.connections} connections for ${settings.durationS} s...`);
        const result = await runFeed(server.url, null, tokens, settings);
        log(
          `${label}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50Ms} ms, ` +
            `p99 ${result.p99Ms} ms, ${result.errors} errors`,
        );
      } finally {
        await server.stop();
      }
      const file = fs.readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
      if (!file) throw new Error(`no profile written in ${profileDir}`);
      const summary = summarizeProfile(path.join(profileDir, file), 25, 700);
      reports.push(renderSummary(`${label} feed (${path.join(profileDir, file)})`, summary));
    }
    console.log(reports.join('\n\n'));
  } finally {
    killAllServers();
    if (temporary) fs.rmSync(temporary, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
