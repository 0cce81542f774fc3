import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { createContext } from './create-context';
import { ConfigError, loadConfig, readEnvironment } from './env';
import { purgeExpiredSessions, runMaintenance } from './maintenance';
import { seedDemoIfEmpty } from './seed/demo';
import { mailNotice, startupBanner } from './startup-banner';

/** How long after start the orphan sweep and the variant backfill run. */
const maintenanceDelayMs = 60_000;

/** How often expired stories' rows and files are removed (hidden from the instant they expire). */
const storyExpiryIntervalMs = 5 * 60_000;

/** How often expired sessions' rows are deleted (refused from the instant they expire). */
const sessionPurgeIntervalMs = 60 * 60_000;

/** How often the change log behind the read caches is pruned. */
const changePruneIntervalMs = 60_000;

/** The built client sits beside the server in the repository: apps/web/dist. */
function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(readEnvironment(), { stdoutIsTerminal: process.stdout.isTTY === true });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  config.webDistDir ??= defaultWebDist();

  const context = await createContext(config);
  const app = await buildApp(context);
  // Through the logger, as every other line the server writes: a JSON log stays all JSON.
  if (config.demo) await seedDemoIfEmpty(context, (line) => app.log.info(line));

  // A minute after start, not at once: on a large instance the sweep reads every post and file
  // (half a minute of CPU at 100k posts), and a restart should serve first. SWEEP_ON_START=false
  // leaves both to `npm run sweep` from cron.
  if (config.sweepOnStart) {
    const maintenanceTimer = setTimeout(() => {
      runMaintenance(context, app.log).catch((error: unknown) =>
        app.log.warn({ err: error }, 'start-up maintenance failed'),
      );
    }, maintenanceDelayMs);
    maintenanceTimer.unref();
    app.addHook('onClose', async () => clearTimeout(maintenanceTimer));
  }

  // The change log behind the read caches only needs its last few minutes.
  const pruneTimer = setInterval(() => {
    context.caches.pruneChanges().catch((error: unknown) => {
      app.log.warn({ err: error }, 'pruning the cache change log failed');
    });
  }, changePruneIntervalMs);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));

  // Expired stories are in no list from the instant they expire (every query compares
  // `expires_at`); this only frees their rows and files, so a few minutes late is fine.
  const storyTimer = setInterval(() => {
    context.services.stories.removeExpired().catch((error: unknown) => {
      app.log.warn({ err: error }, 'removing expired stories failed');
    });
  }, storyExpiryIntervalMs);
  storyTimer.unref();
  app.addHook('onClose', async () => clearInterval(storyTimer));

  // Sessions past their expiry are refused already; this frees their rows, in batches, and is
  // safe to run on every instance at once (see AuthService.purgeExpiredSessions).
  const sessionTimer = setInterval(() => {
    purgeExpiredSessions(context, app.log).catch((error: unknown) => {
      app.log.warn({ err: error }, 'removing expired sessions failed');
    });
  }, sessionPurgeIntervalMs);
  sessionTimer.unref();
  app.addHook('onClose', async () => clearInterval(sessionTimer));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    // The database closes after every onClose hook (Fastify runs them last-added first, so a hook
    // closing it would run before the federation queue's and the deliveries' own clean-up).
    app
      .close()
      .then(() => context.database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const banner = startupBanner(config);
  app.log.info({ serving: banner.serving }, banner.message);
  if (!context.videoTools) {
    app.log.warn(
      `Videos are off: ffmpeg/ffprobe not found (${config.video.ffmpegPath}, ${config.video.ffprobePath}). Install ffmpeg (apt install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH.`,
    );
  }
  const noMail = mailNotice(config);
  if (noMail) app.log.warn(noMail);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
