import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  createPostgresDatabase,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

/**
 * A block made on one instance shows on the next read of another, whose caches had every list
 * warm (the change log's `blocks-of:` and `follows-of:` topics), and so does the unblock.
 */
describe('a block on one instance hides at once on another, on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let writer: Server;
  let reader: Server;
  let viewer: TestUser;
  let other: TestUser;
  let otherPost: string;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-blocks-'));
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
    [viewer, other] = await Promise.all([signUpUser(writer), signUpUser(writer)]);
    otherPost = (await uploadPost(writer, other, await makeJpeg(32, 24))).body.id;
  });
  afterAll(async () => {
    for (const server of [writer, reader]) {
      await server.close();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await database.drop();
  });

  const read = async () => {
    const get = (url: string) => reader.request(url, { token: viewer.token });
    return {
      feed: ids((await get('/api/posts?limit=50')).body.posts),
      explore: ids((await get('/api/explore?limit=50')).body.posts),
      search: ids((await get(`/api/search?q=${other.username}`)).body.profiles),
      suggestions: ids((await get('/api/suggestions?limit=50')).body.profiles),
      profile: (await get(`/api/profiles/${other.id}`)).status,
    };
  };
  const seen = () => ({
    feed: [otherPost],
    explore: [otherPost],
    search: [other.id],
    suggestions: expect.arrayContaining([other.id]) as unknown,
    profile: 200,
  });

  it('hides the blocker from the blocked, then shows them again after the unblock', async () => {
    expect(await read()).toEqual(seen());
    const block = await writer.request(`/api/profiles/${viewer.id}/block`, {
      method: 'PUT',
      token: other.token,
    });
    expect(block.body).toEqual({ blocked: true });
    expect(await read()).toEqual({
      feed: [],
      explore: [],
      search: [],
      suggestions: [],
      profile: 404,
    });
    await writer.request(`/api/profiles/${viewer.id}/block`, {
      method: 'DELETE',
      token: other.token,
    });
    expect(await read()).toEqual(seen());
  });
});
