import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../env';
import {
  createPostgresDatabase,
  dialects,
  disposeTestServer,
  startTestServer,
} from '../../test/harness';
import { openDatabase } from '../database';
import { migrateUpTo } from '../migrate';
import { before0024 } from '../../test/schema-before-0024';

const userId = '0190a7e2-0000-7000-8000-000000000001';
const postId = '0190a7e2-1111-7000-8000-000000000001';

describe.each(dialects)('migration 0004 on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-migration-'));
    const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    // The database as the previous version left it: one single-photo post.
    const old = await openDatabase(config.database, { migrate: false });
    await migrateUpTo(old.db, '0003-follows');
    const at = '2026-01-01T00:00:00.000Z';
    await old.db
      .insertInto('users')
      .values({ id: userId, email: 'old@example.com', password_hash: 'x', created_at: at })
      .execute();
    await old.db
      .insertInto('profiles')
      .values({
        id: userId,
        username: 'old',
        full_name: 'Old Timer',
        avatar_key: null,
        avatar_variants: null,
        bio: null,
        website: null,
        created_at: at,
      })
      .execute();
    await before0024(old.db)
      .insertInto('posts')
      .values({
        id: postId,
        user_id: userId,
        image_key: `user-uploads/${userId}/posts/1700000000000.jpg`,
        image_width: 800,
        image_height: 600,
        image_placeholder: 'abc',
        image_variants: JSON.stringify([
          { key: `user-uploads/${userId}/posts/1700000000000-320w.webp`, width: 320, height: 240 },
        ]),
        caption: 'from before',
        created_at: at,
      })
      .execute();
    await old.close();
    server = await startTestServer(dialect, {}, { dataDir, databaseUrl: postgres?.url });
    server.dropDatabase = postgres?.drop;
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('turns every existing post into a one-photo post whose photo is its image', async () => {
    const response = await server.request(`/api/posts/${postId}`);
    expect(response.status).toBe(200);
    const post = response.body;
    expect(post.images).toEqual([
      {
        id: postId,
        url: post.image_url,
        width: 800,
        height: 600,
        placeholder: 'abc',
        variants: post.image.variants,
        alt_text: null,
      },
    ]);
    expect(post.image_url).toContain('1700000000000.jpg');
    expect(post.image.variants).toEqual([
      { url: expect.stringContaining('1700000000000-320w.webp'), width: 320, height: 240 },
    ]);
    expect(post).toMatchObject({ caption: 'from before', edited_at: null, saved_by_me: false });
  });
});
