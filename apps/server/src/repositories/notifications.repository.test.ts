import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LogEvent } from 'kysely';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate';
import type { DB } from '../db/schema';
import { SqliteDatabase } from '../db/sqlite-driver';
import { newId } from '../ids';
import { createPostgresDatabase, createTestPool, dialects } from '../test/harness';
import { insertPeople } from '../test/bulk-people';
import {
  countUnread,
  deleteLikeNotification,
  listNotifications,
  markAllRead,
} from './notifications.repository';
import { notifyOfLike, notifyWhileFollowing } from './notification-records.repository';
import { setLike } from './like-writes.repository';

/** The busy person of the notifications benchmark has 10,000; the others 30 each. */
const busyCount = 10_000;
const peopleCount = 2_000;
const othersEach = 30;

interface Subject {
  db: Kysely<DB>;
  captured: CompiledQuery[];
  /** The plan's text, and the tables it reads from start to end (no index). */
  explain(query: CompiledQuery): Promise<{ text: string; fullScans: string[] }>;
  close(): Promise<void>;
}

async function open(dialect: (typeof dialects)[number]): Promise<Subject> {
  const captured: CompiledQuery[] = [];
  const log = (event: LogEvent) => {
    if (event.level === 'query') captured.push(event.query);
  };
  if (dialect === 'sqlite') {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-notification-plans-'));
    const sqlite = new SqliteDatabase(path.join(folder, 'plans.db'));
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), log });
    await migrateToLatest(db);
    return {
      db,
      captured,
      async explain(query) {
        const { rows } = await db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
        );
        const details = rows.map((row) => row.detail);
        return {
          text: details.join('\n'),
          fullScans: details.flatMap((detail) => {
            const scan = /^SCAN (\w+)(.*)$/.exec(detail);
            return scan?.[1] && !/USING .*INDEX/.test(scan[2] ?? '') ? [scan[1]] : [];
          }),
        };
      },
      async close() {
        await db.destroy();
        fs.rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const database = await createPostgresDatabase();
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: createTestPool(database.url),
    }),
    log,
  });
  await migrateToLatest(db);
  return {
    db,
    captured,
    async explain(query) {
      const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      const text = rows.map((row) => row['QUERY PLAN']).join('\n');
      return { text, fullScans: [...text.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]!) };
    },
    async close() {
      await db.destroy();
      await database.drop();
    },
  };
}

