import { afterAll, describe, expect, it } from 'vitest';
import type { TestDialect } from '../test/harness';
import { dialects, disposeTestServer, startTestServer } from '../test/harness';
import { demoSkipped, seedDemoIfEmpty } from './demo';
import { createRandom } from '../random';
import { countRows, listPostMedia } from '../test/seed-inspection';
import { findCounterMismatches } from './seed.repository';
import type { SeedOptions, SeedTarget } from './seed.service';
import { SeedRefusedError, apportion, demoEmail, seedDatabase, seedPassword } from './seed.service';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const now = Date.parse('2026-03-01T12:00:00.000Z');
const small: SeedOptions = {
  users: 9,
  posts: 40,
  likes: 150,
  comments: 60,
  seed: 'test-seed',
  now,
  images: 3,
  imageScale: 0.15,
};

const servers: Server[] = [];
async function freshServer(dialect: TestDialect): Promise<Server> {
  const server = await startTestServer(dialect);
  servers.push(server);
  return server;
}

afterAll(async () => {
  await Promise.all(servers.map((server) => disposeTestServer(server)));
});

/** Every row of every seeded table, in a stable order, without the salted password hash. */
async function dump(target: SeedTarget) {
  const { db } = target.database;
  return {
    users: await db
      .selectFrom('users')
      .select(['id', 'email', 'created_at'])
      .orderBy('id')
      .execute(),
    profiles: await db.selectFrom('profiles').selectAll().orderBy('id').execute(),
    posts: await db.selectFrom('posts').selectAll().orderBy('id').execute(),
    likes: await db.selectFrom('likes').selectAll().orderBy('id').execute(),
    comments: await db.selectFrom('comments').selectAll().orderBy('id').execute(),
    follows: await db
      .selectFrom('follows')
      .selectAll()
      .orderBy('follower_id')
      .orderBy('followee_id')
      .execute(),
  };
}

describe('apportion', () => {
  it('splits a total exactly, never above the cap, with a long tail', () => {
    const random = createRandom('apportion');
    const weights = Array.from({ length: 1000 }, () => random.pareto(1.3));
    const counts = apportion(10_000, weights, 200, random);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(10_000);
    expect(Math.max(...counts)).toBeLessThanOrEqual(200);
    const sorted = [...counts].sort((a, b) => b - a);
    // The busiest 10% of posts hold far more than 10% of the likes.
    const top = sorted.slice(0, 100).reduce((sum, count) => sum + count, 0);
    expect(top).toBeGreaterThan(3000);
    expect(() => apportion(11, [1, 1], 5, random)).toThrow(RangeError);
  });
});

describe.each(dialects)('seed on %s', (dialect) => {
  it('writes exact counters, a file for every key, and users who can sign in', async () => {
    const server = await freshServer(dialect);
    const summary = await seedDatabase(server.context, small);
    expect(summary).toMatchObject({
      users: 9,
      posts: 40,
      likes: 150,
      comments: 60,
      follows: 18,
      images: 3,
    });

    expect(await countRows(server.context.database.db)).toEqual({
      users: 9,
      posts: 40,
      likes: 150,
      comments: 60,
      follows: 18,
    });
    expect(await findCounterMismatches(server.context.database.db)).toEqual({
      likes: 0,
      comments: 0,
      posts: 0,
      followers: 0,
      following: 0,
    });

    const posts = await listPostMedia(server.context.database.db);
    let files = 0;
    for (const post of posts) {
      const keys = [
        post.file_key,
        ...(JSON.parse(post.variants) as { key: string }[]).map((variant) => variant.key),
      ];
      for (const key of keys) {
        expect(await server.context.storage.head(key), key).not.toBeNull();
        files += 1;
      }
    }
    expect(files).toBe(summary.files);
    expect(new Set(posts.map((post) => post.file_key)).size).toBe(posts.length);
    // Every post has its photos; about one in five is a carousel of 2–5.
    const photosPerPost = new Map<string, number>();
    for (const photo of posts) {
      photosPerPost.set(photo.post_id, (photosPerPost.get(photo.post_id) ?? 0) + 1);
    }
    expect(photosPerPost.size).toBe(40);
    const carousels = [...photosPerPost.values()].filter((count) => count > 1);
    expect(carousels.length).toBeGreaterThan(0);
    expect(carousels.length).toBeLessThan(20);
    for (const count of carousels) expect(count).toBeLessThanOrEqual(5);
    for (const photo of posts) {
      const inCarousel = (photosPerPost.get(photo.post_id) ?? 0) > 1;
      expect(photo.alt_text !== null, photo.file_key).toBe(inCarousel);
    }

    const signIn = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: demoEmail, password: seedPassword },
    });
    expect(signIn.status).toBe(200);
    const feed = await server.request('/api/posts?limit=20', { token: signIn.body.session.token });
    expect(feed.status).toBe(200);
    expect(feed.body.posts).toHaveLength(20);
    const image = await server.request(feed.body.posts[0].image.variants[0].url);
    expect(image.status).toBe(200);

    // Search, hashtags and mentions are indexed as the services index them.
    const { db } = server.context.database;
    const found = await server.request('/api/search?q=pinh');
    expect(found.body.profiles.map((p: { username: string }) => p.username)).toContain('demo');
    const counted = await db
      .selectFrom('post_hashtags')
      .select(['hashtag', (eb) => eb.fn.countAll<number>().as('posts')])
      .groupBy('hashtag')
      .orderBy('hashtag')
      .execute();
    const hashtags = await db.selectFrom('hashtags').selectAll().orderBy('name').execute();
    expect(counted.length).toBeGreaterThan(0);
    expect(hashtags.map((row) => [row.name, Number(row.posts_count)])).toEqual(
      counted.map((row) => [row.hashtag, Number(row.posts)]),
    );
    const top = hashtags.sort((a, b) => Number(b.posts_count) - Number(a.posts_count))[0]!;
    const page = await server.request(`/api/hashtags/${encodeURIComponent(top.name)}/posts`);
    expect(page.body.hashtag).toEqual({ name: top.name, posts_count: Number(top.posts_count) });
    expect(page.body.posts.length).toBeGreaterThan(0);
  });

  it('refuses a database that already has users, and demo mode leaves it alone', async () => {
    const server = await freshServer(dialect);
    await seedDatabase(server.context, { ...small, posts: 3, likes: 5, comments: 2 });
    await expect(seedDatabase(server.context, small)).rejects.toBeInstanceOf(SeedRefusedError);
    const printed: string[] = [];
    expect(await seedDemoIfEmpty(server.context, (line) => printed.push(line))).toBe(false);
    // Said, not silently skipped (issue 47).
    expect(printed).toEqual([demoSkipped]);
    expect(demoSkipped).toMatch(/already has accounts, so no demo content was added/);
  });
});

