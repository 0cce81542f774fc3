import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../events/domain-events';
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

/**
 * LikesService.set on each database: the repository picks the statements (one on PostgreSQL, a
 * transaction on SQLite) and the service is the same code on both, so both must answer alike.
 */
describe.each(dialects)('LikesService.set on %s', (dialect) => {
  let server: Server;
  let author: TestUser;
  let fan: TestUser;
  let jpeg: Buffer;
  const published: DomainEvent[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    author = await signUpUser(server);
    fan = await signUpUser(server);
    jpeg = await makeJpeg(64, 48);
    for (const type of ['like.added', 'like.removed'] as const) {
      server.context.events.on(type, (event) => {
        published.push(event);
      });
    }
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const likes = () => server.context.services.likes;
  const newPost = async (owner: TestUser) =>
    (await uploadPost(server, owner, jpeg)).body.id as string;

  /** The like rows and `likes` notifications of a post, and its counter, as stored. */
  const stored = async (postId: string) => {
    const db = server.context.database.db;
    const likeRows = await db
      .selectFrom('likes')
      .select('user_id')
      .where('post_id', '=', postId)
      .execute();
    const notifications = await db
      .selectFrom('notifications')
      .select(['user_id', 'actor_id'])
      .where('post_id', '=', postId)
      .where('type', '=', 'like')
      .execute();
    const post = await db
      .selectFrom('posts')
      .select('likes_count')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    return {
      likers: likeRows.map((row) => row.user_id),
      notified: notifications,
      likesCount: post.likes_count,
    };
  };

  it('likes once with the author told once, and takes both back on unlike', async () => {
    const postId = await newPost(author);
    published.length = 0;

    expect(await likes().set(postId, fan.id, true)).toEqual({ liked: true, likes_count: 1 });
    expect(await likes().set(postId, fan.id, true)).toEqual({ liked: true, likes_count: 1 });
    expect(await stored(postId)).toEqual({
      likers: [fan.id],
      notified: [{ user_id: author.id, actor_id: fan.id }],
      likesCount: 1,
    });

    expect(await likes().set(postId, fan.id, false)).toEqual({ liked: false, likes_count: 0 });
    expect(await likes().set(postId, fan.id, false)).toEqual({ liked: false, likes_count: 0 });
    expect(await stored(postId)).toEqual({ likers: [], notified: [], likesCount: 0 });
    // Only the calls that changed a row are news.
    expect(published.map((event) => event.type)).toEqual(['like.added', 'like.removed']);
  });

  it('counts a like of your own post without telling you of it', async () => {
    const postId = await newPost(author);
    expect(await likes().set(postId, author.id, true)).toEqual({ liked: true, likes_count: 1 });
    expect(await stored(postId)).toEqual({ likers: [author.id], notified: [], likesCount: 1 });
  });

  it('answers 404 and writes nothing for a post the viewer may not see, or none', async () => {
    const owner = await signUpUser(server);
    const privatePost = await newPost(owner);
    await server.request('/api/profiles/me', {
      method: 'PATCH',
      json: { is_private: true },
      token: owner.token,
    });
    const blockedPost = await newPost(author);
    const blocked = await signUpUser(server);
    await server.request(`/api/profiles/${blocked.id}/block`, {
      method: 'PUT',
      token: author.token,
    });
    published.length = 0;

    for (const [postId, viewer] of [
      [privatePost, fan],
      [blockedPost, blocked],
      ['no-such-post', fan],
    ] as const) {
      await expect(likes().set(postId, viewer.id, true)).rejects.toMatchObject({
        code: 'not_found',
      });
    }
    expect(await stored(privatePost)).toEqual({ likers: [], notified: [], likesCount: 0 });
    expect(await stored(blockedPost)).toEqual({ likers: [], notified: [], likesCount: 0 });
    expect(published).toEqual([]);
  });

  it("lets an approved follower like a private account's post", async () => {
    const owner = await signUpUser(server);
    const postId = await newPost(owner);
    await server.request('/api/profiles/me', {
      method: 'PATCH',
      json: { is_private: true },
      token: owner.token,
    });
    await server.request(`/api/profiles/${owner.id}/follow`, { method: 'PUT', token: fan.token });
    await server.request(`/api/me/follow-requests/${fan.id}/approve`, {
      method: 'POST',
      token: owner.token,
    });
    expect(await likes().set(postId, fan.id, true)).toEqual({ liked: true, likes_count: 1 });
    expect((await stored(postId)).notified).toEqual([{ user_id: owner.id, actor_id: fan.id }]);
  });
});
