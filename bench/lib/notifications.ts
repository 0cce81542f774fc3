/**
 * The notifications list of a busy person, many open event streams on one instance,
 * and how long a like takes to reach its author's stream (on one instance, or across two).
 */
import type { AppContext } from '../../apps/server/src/app-context';
import { sql } from 'kysely';
import { newId } from '../../apps/server/src/ids';
import type { OpenedStream } from '../../apps/server/src/test/event-stream';
import { openEventStream } from '../../apps/server/src/test/event-stream';
import type { LoadResult } from './load';
import { runLoad } from './load';
import type { LoadSettings } from './scenarios';
import { residentBytes } from './server-process';

export interface NotificationFacts {
  /** The person who gets the notifications, and a post of theirs others like. */
  recipient: { id: string; email: string; postId: string };
  /** People who like that post in the latency runs (never the recipient). */
  likerEmails: string[];
}

const rowsPerInsert = 500;

/**
 * Gives the person with the most posts `count` notifications from others — likes and mentions of
 * their posts, follows — spread over the last 30 days, the older half read. Written directly (as
 * the seed writes likes): the scenario measures reading them, not making them.
 */
export async function seedNotifications(
  context: AppContext,
  count: number,
  now: number,
): Promise<NotificationFacts> {
  const { db } = context.database;
  const recipient = await db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.id')
    .select(['users.id', 'users.email'])
    .orderBy('profiles.posts_count', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const posts = await db
    .selectFrom('posts')
    .select('id')
    .where('user_id', '=', recipient.id)
    .limit(200)
    .execute();
  const others = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '<>', recipient.id)
    .orderBy('created_at')
    .limit(1000)
    .execute();
  const firstPost = posts[0];
  if (!firstPost || others.length === 0) throw new Error('the seed has no post or no other person');
  // The timed likes go to the first post: no written notification may name it, or a like there
  // would find itself told already (a notification without its like, which the app never makes)
  // and tell nobody.
  const notedPosts = posts.length > 1 ? posts.slice(1) : posts;
  const span = 30 * 24 * 3600 * 1000;
  const types = ['like', 'like', 'like', 'follow', 'mention'] as const;
  for (let start = 0; start < count; start += rowsPerInsert) {
    const rows = [];
    for (let index = start; index < Math.min(count, start + rowsPerInsert); index++) {
      const type = types[index % types.length]!;
      const createdAt = new Date(now - span + Math.floor((span * index) / count)).toISOString();
      rows.push({
        id: newId(),
        user_id: recipient.id,
        actor_id: others[index % others.length]!.id,
        type,
        post_id: type === 'follow' ? null : notedPosts[index % notedPosts.length]!.id,
        comment_id: null,
        created_at: createdAt,
        read_at: index < count / 2 ? createdAt : null,
      });
    }
    await db.insertInto('notifications').values(rows).execute();
  }
  // As the seed does after its bulk load: a live database has statistics on a table that grew to
  // 10,000 rows (autovacuum analyzes it), and without them PostgreSQL sorted the person's every
  // notification for each page. SQLite is left alone, as the seed leaves it (seed.repository.ts).
  // VACUUM too on PostgreSQL: autovacuum would have set the visibility map, which lets the
  // unread count read the index alone instead of visiting 5,000 rows.
  if (context.database.dialect === 'postgres') await sql`vacuum analyze notifications`.execute(db);
  return {
    recipient: { id: recipient.id, email: recipient.email, postId: firstPost.id },
    likerEmails: others.slice(0, 8).map((person) => person.email),
  };
}

/** GET /api/notifications (first page) as the busy person, over and over. */
export function runNotificationsList(
  baseUrl: string,
  token: string,
  settings: LoadSettings,
): Promise<LoadResult> {
  return runLoad({
    url: baseUrl,
    ...settings,
    requests: [
      { method: 'GET', path: '/api/notifications', headers: { authorization: `Bearer ${token}` } },
    ],
  });
}

/**
 * Opens `count` event streams (as the given people in turn) and reports the server's RSS before
 * and with them open. The streams stay open for what follows; `close` ends them.
 */
export async function openManyStreams(
  baseUrl: string,
  pid: number,
  tokens: readonly string[],
  count: number,
): Promise<{
  baselineRssBytes: number | null;
  openRssBytes: number | null;
  open: number;
  close(): void;
}> {
  const baselineRssBytes = residentBytes(pid);
  const streams: OpenedStream[] = [];
  const batch = 100;
  for (let start = 0; start < count; start += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, (_, index) =>
        openEventStream(baseUrl, tokens[(start + index) % tokens.length]),
      ),
    );
    streams.push(...opened);
    // Each has had its first event: it is registered and counted.
    await Promise.all(
      opened.filter((stream) => stream.status === 200).map((stream) => stream.nextCount(10_000)),
    );
  }
  const open = streams.filter((stream) => stream.status === 200).length;
  return {
    baselineRssBytes,
    openRssBytes: residentBytes(pid),
    open,
    close: () => {
      for (const stream of streams) stream.close();
    },
  };
}

/**
 * Times `runs` likes (each undone before the next) from the moment the like is sent until the
 * author's stream — on `streamUrl`, maybe another instance — tells the new count. Milliseconds.
 */
export async function timeLikeToStream(options: {
  likeUrl: string;
  streamUrl: string;
  authorToken: string;
  likerTokens: readonly string[];
  postId: string;
  runs: number;
}): Promise<number[]> {
  const like = (token: string, method: 'PUT' | 'DELETE') =>
    fetch(`${options.likeUrl}/api/posts/${options.postId}/like`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    }).then(async (response) => {
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${method} like answered ${response.status}`);
    });
  // The seed may have made some of these likes already: a like that exists tells nobody.
  for (const token of options.likerTokens) await like(token, 'DELETE');
  // The author has just read their notifications (as after opening the panel): `unread_count`
  // stops at unreadCountCap, and with 5,000 unread a like would not change what the stream says.
  const read = await fetch(`${options.likeUrl}/api/notifications/read`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.authorToken}` },
  });
  await read.arrayBuffer();
  if (!read.ok) throw new Error(`POST /api/notifications/read answered ${read.status}`);
  const stream = await openEventStream(options.streamUrl, options.authorToken);
  if (stream.status !== 200) throw new Error(`GET /api/events answered ${stream.status}`);
  try {
    let count = await stream.nextCount(10_000);
    const times: number[] = [];
    for (let run = 0; run < options.runs; run++) {
      const token = options.likerTokens[run % options.likerTokens.length]!;
      const started = performance.now();
      const told = stream.nextCount(10_000);
      await like(token, 'PUT');
      const next = await told;
      times.push(performance.now() - started);
      if (next !== count + 1) throw new Error(`the stream told ${next}, expected ${count + 1}`);
      const untold = stream.nextCount(10_000);
      await like(token, 'DELETE');
      count = await untold;
    }
    return times.sort((a, b) => a - b);
  } finally {
    stream.close();
  }
}
