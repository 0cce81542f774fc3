import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../test/harness';
import {
  createPostgresDatabase,
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const ids = (body: { posts: { id: string }[] }) => body.posts.map((post) => post.id);

async function post(server: TestServer, author: TestUser, caption: string): Promise<string> {
  const response = await uploadPost(server, author, await makeJpeg(16, 16), { caption });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

const followingFeed = (server: TestServer, viewer: TestUser, query = '') =>
  server.request(`/api/posts?feed=following${query}`, { token: viewer.token });

describe.each(dialects)('the Following feed on %s', (dialect) => {
  let server: Server;
  let reader: TestUser;
  let followed: TestUser;
  let stranger: TestUser;
  const posts: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(dialect);
    [reader, followed, stranger] = await Promise.all([
      signUpUser(server),
      signUpUser(server),
      signUpUser(server),
    ]);
    posts.followedOld = await post(server, followed, 'followed old');
    posts.strangerOne = await post(server, stranger, 'stranger one');
    posts.readerOwn = await post(server, reader, 'reader own');
    posts.followedNew = await post(server, followed, 'followed new');
    await server.request(`/api/profiles/${followed.id}/follow`, {
      method: 'PUT',
      token: reader.token,
    });
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('holds the posts of the people you follow and your own, newest first', async () => {
    const response = await followingFeed(server, reader);
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual([posts.followedNew, posts.readerOwn, posts.followedOld]);
    expect(response.body.next_cursor).toBeNull();
    const everyone = await server.request('/api/posts', { token: reader.token });
    expect(ids(everyone.body)).toHaveLength(4);
    const explicit = await server.request('/api/posts?feed=everyone');
    expect(ids(explicit.body)).toEqual(ids(everyone.body));
  });

  it('pages by cursor through exactly the same posts', async () => {
    const seen: string[] = [];
    let response = await followingFeed(server, reader, '&limit=1');
    for (;;) {
      seen.push(...ids(response.body));
      const cursor = response.body.next_cursor as string | null;
      if (!cursor) break;
      response = await followingFeed(
        server,
        reader,
        `&limit=1&cursor=${encodeURIComponent(cursor)}`,
      );
    }
    expect(seen).toEqual([posts.followedNew, posts.readerOwn, posts.followedOld]);
  });

  it('is for signed-in people only, and refuses an unknown feed', async () => {
    const signedOut = await server.request('/api/posts?feed=following');
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.code).toBe('unauthenticated');
    const unknown = await server.request('/api/posts?feed=friends', { token: reader.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('validation_error');
  });

  it('is never stale after a follow, an unfollow, a new or deleted post, or a like', async () => {
    await followingFeed(server, reader);
    const warm = server.context.caches.stats().followingPages.hits;
    await followingFeed(server, reader);
    expect(server.context.caches.stats().followingPages.hits).toBe(warm + 1);

    await server.request(`/api/profiles/${stranger.id}/follow`, {
      method: 'PUT',
      token: reader.token,
    });
    expect(ids((await followingFeed(server, reader)).body)).toContain(posts.strangerOne);

    await server.request(`/api/profiles/${stranger.id}/follow`, {
      method: 'DELETE',
      token: reader.token,
    });
    expect(ids((await followingFeed(server, reader)).body)).not.toContain(posts.strangerOne);

    const fresh = await post(server, followed, 'fresh');
    expect(ids((await followingFeed(server, reader)).body)[0]).toBe(fresh);

    await server.request(`/api/posts/${fresh}/like`, { method: 'PUT', token: reader.token });
    const liked = (await followingFeed(server, reader)).body.posts[0];
    expect(liked).toMatchObject({ id: fresh, liked_by_me: true, likes_count: 1 });

    // Any writer (another instance, an admin in a SQL shell) is seen through the change log.
    await server.context.database.db.deleteFrom('posts').where('id', '=', fresh).execute();
    expect(ids((await followingFeed(server, reader)).body)).not.toContain(fresh);
  });

  it("keeps one reader's feed apart from another's", async () => {
    const other = await signUpUser(server);
    const otherOwn = await post(server, other, 'other own');
    expect(ids((await followingFeed(server, other)).body)).toEqual([otherOwn]);
    expect(ids((await followingFeed(server, reader)).body)).not.toContain(otherOwn);
  });
});

describe('the Following feed across two instances on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let writer: Server;
  let reader: Server;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-following-'));
    const reuse = () => ({ dataDir: dataDir(), databaseUrl: database.url });
    writer = await startTestServer('postgres', {}, reuse());
    reader = await startTestServer('postgres', {}, reuse());
  });
  afterAll(async () => {
    for (const server of [writer, reader]) {
      await server.close();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await database.drop();
  });

  it('a follow made on one instance shows in the Following feed served by the other', async () => {
    const [viewer, author] = await Promise.all([signUpUser(writer), signUpUser(writer)]);
    const authored = await post(writer, author, 'across');
    expect(ids((await followingFeed(reader, viewer)).body)).toEqual([]);
    await writer.request(`/api/profiles/${author.id}/follow`, {
      method: 'PUT',
      token: viewer.token,
    });
    expect(ids((await followingFeed(reader, viewer)).body)).toEqual([authored]);
    await writer.request(`/api/profiles/${author.id}/follow`, {
      method: 'DELETE',
      token: viewer.token,
    });
    expect(ids((await followingFeed(reader, viewer)).body)).toEqual([]);
  });
});