describe.each(dialects)('notification queries on %s', (dialect) => {
  let subject: Subject;
  let busy: string;
  let actor: string;
  let postId: string;

  beforeAll(async () => {
    subject = await open(dialect);
    const { db } = subject;
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const people = Array.from({ length: peopleCount }, () => newId());
    busy = people[0]!;
    actor = people[1]!;
    postId = newId();
    await db.transaction().execute(async (trx) => {
      await insertPeople(
        trx,
        people,
        new Date(start).toISOString(),
        (id) => `u${id.replaceAll('-', '').slice(-20)}`,
      );
      // Enough posts that the planner looks them up by key, as on a real instance.
      const postIds = [postId, ...Array.from({ length: 999 }, () => newId())];
      await trx
        .insertInto('posts')
        .values(
          postIds.map((id, index) => ({
            id,
            user_id: people[index % 50]!,
            caption: null,
            created_at: new Date(start).toISOString(),
          })),
        )
        .execute();
      // Every post has its photo (a post without media is one being deleted).
      await trx
        .insertInto('media_attachments')
        .values(
          postIds.map((id, index) => ({
            id: newId(),
            post_id: id,
            position: 0,
            file_key: `user-uploads/seed/posts/${index}.jpg`,
            width: 1080,
            height: 1080,
            placeholder: null,
            variants: '[]',
            alt_text: null,
          })),
        )
        .execute();
      // The busy person follows `actor` (most of their first page) and every third person.
      await trx
        .insertInto('follows')
        .values(
          people
            .filter((_, index) => index === 1 || (index > 0 && index % 3 === 0))
            .map((followee) => ({
              follower_id: busy,
              followee_id: followee,
              created_at: new Date(start).toISOString(),
            })),
        )
        .execute();
      // The busy person's 10,000 (half read), then everyone else's.
      const rows = [];
      for (let index = 0; index < busyCount + peopleCount * othersEach; index++) {
        const recipient = index < busyCount ? busy : people[index % peopleCount]!;
        const createdAt = new Date(start + index * 1_000).toISOString();
        rows.push({
          id: newId(),
          user_id: recipient,
          actor_id: people[(index * 7 + 1) % peopleCount]!,
          type: index % 3 === 0 ? ('follow' as const) : ('like' as const),
          post_id: index % 3 === 0 ? null : postIds[index % postIds.length]!,
          comment_id: null,
          created_at: createdAt,
          read_at: index % 2 === 0 ? createdAt : null,
        });
      }
      for (let index = 0; index < rows.length; index += 500) {
        await trx
          .insertInto('notifications')
          .values(rows.slice(index, index + 500))
          .execute();
      }
    });
    // Fresh statistics (and PostgreSQL's visibility map), as a live database has.
    await db.executeQuery(
      CompiledQuery.raw(dialect === 'postgres' ? 'vacuum analyze notifications' : 'analyze'),
    );
  }, 120_000);
  afterAll(async () => {
    await subject?.close();
  });

  /** Runs `work` and explains the statements it sent. */
  const plansOf = async (work: () => Promise<unknown>) => {
    subject.captured.length = 0;
    await work();
    return Promise.all(subject.captured.map((query) => subject.explain(query)));
  };

  it('reads a page, a deep page and the unread count of a person with 10,000 through indexes', async () => {
    const first = await listNotifications(subject.db, busy, { limit: 31, unreadCap: 100 });
    expect(first.rows).toHaveLength(31);
    // The count rides on the rows: exact below the cap, the cap at or above it (5,000 unread).
    expect(first.unreadCount).toBe(100);
    const uncapped = await listNotifications(subject.db, busy, {
      limit: 31,
      unreadCap: busyCount,
    });
    expect(uncapped.unreadCount).toBe(busyCount / 2);
    expect(uncapped.rows).toEqual(first.rows);
    // Whether the person follows each actor, as the follow rows say.
    const follows = await subject.db
      .selectFrom('follows')
      .select('followee_id')
      .where('follower_id', '=', busy)
      .execute();
    const followed = new Set(follows.map((row) => row.followee_id));
    expect(first.rows.some((row) => row.actor_followed)).toBe(true);
    expect(first.rows.some((row) => !row.actor_followed)).toBe(true);
    for (const row of first.rows) expect(row.actor_followed).toBe(followed.has(row.actor.id));
    const last = first.rows.at(-1)!;
    // Past the last notification: no row carries the count.
    const none = await listNotifications(subject.db, busy, {
      limit: 31,
      unreadCap: 100,
      after: { createdAt: '2000-01-01T00:00:00.000Z', id: '' },
    });
    expect(none).toEqual({ rows: [], unreadCount: null });
    const pages = await plansOf(async () => {
      await listNotifications(subject.db, busy, { limit: 31, unreadCap: 100 });
      await listNotifications(subject.db, busy, {
        limit: 31,
        unreadCap: 100,
        after: { createdAt: last.created_at, id: last.id },
      });
    });
    expect(pages).toHaveLength(2);
    for (const plan of pages) {
      // `unread` is the capped count's subquery (at most 100 rows), not a table.
      expect(
        plan.fullScans.filter((scanned) => scanned !== 'unread'),
        plan.text,
      ).toEqual([]);
      // Newest first straight from notifications_newest: nothing sorted, whatever the depth.
      expect(plan.text).toContain('notifications_newest');
      expect(plan.text).not.toMatch(/TEMP B-TREE|Sort/);
      // The count reads notifications_unread; follows, like every table, is read by an index.
      expect(plan.text).toContain('notifications_unread');
    }
    // Exact below the cap; at the cap it stops counting (5,000 are unread).
    expect((await countUnread(subject.db, [busy, actor], busyCount)).get(busy)).toBe(busyCount / 2);
    const counts = await plansOf(async () => {
      const capped = await countUnread(subject.db, [busy, actor], 100);
      expect(capped.get(busy)).toBe(100);
      expect(capped.get(actor) ?? 0).toBeLessThanOrEqual(100);
    });
    // `unread` is the per-person subquery (at most 100 rows), not a table.
    for (const plan of counts) {
      expect(
        plan.fullScans.filter((scanned) => scanned !== 'unread'),
        plan.text,
      ).toEqual([]);
    }
  });

  it('finds the notification an unlike removes, and the unread ones to mark read, through indexes', async () => {
    for (const plan of await plansOf(async () => {
      await deleteLikeNotification(subject.db, actor, postId);
    })) {
      expect(plan.fullScans, plan.text).toEqual([]);
    }
    const plans = await plansOf(() => markAllRead(subject.db, actor, new Date().toISOString()));
    for (const plan of plans) expect(plan.fullScans, plan.text).toEqual([]);
  });

  it('records a like or a follow after the fact, asking whether it was told, through indexes', async () => {
    const now = new Date().toISOString();
    const plans = await plansOf(async () => {
      await notifyOfLike(subject.db, {
        id: newId(),
        actorId: actor,
        postId,
        createdAt: now,
      });
      await notifyWhileFollowing(
        subject.db,
        { followerId: busy, followeeId: actor },
        {
          id: newId(),
          userId: actor,
          actorId: busy,
          type: 'follow',
          createdAt: now,
          readAt: null,
          once: true,
        },
      );
    });
    expect(plans).toHaveLength(2);
    for (const plan of plans) expect(plan.fullScans, plan.text).toEqual([]);
  });

  it.runIf(dialect === 'postgres')(
    "likes and unlikes with the author's notification in one statement, through indexes",
    async () => {
      const like = (liked: boolean) =>
        setLike(subject.db, {
          id: newId(),
          notificationId: newId(),
          postId,
          userId: busy,
          createdAt: new Date().toISOString(),
          liked,
        });
      const plans = await plansOf(async () => {
        await like(true);
        await like(false);
      });
      expect(plans).toHaveLength(2);
      for (const plan of plans) expect(plan.fullScans, plan.text).toEqual([]);
    },
  );
});
