import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../env';
import { createPostgresDatabase, dialects } from '../../test/harness';
import type { Database } from '../database';
import { openDatabase } from '../database';
import { migrateToLatest, migrateUpTo } from '../migrate';
import { before0024 } from '../../test/schema-before-0024';

const userId = '0190a7e2-0000-7000-8000-000000000007';
const at = '2026-01-01T00:00:00.000Z';

describe.each(dialects)('migration 0007 on %s', (dialect) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-migration-'));
    const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    drop = postgres?.drop;
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    // The database as the previous version left it: a person and two captioned posts.
    database = await openDatabase(config.database, { migrate: false });
    const { db } = database;
    await migrateUpTo(db, '0006-import-counts');
    await db
      .insertInto('users')
      .values({ id: userId, email: 'jose@example.com', password_hash: 'x', created_at: at })
      .execute();
    await db
      .insertInto('profiles')
      .values({
        id: userId,
        username: 'jose.n',
        full_name: 'José Ñúñez-Smith',
        avatar_key: null,
        avatar_variants: null,
        bio: null,
        website: null,
        created_at: at,
      })
      .execute();
    for (const [index, caption] of ['#Sunset at the #beach', 'another #sunset'].entries()) {
      await before0024(db)
        .insertInto('posts')
        .values({
          id: `0190a7e2-1111-7000-8000-00000000000${index}`,
          user_id: userId,
          image_key: `user-uploads/${userId}/posts/170000000000${index}.jpg`,
          image_width: 800,
          image_height: 600,
          image_placeholder: 'abc',
          image_variants: '[]',
          caption,
          created_at: at,
        })
        .execute();
    }
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await database.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('indexes existing people by username and each word of the name, accents folded', async () => {
    const terms = await database.db
      .selectFrom('search_terms')
      .select('term')
      .where('profile_id', '=', userId)
      .orderBy('term')
      .execute();
    expect(terms.map((row) => row.term)).toEqual(['jose', 'jose.n', 'nunez', 'smith']);
  });

  it('indexes existing captions by hashtag, with counts', async () => {
    const hashtags = await database.db
      .selectFrom('hashtags')
      .select(['name', 'posts_count'])
      .orderBy('name')
      .execute();
    expect(hashtags.map((row) => [row.name, Number(row.posts_count)])).toEqual([
      ['beach', 1],
      ['sunset', 2],
    ]);
  });
});
