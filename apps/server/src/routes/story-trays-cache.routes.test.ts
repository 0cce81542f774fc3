import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '../test/harness';
import { createPostgresDatabase, makeJpeg, signUpUser, startTestServer } from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** `GET /api/stories` on `server`, and whether its trays cache answered it. */
async function traysOn(server: TestServer, viewer: TestUser) {
  const stats = server.context.caches.storyTrays.stats;
  const before = { ...stats };
  const response = await server.request('/api/stories', { token: viewer.token });
  expect(response.status).toBe(200);
  return {
    trays: response.body.trays as { author: { id: string }; has_unviewed: boolean }[],
    // `trays` peeks, then gets: a kept body is two hits, a load one miss or more.
    cached: stats.misses === before.misses,
  };
}

/**
 * A repeated read is answered from the cache. Polled: the writer's earlier change reaches the
 * reader's cache as a notice a moment after its answer, and may empty the cache between reads.
 */
async function expectRepeatCached(server: TestServer, viewer: TestUser) {
  await expect.poll(async () => (await traysOn(server, viewer)).cached).toBe(true);
}

describe('story trays are cached, and every change shows at once on another instance', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let writer: Server;
  let reader: Server;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-story-caches-'));
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

  it('a new story, a view, an unfollow and a delete made on one instance show on the other', async () => {
    const [author, viewer] = await Promise.all([signUpUser(writer), signUpUser(writer)]);
    await writer.request(`/api/profiles/${author.id}/follow`, {
      method: 'PUT',
      token: viewer.token,
    });
    expect((await traysOn(reader, viewer)).trays).toEqual([]);
    await expectRepeatCached(reader, viewer);

    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await makeJpeg(40, 30))]), 'story.jpg');
    const shared = await writer.request('/api/stories', {
      method: 'POST',
      body: form,
      token: author.token,
    });
    expect(shared.status).toBe(201);
    const afterShare = await traysOn(reader, viewer);
    expect(afterShare.cached).toBe(false);
    expect(afterShare.trays).toMatchObject([{ author: { id: author.id }, has_unviewed: true }]);
    await expectRepeatCached(reader, viewer);

    const viewed = await writer.request(`/api/stories/${shared.body.id}/view`, {
      method: 'PUT',
      token: viewer.token,
    });
    expect(viewed.status).toBe(204);
    expect((await traysOn(reader, viewer)).trays).toMatchObject([{ has_unviewed: false }]);

    await writer.request(`/api/profiles/${author.id}/follow`, {
      method: 'DELETE',
      token: viewer.token,
    });
    expect((await traysOn(reader, viewer)).trays).toEqual([]);
    expect((await traysOn(reader, author)).trays).toMatchObject([{ author: { id: author.id } }]);

    const deleted = await writer.request(`/api/stories/${shared.body.id}`, {
      method: 'DELETE',
      token: author.token,
    });
    expect(deleted.status).toBe(204);
    expect((await traysOn(reader, author)).trays).toEqual([]);
  });
});
