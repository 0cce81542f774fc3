import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { limits } from '@pinhole/contracts';
import type { Insertable, LogEvent } from 'kysely';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { SqliteDatabase } from './sqlite-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../ids';
import { listBlockedEitherWay } from '../repositories/blocks.repository';
import { listCommentPreviews, listComments } from '../repositories/comments.repository';
import { likedPostIds } from '../repositories/likes.repository';
import {
  listExploreCandidates,
  listHashtagPosts,
  listMentioningPosts,
} from '../repositories/post-tags.repository';
import { listPosts } from '../repositories/posts.repository';
import { listFolloweeTerms, searchHashtags, searchPeople } from '../repositories/search.repository';
import { listTrayStories } from '../repositories/stories.repository';
import type { TestDialect } from '../test/harness';
import { insertPeople } from '../test/bulk-people';
import { createPostgresDatabase, createTestPool } from '../test/harness';
import { migrateToLatest } from './migrate';
import type { CommentsTable, DB, LikesTable, PostsTable } from './schema';

type SeedPost = Insertable<PostsTable>;

/** Big enough that a full scan costs far more than an index walk, small enough to seed in ~1 s. */
// Enough people that a full scan of profiles costs the planner more than lookups by key.
const userCount = 5_000;
/** Most people never post: the posts belong to the first 200, 25 each. */
const authorCount = 200;
const postCount = 5_000;
const pageSize = limits.feedDefaultLimit + 1; // the service asks for one extra row

interface Plan {
  /** Every index any node of the plan reads. */
  indexes: Set<string>;
  /** Tables read from start to end without an index. */
  fullScans: Set<string>;
  /** What each index is searched with (where the walk starts), e.g. `user_id = $1`. */
  seeks: string[];
  text: string;
}

interface PlanSubject {
  db: Kysely<DB>;
  /** Statements the repositories ran, with their parameters, since the last reset. */
  captured: CompiledQuery[];
  explain(query: CompiledQuery): Promise<Plan>;
  close(): Promise<void>;
}

function collectPostgresPlan(node: Record<string, unknown>, plan: Plan): void {
  const indexName = node['Index Name'];
  if (typeof indexName === 'string') plan.indexes.add(indexName);
  const condition = node['Index Cond'];
  if (typeof condition === 'string') plan.seeks.push(condition);
  const relation = node['Relation Name'];
  if (node['Node Type'] === 'Seq Scan' && typeof relation === 'string') {
    plan.fullScans.add(relation);
  }
  for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) {
    collectPostgresPlan(child, plan);
  }
}

async function openPostgres(): Promise<PlanSubject> {
  const database = await createPostgresDatabase();
  const pool = createTestPool(database.url);
  const captured: CompiledQuery[] = [];
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event: LogEvent) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  await migrateToLatest(db);
  return {
    db,
    captured,
    async explain(query) {
      // The same text and the same parameters as the repository sent: the plan it really gets.
      const result = await db.executeQuery<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      );
      const root = result.rows[0]?.['QUERY PLAN'][0]?.Plan ?? {};
      const plan: Plan = {
        indexes: new Set(),
        fullScans: new Set(),
        seeks: [],
        text: JSON.stringify(root, null, 1),
      };
      collectPostgresPlan(root, plan);
      return plan;
    },
    async close() {
      await db.destroy();
      await database.drop();
    },
  };
}

