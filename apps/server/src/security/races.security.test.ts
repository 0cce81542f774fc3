import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrowd } from '../test/crowd';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** Many users at once, written straight to the database: 500 argon2 hashes would take minutes. */
async function createUsers(server: Server, count: number): Promise<string[]> {
  return (await createCrowd(server, count)).map((member) => member.token);
}

async function countsMatchRows(server: Server) {
  const db = server.context.database.db;
  const posts = await db
    .selectFrom('posts')
    .select(['id', 'likes_count', 'comments_count', 'user_id'])
    .execute();
  for (const post of posts) {
    const likes = await db
      .selectFrom('likes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('post_id', '=', post.id)
      .executeTakeFirstOrThrow();
    const comments = await db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('post_id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(Number(post.likes_count), `likes of ${post.id}`).toBe(Number(likes.n));
    expect(Number(post.comments_count), `comments of ${post.id}`).toBe(Number(comments.n));
  }
  const profiles = await db.selectFrom('profiles').select(['id', 'posts_count']).execute();
  for (const profile of profiles) {
    const owned = await db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', profile.id)
      .executeTakeFirstOrThrow();
    expect(Number(profile.posts_count), `posts of ${profile.id}`).toBe(Number(owned.n));
  }
}

describe.each(dialects)('case 5: races on %s', (dialect) => {
  let server: Server;
  let owner: TestUser;
  let postId: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    owner = await signUpUser(server);
    postId = (await uploadPost(server, owner, await makeJpeg(32, 32))).body.id;
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('200 parallel like/unlike from one user leave at most one row and an exact counter', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        server.request(`/api/posts/${postId}/like`, {
          method: i % 2 ? 'DELETE' : 'PUT',
          token: owner.token,
        }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const rows = await server.context.database.db
      .selectFrom('likes')
      .select('id')
      .where('post_id', '=', postId)
      .where('user_id', '=', owner.id)
      .execute();
    expect(rows.length).toBeLessThanOrEqual(1);
    await countsMatchRows(server);
  });

  it('500 users liking one post at once: 500 rows, likes_count 500 (plus any earlier like)', async () => {
    const before = await server.context.database.db
      .selectFrom('likes')
      .select('id')
      .where('post_id', '=', postId)
      .execute();
    const tokens = await createUsers(server, 500);
    const results = await Promise.all(
      tokens.map((token) => server.request(`/api/posts/${postId}/like`, { method: 'PUT', token })),
    );
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    const post = await server.request(`/api/posts/${postId}`);
    expect(post.body.likes_count).toBe(500 + before.length);
    await countsMatchRows(server);
  });

  it('parallel comments and uploads keep comments_count and posts_count exact', async () => {
    const tokens = await createUsers(server, 20);
    const jpeg = await makeJpeg(24, 24);
    await Promise.all([
      ...tokens.map((token, i) =>
        server.request(`/api/posts/${postId}/comments`, {
          method: 'POST',
          json: { content: `c${i}` },
          token,
        }),
      ),
      ...Array.from({ length: 8 }, () => uploadPost(server, owner, jpeg)),
    ]);
    const profile = await server.request(`/api/profiles/${owner.id}`);
    expect(profile.body.posts_count).toBe(9);
    await countsMatchRows(server);
  });
});
