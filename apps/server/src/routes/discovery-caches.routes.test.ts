import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../test/harness';
import {
  createPostgresDatabase,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** What one GET did to the grid cache of `server`, and its body. */
async function gridCacheUse(server: TestServer, url: string, token?: string) {
  const stats = server.context.caches.gridPages.stats;
  const before = { ...stats };
  const response = await server.request(url, { token });
  return {
    body: response.body,
    hits: stats.hits - before.hits,
    misses: stats.misses - before.misses,
  };
}

const ids = (body: { posts: { id: string }[] }) => body.posts.map((post) => post.id);

describe('discovery caches across two instances on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let writer: Server;
  let reader: Server;
  let author: TestUser;
  let fan: TestUser;
  let postId: string;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-discovery-'));
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
    author = await signUpUser(writer, { username: 'lumen', full_name: 'Lumen Author' });
    fan = await signUpUser(writer, { username: 'lumfan', full_name: 'Fan' });
    const created = await uploadPost(writer, author, await makeJpeg(32, 24), {
      caption: '#glow with @lumfan',
    });
    postId = created.body.id;
  });
  afterAll(async () => {
    for (const server of [writer, reader]) {
      await server.close();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await database.drop();
  });

  it('keeps grid pages warm, and a like made elsewhere shows at once', async () => {
    const urls = ['/api/hashtags/glow/posts', `/api/profiles/${fan.id}/tagged`, '/api/explore'];
    // Warm: a page read again is served from the cache. Polled, since the writer's last notices
    // of the set-up (its post's side effects) may still arrive and rightly empty a first fill.
    for (const url of urls) {
      await expect
        .poll(async () => (await gridCacheUse(reader, url)).hits, { message: url })
        .toBe(1);
    }
    await writer.request(`/api/posts/${postId}/like`, { method: 'PUT', token: fan.token });
    for (const url of urls) {
      const use = await gridCacheUse(reader, url, fan.token);
      expect(use.misses, url).toBe(1);
      expect(use.body.posts[0], url).toMatchObject({
        id: postId,
        likes_count: 1,
        liked_by_me: true,
      });
    }
  });

  it('a privacy change made elsewhere empties and refills every grid at once', async () => {
    const urls = ['/api/hashtags/glow/posts', `/api/profiles/${fan.id}/tagged`, '/api/explore'];
    const privacy = (isPrivate: boolean) =>
      writer.request('/api/profiles/me', {
        method: 'PATCH',
        json: { is_private: isPrivate },
        token: author.token,
      });
    expect((await privacy(true)).status).toBe(200);
    for (const url of urls) expect(ids((await reader.request(url)).body), url).toEqual([]);
    expect((await privacy(false)).status).toBe(200);
    for (const url of urls) expect(ids((await reader.request(url)).body), url).toEqual([postId]);
  });

  it('a follow, a new name and a sign-up made elsewhere show in search at once', async () => {
    const search = (q: string, token?: string) =>
      reader.request(`/api/search?q=${encodeURIComponent(q)}`, { token });
    const names = (body: { profiles: { username: string }[] }) =>
      body.profiles.map((profile) => profile.username);
    expect(names((await search('lum', fan.token)).body)).toEqual(['lumen', 'lumfan']);
    await writer.request(`/api/profiles/${author.id}/follow`, { method: 'PUT', token: fan.token });
    const followed = await search('lum', fan.token);
    expect(followed.body.profiles[0]).toMatchObject({ username: 'lumen', followed_by_me: true });

    await writer.request('/api/profiles/me', {
      method: 'PATCH',
      json: { full_name: 'Lumière Renamed' },
      token: author.token,
    });
    expect(names((await search('lumiere')).body)).toEqual(['lumen']);
    await signUpUser(writer, { username: 'lumberjack', full_name: 'New' });
    expect(names((await search('lumb')).body)).toEqual(['lumberjack']);
    expect(names((await search('lum')).body)).toContain('lumberjack');
  });
});