async function openSqlite(): Promise<PlanSubject> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-plans-'));
  const captured: CompiledQuery[] = [];
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(folder, 'plans.db')) }),
    log: (event: LogEvent) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  await migrateToLatest(db);
  return {
    db,
    captured,
    async explain(query) {
      const result = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      const plan: Plan = {
        indexes: new Set(),
        fullScans: new Set(),
        seeks: [],
        text: result.rows.map((row) => row.detail).join('\n'),
      };
      for (const { detail } of result.rows) {
        const index = /USING (?:COVERING )?INDEX (\S+)/.exec(detail);
        if (index?.[1]) plan.indexes.add(index[1]);
        const seek = /^SEARCH \w+ USING .*INDEX \S+ \((.*)\)$/.exec(detail);
        if (seek?.[1]) plan.seeks.push(seek[1]);
        const scan = /^SCAN (\w+)(.*)$/.exec(detail);
        if (scan?.[1] && !/USING .*INDEX/.test(scan[2] ?? '')) plan.fullScans.add(scan[1]);
      }
      return plan;
    },
    async close() {
      await db.destroy();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function insertInBatches<
  T extends
    | 'posts'
    | 'media_attachments'
    | 'likes'
    | 'comments'
    | 'follows'
    | 'search_terms'
    | 'post_hashtags'
    | 'post_mentions'
    | 'hashtags'
    | 'stories'
    | 'blocks',
>(db: Kysely<DB>, table: T, rows: Insertable<DB[T]>[]): Promise<void> {
  // Under SQLite's 32766 and PostgreSQL's 65535 bound parameters per statement.
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

const usernameOf = (id: string) => `u${id.replaceAll('-', '').slice(-20)}`;

/**
 * A small social network: 200 users, 5000 posts over a few months, ~22k likes, ~12k comments.
 * Written straight through Kysely in one transaction, then the planner's statistics are refreshed.
 */
async function seed(db: Kysely<DB>): Promise<{ userIds: string[]; posts: SeedPost[] }> {
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const userIds = Array.from({ length: userCount }, () => newId());
  const posts: SeedPost[] = Array.from({ length: postCount }, (_, index) => ({
    id: newId(),
    user_id: userIds[(index * 7) % authorCount]!,
    caption: `post ${index}`,
    // Every 10th post shares its millisecond with the previous one: the id breaks the tie.
    created_at: new Date(start + (index - (index % 10 === 9 ? 1 : 0)) * 1_000_003).toISOString(),
  }));
  const likes: LikesTable[] = [];
  const comments: CommentsTable[] = [];
  posts.forEach((post, index) => {
    for (let like = 0; like < index % 9; like++) {
      likes.push({
        id: newId(),
        post_id: post.id,
        user_id: userIds[(index + like * 13) % userCount]!,
        created_at: post.created_at,
      });
    }
    for (let comment = 0; comment < index % 6; comment++) {
      comments.push({
        id: newId(),
        post_id: post.id,
        user_id: userIds[(index + comment * 31) % userCount]!,
        content: `comment ${comment}`,
        created_at: new Date(Date.parse(post.created_at) + comment * 60_000).toISOString(),
      });
    }
  });
  await db.transaction().execute(async (trx) => {
    await insertPeople(trx, userIds, new Date(start).toISOString(), usernameOf);
    await insertInBatches(
      trx,
      'follows',
      Array.from({ length: authorCount / 2 }, (_, index) => ({
        follower_id: userIds[0]!,
        followee_id: userIds[index * 2 + 1]!,
        created_at: new Date(start).toISOString(),
      })),
    );
    // Everyone else's follows: 2000 people following 5 authors each, so that the viewer's are a
    // few rows of many, as on a real instance.
    await insertInBatches(
      trx,
      'follows',
      Array.from({ length: 2_000 * 5 }, (_, index) => ({
        follower_id: userIds[1_000 + Math.floor(index / 5)]!,
        followee_id: userIds[(Math.floor(index / 5) + (index % 5) * 37) % authorCount]!,
        created_at: new Date(start).toISOString(),
      })),
    );
    await insertInBatches(trx, 'posts', posts);
    await insertInBatches(
      trx,
      'media_attachments',
      posts.map((post, index) => ({
        id: post.id,
        post_id: post.id,
        position: 0,
        file_key: `user-uploads/seed/posts/${index}.jpg`,
        width: 1080,
        height: 1080,
        placeholder: null,
        variants: '[]',
        alt_text: null,
      })),
    );
    await insertInBatches(trx, 'likes', likes);
    await insertInBatches(trx, 'comments', comments);
    // Discovery: everyone is found by their username and the word "seed"; each post carries one
    // of 50 hashtags and one of its own, and every fifth mentions someone.
    await insertInBatches(
      trx,
      'search_terms',
      userIds.flatMap((id, index) => [
        { term: usernameOf(id), profile_id: id },
        { term: `seed${index % 100}`, profile_id: id },
      ]),
    );
    await insertInBatches(
      trx,
      'post_hashtags',
      posts.flatMap((post, index) => [
        { post_id: post.id, hashtag: `tag${index % 50}`, created_at: post.created_at },
        // And a tag of its own: most hashtags are used once.
        { post_id: post.id, hashtag: `once${index}`, created_at: post.created_at },
      ]),
    );
    await insertInBatches(
      trx,
      'post_mentions',
      posts
        .filter((_post, index) => index % 5 === 0)
        .map((post, index) => ({
          post_id: post.id,
          profile_id: userIds[(index * 3) % authorCount]!,
          created_at: post.created_at,
        })),
    );
  });
  await sql`analyze`.execute(db);
  return { userIds, posts };
}

const planDialects: { name: TestDialect; open(): Promise<PlanSubject> }[] = [
  { name: 'postgres', open: openPostgres },
  { name: 'sqlite', open: openSqlite },
];

describe.each(planDialects)('query plans on $name with 5000 posts', ({ open }) => {
  let subject: PlanSubject;
  let userIds: string[];
  let newestFirst: SeedPost[];
  let posts: SeedPost[];

  beforeAll(async () => {
    subject = await open();
    const seeded = await seed(subject.db);
    userIds = seeded.userIds;
    posts = seeded.posts;
    newestFirst = [...seeded.posts].sort((x, y) =>
      x.created_at === y.created_at
        ? y.id.localeCompare(x.id)
        : y.created_at.localeCompare(x.created_at),
    );
  });
  afterAll(async () => {
    await subject?.close();
  });

  /** Runs a repository function and returns the plan of the one statement it sent. */
  async function planOf(run: (db: Kysely<DB>) => Promise<unknown>) {
    subject.captured.length = 0;
    const result = await run(subject.db);
    expect(subject.captured).toHaveLength(1);
    const plan = await subject.explain(subject.captured[0]!);
    return { result, plan };
  }

  /**
   * The plan reads one of `indexes`, never scans `tables` whole, and, with `seekColumn`, starts
   * its index walk from a condition on that column (not a filter applied to every row walked).
   */
  function expectIndexed(plan: Plan, indexes: string[], tables: string[], seekColumn?: string) {
    const message = `plan:\n${plan.text}`;
    expect(
      indexes.some((index) => plan.indexes.has(index)),
      `expected one of ${indexes.join(', ')}; ${message}`,
    ).toBe(true);
    for (const table of tables) {
      expect(plan.fullScans.has(table), `full scan of ${table}; ${message}`).toBe(false);
    }
    if (seekColumn) {
      expect(
        plan.seeks.some((seek) => seek.includes(seekColumn)),
        `no index seek on ${seekColumn}; ${message}`,
      ).toBe(true);
    }
  }

  it('(the plan reader itself sees a full scan and an index seek when there is one)', async () => {
    const { plan } = await planOf((db) =>
      db.selectFrom('posts').select('id').where('caption', '=', 'post 7').execute(),
    );
    expect(plan.fullScans.has('posts'), plan.text).toBe(true);
    const seek = await planOf((db) =>
      db.selectFrom('comments').select('id').where('post_id', '=', 'x').execute(),
    );
    expectIndexed(seek.plan, ['comments_by_post'], ['comments'], 'post_id');
  });

  it('the first feed page walks posts_feed', async () => {
    const { result, plan } = await planOf((db) => listPosts(db, { limit: pageSize }));
    expectIndexed(plan, ['posts_feed'], ['posts']);
    expect((result as { id: string }[]).map((row) => row.id)).toEqual(
      newestFirst.slice(0, pageSize).map((post) => post.id),
    );
  });

  it('a keyset page (cursor) walks posts_feed from the cursor', async () => {
    const cursor = newestFirst[2_499]!;
    const { result, plan } = await planOf((db) =>
      listPosts(db, { limit: pageSize, after: { createdAt: cursor.created_at, id: cursor.id } }),
    );
    // The walk starts at the cursor instead of skipping the 2500 newer posts one by one.
    expectIndexed(plan, ['posts_feed'], ['posts'], 'created_at');
    expect((result as { id: string }[]).map((row) => row.id)).toEqual(
      newestFirst.slice(2_500, 2_500 + pageSize).map((post) => post.id),
    );
  });

  it('an offset page walks posts_feed', async () => {
    const { plan } = await planOf((db) => listPosts(db, { limit: pageSize, offset: 40 }));
    expectIndexed(plan, ['posts_feed'], ['posts']);
  });

  it("a user's posts (first and keyset page) use posts_by_user", async () => {
    const userId = userIds[3]!;
    const own = newestFirst.filter((post) => post.user_id === userId);
    const first = await planOf((db) => listPosts(db, { limit: pageSize, userId }));
    expectIndexed(first.plan, ['posts_by_user'], ['posts'], 'user_id');
    expect((first.result as { id: string }[]).map((row) => row.id)).toEqual(
      own.slice(0, pageSize).map((post) => post.id),
    );
    const cursor = own[4]!;
    const next = await planOf((db) =>
      listPosts(db, {
        limit: pageSize,
        userId,
        after: { createdAt: cursor.created_at, id: cursor.id },
      }),
    );
    expectIndexed(next.plan, ['posts_by_user'], ['posts'], 'created_at');
  });

  it('liked_by_me for a page looks the viewer up in a likes index', async () => {
    const page = newestFirst.slice(0, limits.feedDefaultLimit).map((post) => post.id);
    const { plan } = await planOf((db) => likedPostIds(db, userIds[10]!, page));
    expectIndexed(
      plan,
      ['likes_by_user', 'likes_post_user', 'sqlite_autoindex_likes_2'],
      ['likes', 'posts'],
      'user_id',
    );
  });

  it('the comments preview of a page reads comments_by_post', async () => {
    const page = newestFirst.slice(0, limits.feedDefaultLimit).map((post) => post.id);
    const { result, plan } = await planOf((db) =>
      listCommentPreviews(db, page, limits.commentsPreviewCount),
    );
    // Authors by primary key: joined before the cut, PostgreSQL hashed all of profiles.
    expectIndexed(plan, ['comments_by_post'], ['comments', 'posts', 'profiles'], 'post_id');
    expect((result as unknown[]).length).toBeGreaterThan(0);
  });

  it('the Following feed walks posts_feed from the cursor, keeping followed authors', async () => {
    const viewer = userIds[0]!;
    const followed = new Set(
      Array.from({ length: authorCount / 2 }, (_, index) => userIds[index * 2 + 1]!),
    );
    const theirs = newestFirst.filter((post) => followed.has(post.user_id));
    const first = await planOf((db) => listPosts(db, { limit: pageSize, followedBy: viewer }));
    expectIndexed(first.plan, ['posts_feed'], ['posts']);
    expect((first.result as { id: string }[]).map((row) => row.id)).toEqual(
      theirs.slice(0, pageSize).map((post) => post.id),
    );
    const cursor = theirs[1_000]!;
    const deep = await planOf((db) =>
      listPosts(db, {
        limit: pageSize,
        followedBy: viewer,
        after: { createdAt: cursor.created_at, id: cursor.id },
      }),
    );
    expectIndexed(deep.plan, ['posts_feed'], ['posts'], 'created_at');
    expect((deep.result as { id: string }[]).map((row) => row.id)).toEqual(
      theirs.slice(1_001, 1_001 + pageSize).map((post) => post.id),
    );
  });

  it('the everyone feed without private accounts still walks posts_feed', async () => {
    const { plan } = await planOf((db) => listPosts(db, { limit: pageSize, publicOnly: true }));
    expectIndexed(plan, ['posts_feed'], ['posts']);
  });

  const searchTermsKey = ['search_terms_pair', 'sqlite_autoindex_search_terms_1'];

  it('a people search reads a range of search_terms by its key', async () => {
    // A common prefix (seed1, seed10…seed19: 11 in 100 people) may instead walk the most
    // followed people and probe each one's terms, stopping at the 20th found; a rare one must
    // find its few people from the range.
    const common = await planOf((db) =>
      searchPeople(db, { words: ['seed1'], limit: limits.searchProfilesLimit }),
    );
    expectIndexed(
      common.plan,
      [...searchTermsKey, 'search_terms_by_profile'],
      ['search_terms', 'profiles'],
    );
    expect((common.result as unknown[]).length).toBe(limits.searchProfilesLimit);
    const username = usernameOf(userIds[5]!);
    const rare = await planOf((db) =>
      searchPeople(db, { words: [username.slice(0, 12)], limit: limits.searchProfilesLimit }),
    );
    expectIndexed(rare.plan, searchTermsKey, ['search_terms', 'profiles'], 'term');
    expect((rare.result as { username: string }[]).map((row) => row.username)).toContain(username);
    const two = await planOf((db) =>
      searchPeople(db, { words: [username.slice(0, 12), 'seed'], limit: 20 }),
    );
    expectIndexed(two.plan, searchTermsKey, ['search_terms', 'profiles'], 'term');
  });

  it("a signed-in search reads the viewer's follows by key, and each one's terms", async () => {
    const { result, plan } = await planOf((db) => listFolloweeTerms(db, userIds[0]!));
    expectIndexed(
      plan,
      ['follows_pair', 'sqlite_autoindex_follows_1', 'follows_following_list'],
      ['search_terms', 'profiles', 'follows'],
      'follower_id',
    );
    // 100 people followed, each found by their username and one "seed" word.
    expect((result as unknown[]).length).toBe(200);
  });

  it('a hashtag search reads a range of hashtags by its key and one of their folded names', async () => {
    // Migration 0008's triggers counted the seeded post_hashtags: tag0…tag49, 100 posts each,
    // and 5000 hashtags of one post.
    const { result, plan } = await planOf((db) =>
      searchHashtags(db, 'tag1', limits.searchHashtagsLimit),
    );
    expectIndexed(plan, ['hashtags_pkey', 'sqlite_autoindex_hashtags_1'], ['hashtags'], 'name');
    expectIndexed(plan, ['hashtags_by_folded'], ['hashtags'], 'folded');
    expect((result as unknown[]).length).toBe(limits.searchHashtagsLimit);
  });

  it("a hashtag's posts walk post_hashtags_newest from the tag (and from the cursor)", async () => {
    const tagged = newestFirst.filter((post) => posts.indexOf(post) % 50 === 7);
    const first = await planOf((db) => listHashtagPosts(db, 'tag7', { limit: pageSize }));
    expectIndexed(
      first.plan,
      ['post_hashtags_newest'],
      ['posts', 'profiles', 'post_hashtags'],
      'hashtag',
    );
    expect((first.result as { id: string }[]).map((row) => row.id)).toEqual(
      tagged.slice(0, pageSize).map((post) => post.id),
    );
    const cursor = tagged[50]!;
    const next = await planOf((db) =>
      listHashtagPosts(db, 'tag7', {
        limit: pageSize,
        after: { createdAt: cursor.created_at, id: cursor.id },
      }),
    );
    expectIndexed(
      next.plan,
      ['post_hashtags_newest'],
      ['posts', 'profiles', 'post_hashtags'],
      'created_at',
    );
    expect((next.result as { id: string }[]).map((row) => row.id)).toEqual(
      tagged.slice(51, 51 + pageSize).map((post) => post.id),
    );
  });

  it("a person's tagged posts walk post_mentions_newest", async () => {
    const first = await planOf((db) => listMentioningPosts(db, userIds[3]!, { limit: pageSize }));
    expectIndexed(
      first.plan,
      ['post_mentions_newest'],
      ['posts', 'profiles', 'post_mentions'],
      'profile_id',
    );
    expect((first.result as unknown[]).length).toBeGreaterThan(0);
  });

  it("explore's candidates walk posts_feed", async () => {
    const { result, plan } = await planOf((db) => listExploreCandidates(db, 1_000));
    expectIndexed(plan, ['posts_feed'], ['posts']);
    expect((result as unknown[]).length).toBe(1_000);
  });
  it("a viewer's blocks, and the comments of a post without them, read blocks by key", async () => {
    // 3,000 blocks among the first people, so a scan of blocks would cost the planner something.
    await insertInBatches(
      subject.db,
      'blocks',
      userIds.slice(1, 3_001).map((userId, index) => ({
        blocker_id: index % 2 === 0 ? userIds[0]! : userId,
        blocked_id: index % 2 === 0 ? userId : userIds[0]!,
        created_at: '2026-05-01T00:00:00.000Z',
      })),
    );
    await sql`analyze`.execute(subject.db);
    const hidden = await planOf((db) => listBlockedEitherWay(db, userIds[4_000]!));
    expect(hidden.plan.fullScans.has('blocks'), hidden.plan.text).toBe(false);
    expect(
      hidden.plan.seeks.some((seek) => seek.includes('blocker_id')),
      hidden.plan.text,
    ).toBe(true);
    expect(
      hidden.plan.seeks.some((seek) => seek.includes('blocked_id')),
      hidden.plan.text,
    ).toBe(true);
    const comments = await planOf((db) => listComments(db, posts[0]!.id, userIds[0]));
    expectIndexed(comments.plan, ['comments_by_post'], ['comments', 'blocks'], 'post_id');
  });

  it("a viewer's story trays probe stories_by_user per person followed, never scanning stories", async () => {
    // Last: these rows are not part of the other plans' data. 2,000 people with two stories
    // each, one expired and one live at `now`.
    const now = '2026-06-01T00:00:00.000Z';
    await insertInBatches(
      subject.db,
      'stories',
      userIds.slice(0, 2_000).flatMap((userId, index) =>
        ['2026-05-31T12:00:00.000Z', '2026-06-01T12:00:00.000Z'].map((expiresAt, which) => ({
          id: newId(),
          user_id: userId,
          image_key: `user-uploads/seed/stories/${index}-${which}.jpg`,
          width: 1080,
          height: 1920,
          placeholder: null,
          variants: '[]',
          created_at: new Date(Date.parse(expiresAt) - limits.storyLifetimeMs).toISOString(),
          expires_at: expiresAt,
        })),
      ),
    );
    await sql`analyze`.execute(subject.db);
    const { result, plan } = await planOf((db) => listTrayStories(db, userIds[0]!, now));
    expectIndexed(plan, ['stories_by_user'], ['stories', 'follows'], 'user_id');
    // The viewer's own live story and one of each of the 100 people they follow.
    expect((result as unknown[]).length).toBe(authorCount / 2 + 1);
  });
});
