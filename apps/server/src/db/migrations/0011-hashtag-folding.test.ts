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

describe.each(dialects)('migration 0011 on %s', (dialect) => {
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
    // Hashtags as the previous version counted them: names with accents, and plain ones.
    const old = await openDatabase(config.database, { migrate: false });
    await migrateUpTo(old.db, '0009-notifications-extra');
    await old.db
      .insertInto('hashtags')
      .values([
        { name: 'crème', posts_count: 2 },
        { name: 'creek', posts_count: 5 },
        { name: 'ｃｒｅｗ', posts_count: 1 },
      ])
      .execute();
    await old.close();
    server = await startTestServer(dialect, {}, { dataDir, databaseUrl: postgres?.url });
    server.dropDatabase = postgres?.drop;
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('folds the existing names, so a plain prefix finds accented and full-width tags', async () => {
    const response = await server.request('/api/search?q=%23cre');
    expect(response.status).toBe(200);
    expect(response.body.hashtags).toEqual([
      { name: 'creek', posts_count: 5 },
      { name: 'crème', posts_count: 2 },
      { name: 'ｃｒｅｗ', posts_count: 1 },
    ]);
    const folded = await server.context.database.db
      .selectFrom('hashtags')
      .select(['name', 'folded'])
      .orderBy('name')
      .execute();
    expect(folded).toEqual([
      { name: 'creek', folded: null },
      { name: 'crème', folded: 'creme' },
      { name: 'ｃｒｅｗ', folded: 'crew' },
    ]);
  });
});