describe('seed determinism', () => {
  it('gives the same rows for the same seed, on SQLite and PostgreSQL alike', async () => {
    const [first, second, postgres, other] = await Promise.all([
      freshServer('sqlite'),
      freshServer('sqlite'),
      freshServer('postgres'),
      freshServer('sqlite'),
    ]);
    await seedDatabase(first.context, small);
    await seedDatabase(second.context, small);
    await seedDatabase(postgres.context, small);
    await seedDatabase(other.context, { ...small, seed: 'another-seed' });

    const reference = await dump(first.context);
    expect(await dump(second.context)).toEqual(reference);
    expect(await dump(postgres.context)).toEqual(reference);
    const different = await dump(other.context);
    expect(different.posts.map((post) => post.id)).not.toEqual(
      reference.posts.map((post) => post.id),
    );
  });

  it('seeds the demo community on an empty database and says how to sign in', async () => {
    const server = await freshServer('sqlite');
    const printed: string[] = [];
    expect(await seedDemoIfEmpty(server.context, (line) => printed.push(line))).toBe(true);
    expect(printed.join('\n')).toContain(demoEmail);
    expect(printed.join('\n')).toContain(seedPassword);
    expect(await countRows(server.context.database.db)).toMatchObject({
      users: 12,
      posts: 60,
      follows: 60,
    });

    // The demo account's heart has what its posts got: likes and comments of others, as the app
    // writes them when they happen (issue 47: it was empty).
    const signedIn = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: demoEmail, password: seedPassword },
    });
    const token = signedIn.body.session.token as string;
    const demoId = signedIn.body.user.id as string;
    const page = await server.request('/api/notifications', { token });
    expect(page.status).toBe(200);
    const types = new Set(page.body.notifications.map((n: { type: string }) => n.type));
    expect(types.size).toBeGreaterThan(1);
    const { db } = server.context.database;
    const [likesOnDemo, notified] = await Promise.all([
      db
        .selectFrom('likes')
        .innerJoin('posts', 'posts.id', 'likes.post_id')
        .where('posts.user_id', '=', demoId)
        .whereRef('likes.user_id', '<>', 'posts.user_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('notifications')
        .where('user_id', '=', demoId)
        .where('type', '=', 'like')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    expect(Number(likesOnDemo.n)).toBeGreaterThan(0);
    expect(Number(notified.n)).toBe(Number(likesOnDemo.n));
    // Nobody is told of their own like or comment.
    const ownActions = await db
      .selectFrom('notifications')
      .whereRef('user_id', '=', 'actor_id')
      .select('id')
      .execute();
    expect(ownActions).toEqual([]);

    // And comments: a long tail leaves most posts without one, and it had left every post of
    // the demo's without one too, so trying the demo showed no comment among its notifications.
    const [commentsOnDemo, commentNotices] = await Promise.all([
      db
        .selectFrom('comments')
        .innerJoin('posts', 'posts.id', 'comments.post_id')
        .where('posts.user_id', '=', demoId)
        .whereRef('comments.user_id', '<>', 'posts.user_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('notifications')
        .where('user_id', '=', demoId)
        .where('type', '=', 'comment')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    expect(Number(commentsOnDemo.n)).toBeGreaterThan(0);
    expect(Number(commentNotices.n)).toBe(Number(commentsOnDemo.n));
  }, 60_000);
});
