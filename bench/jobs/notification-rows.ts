import { createContext } from '../../apps/server/src/create-context';
import { loadConfig } from '../../apps/server/src/env';
import { seedPassword } from '../../apps/server/src/seed/seed.service';
import { freePort } from '../../apps/server/src/test/postgres-cluster';
import {
  openManyStreams,
  runNotificationsList,
  seedNotifications,
  timeLikeToStream,
} from '../lib/notifications';
import { signIn } from '../lib/scenarios';
import type { ServerProcess } from '../lib/server-process';
import { startServer } from '../lib/server-process';
import type { Row } from '../lib/table';
import type { DatabaseRun } from './database';
import {
  attempt,
  cleanups,
  loadRow,
  log,
  mb,
  percentile,
  settings,
  size,
  temporaryDir,
} from './state';

/**
 * Issue 19 on a seeded database: the notifications list of a person with many, then on SQLite
 * many open event streams (RSS) with a like timed to its author's stream alongside; on
 * PostgreSQL the like is made on one instance and the stream read from another. The servers run
 * with RATE_LIMITS=false: the streams come from one address, and 2,000 browsers would not.
 */
export async function notificationRows(
  kind: 'sqlite' | 'postgres',
  run: DatabaseRun,
): Promise<Row[]> {
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
