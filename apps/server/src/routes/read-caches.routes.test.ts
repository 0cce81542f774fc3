import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '../auth/session-token';
import type { Kysely } from 'kysely';
import { openDatabase } from '../db/database';
import type { DB } from '../db/schema';
import { addToLikesCount } from '../repositories/posts.repository';
import { deleteSession } from '../repositories/sessions.repository';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

/**
 * Pages, sessions and likes are cached until the database changes. Each test reads a page (so
 * it is cached), writes, and expects the write in the very next response.
 */
describe.each(dialects)('cached pages, sessions and likes on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let author: TestUser;
  let reader: TestUser;
  let postId: string;
  let jpeg: Buffer;

  const feed = (token?: string) => server.request('/api/posts?limit=5', { token });
  const first = async (token?: string) => (await feed(token)).body.posts[0];

  /** A write as another instance or the seed makes it: through a connection of its own. */
  async function throughSecondConnection(write: (db: Kysely<DB>) => Promise<unknown>) {
    const other = await openDatabase(server.context.config.database, { migrate: false });
    try {
      await write(other.db);
    } finally {
      await other.close();
    }
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    [author, reader] = await Promise.all([signUpUser(server), signUpUser(server)]);
    jpeg = await makeJpeg(64, 48);
    postId = (await uploadPost(server, author, jpeg, { caption: 'cached' })).body.id;
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('shows a like to its author, and the count to everyone, on the next request', async () => {
    expect(await first(reader.token)).toMatchObject({ id: postId, liked_by_me: false });
    expect(await first()).toMatchObject({ likes_count: 0 });
    await server.request(`/api/posts/${postId}/like`, { method: 'PUT', token: reader.token });
    expect(await first(reader.token)).toMatchObject({ liked_by_me: true, likes_count: 1 });
    expect(await first(author.token)).toMatchObject({ liked_by_me: false, likes_count: 1 });
    expect(await first()).toMatchObject({ liked_by_me: false, likes_count: 1 });
    await server.request(`/api/posts/${postId}/like`, { method: 'DELETE', token: reader.token });
    expect(await first(reader.token)).toMatchObject({ liked_by_me: false, likes_count: 0 });
  });

  it('shows a new comment and a new post on the next request', async () => {
    await first();
    await server.request(`/api/posts/${postId}/comments`, {
      method: 'POST',
      json: { content: 'seen at once' },
      token: reader.token,
    });
    const commented = await first(reader.token);
    expect(commented.comments_count).toBe(1);
    expect(commented.comments_preview.map((c: { content: string }) => c.content)).toEqual([
      'seen at once',
    ]);
    const created = await uploadPost(server, reader, jpeg, { caption: 'newest' });
    expect((await first()).id).toBe(created.body.id);
    const profile = await server.request(`/api/profiles/${reader.id}/posts`);
    expect(profile.body.posts.map((p: { id: string }) => p.id)).toEqual([created.body.id]);
  });

  it('sees a write made through another connection (a second instance, the seed)', async () => {
    const before = (await first()) as { id: string; likes_count: number };
    await throughSecondConnection((db) => addToLikesCount(db, before.id, 7));
    expect((await first()).likes_count).toBe(before.likes_count + 7);
    // Put the counter back so that it matches the like rows again.
    await addToLikesCount(server.context.database.db, before.id, -7);
    expect((await first()).likes_count).toBe(before.likes_count);
  });

  it('refuses a session signed out through another connection on the next request', async () => {
    const other = await signUpUser(server);
    expect((await feed(other.token)).status).toBe(200);
    const me = await server.request('/api/auth/session', { token: other.token });
    expect(me.body.user.id).toBe(other.id);
    // Another instance signs the session out: its row goes, through a connection of its own.
    await throughSecondConnection((db) => deleteSession(db, hashSessionToken(other.token)));
    const after = await server.request('/api/auth/session', { token: other.token });
    expect(after.body.user).toBeNull();
    const like = await server.request(`/api/posts/${postId}/like`, {
      method: 'PUT',
      token: other.token,
    });
    expect(like.status).toBe(401);
  });

  it('serves the same body as an uncached page, with a JSON content type', async () => {
    const cachedResponse = await feed();
    expect(cachedResponse.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(cachedResponse.body.posts).toHaveLength(2);
    expect(cachedResponse.body.next_cursor).toBeNull();
    const again = await feed();
    expect(again.text).toBe(cachedResponse.text);
  });
});
