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

/**
 * Two pages of two posts: `withA` holds post A (the newest), `withoutA` the two oldest. A like on
 * A must forget `withA` (and show at once) and nothing else: the page cache's hit counter shows
 * which pages were served from memory.
 */
async function makeTwoPages(writer: TestServer, author: TestUser) {
  const jpeg = await makeJpeg(32, 24);
  const ids: string[] = [];
  for (const caption of ['oldest', 'older', 'newer', 'A']) {
    ids.push((await uploadPost(writer, author, jpeg, { caption })).body.id);
  }
  const first = await writer.request('/api/posts?limit=2');
  return {
    postA: ids[3]!,
    withA: '/api/posts?limit=2',
    withoutA: `/api/posts?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`,
  };
}

/** What one GET did to the page cache of `server`: hits and misses it added. */
async function pageCacheUse(server: TestServer, url: string, token?: string) {
  const before = { ...server.context.caches.stats().pages };
  const response = await server.request(url, { token });
  const after = server.context.caches.stats().pages;
  return {
    body: response.body,
    hits: after.hits - before.hits,
    misses: after.misses - before.misses,
  };
}

describe.each(dialects)('caches forget only what a write changed, on %s', (dialect) => {
  let server: Server;
  let author: TestUser;
  let reader: TestUser;
  let pages: Awaited<ReturnType<typeof makeTwoPages>>;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    [author, reader] = await Promise.all([signUpUser(server), signUpUser(server)]);
    pages = await makeTwoPages(server, author);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('keeps a page without the liked post warm and serves the page with it fresh', async () => {
    await server.request(pages.withA);
    await server.request(pages.withoutA, { token: reader.token });
    const sessionsBefore = { ...server.context.caches.stats().sessions };
    await server.request(`/api/posts/${pages.postA}/like`, { method: 'PUT', token: reader.token });

    const without = await pageCacheUse(server, pages.withoutA);
    expect(without).toMatchObject({ hits: 1, misses: 0 });
    expect(without.body.posts.map((post: { caption: string }) => post.caption)).toEqual([
      'older',
      'oldest',
    ]);
    const withA = await pageCacheUse(server, pages.withA, reader.token);
    expect(withA).toMatchObject({ hits: 0, misses: 1 });
    expect(withA.body.posts[0]).toMatchObject({
      id: pages.postA,
      likes_count: 1,
      liked_by_me: true,
    });
    // The reader's session was not forgotten by their like: served from the session cache.
    const sessions = server.context.caches.stats().sessions;
    expect(sessions.misses).toBe(sessionsBefore.misses);
    expect(sessions.hits).toBeGreaterThan(sessionsBefore.hits);
  });

  it('forgets the likes of the viewer who liked, not those of other viewers', async () => {
    await server.request(pages.withoutA, { token: author.token });
    await server.request(pages.withoutA, { token: reader.token });
    const older = (await server.request(pages.withoutA)).body.posts[0].id as string;
    const likesBefore = { ...server.context.caches.stats().likes };
    await server.request(`/api/posts/${older}/like`, { method: 'PUT', token: reader.token });
    // The author's likes are still known; the reader's are read again and show the new like.
    const authorView = await server.request(pages.withoutA, { token: author.token });
    const readerView = await server.request(pages.withoutA, { token: reader.token });
    expect(authorView.body.posts[0]).toMatchObject({
      id: older,
      liked_by_me: false,
      likes_count: 1,
    });
    expect(readerView.body.posts[0]).toMatchObject({
      id: older,
      liked_by_me: true,
      likes_count: 1,
    });
    const likes = server.context.caches.stats().likes;
    expect(likes.hits - likesBefore.hits).toBe(1);
    expect(likes.misses - likesBefore.misses).toBe(1);
  });

  it('forgets every list page when a post is added, and shows it first at once', async () => {
    await server.request(pages.withoutA);
    const added = await uploadPost(server, reader, await makeJpeg(20, 20), { caption: 'added' });
    const first = await pageCacheUse(server, pages.withA);
    expect(first.misses).toBe(1);
    expect(first.body.posts[0].id).toBe(added.body.id);
    const profile = await server.request(`/api/profiles/${reader.id}/posts`);
    expect(profile.body.posts.map((post: { id: string }) => post.id)).toEqual([added.body.id]);
  });
});

describe('caches forget only what a write changed, across two instances on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let writer: Server;
  let reader: Server;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-caches-'));
    writer = await startTestServer(
      'postgres',
      {},
      { dataDir: dataDir(), databaseUrl: database.url },
    );
    reader = await startTestServer(
      'postgres',
      {},
      { dataDir: dataDir(), databaseUrl: database.url },
    );
  });
  afterAll(async () => {
    for (const server of [writer, reader]) {
      await server.close();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await database.drop();
  });

  it("a like on one instance forgets exactly the other instance's page that shows the post", async () => {
    const author = await signUpUser(writer);
    const liker = await signUpUser(writer);
    const pages = await makeTwoPages(writer, author);
    await reader.request(pages.withoutA);
    // Polled: the notices of the writer's posts reach the reader a moment after their answers,
    // and may empty its cache between two reads; once they are in, a repeated read is a hit.
    await expect
      .poll(async () => pageCacheUse(reader, pages.withA))
      .toMatchObject({ hits: 1, misses: 0 });
    await expect
      .poll(async () => pageCacheUse(reader, pages.withoutA))
      .toMatchObject({ hits: 1, misses: 0 });

    const like = await writer.request(`/api/posts/${pages.postA}/like`, {
      method: 'PUT',
      token: liker.token,
    });
    expect(like.body).toEqual({ liked: true, likes_count: 1 });

    expect(await pageCacheUse(reader, pages.withoutA)).toMatchObject({ hits: 1, misses: 0 });
    const withA = await pageCacheUse(reader, pages.withA, liker.token);
    expect(withA).toMatchObject({ hits: 0, misses: 1 });
    expect(withA.body.posts[0]).toMatchObject({
      id: pages.postA,
      likes_count: 1,
      liked_by_me: true,
    });
  });

  it('a sign-out on one instance is refused on the next request to the other', async () => {
    const person = await signUpUser(writer);
    expect((await reader.request('/api/auth/session', { token: person.token })).body.user.id).toBe(
      person.id,
    );
    await writer.request('/api/auth/sign-out', { method: 'POST', token: person.token });
    const after = await reader.request('/api/auth/session', { token: person.token });
    expect(after.body.user).toBeNull();
  });
});
