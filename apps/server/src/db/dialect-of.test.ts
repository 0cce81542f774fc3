import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { createPostgresDatabase, dialects } from '../test/harness';
import type { Database } from './database';
import { openDatabase } from './database';
import { dialectOf } from './dialect-of';

describe.each(dialects)('dialectOf on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** The server's own database, opened as main.ts opens it (its pool, its SQLite driver). */
  const open = async (): Promise<Database> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-dialect-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (dialect === 'postgres') {
      const created = await createPostgresDatabase();
      cleanups.push(created.drop);
      databaseUrl = created.url;
    }
    const config = loadConfig({
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const database = await openDatabase(config.database, { migrate: false });
    cleanups.push(() => database.close());
    return database;
  };

  it('names the database of a connection and of a transaction on it', async () => {
    const database = await open();
    expect(database.dialect).toBe(dialect);
    expect(dialectOf(database.db)).toBe(dialect);
    expect(dialectOf(database.changeLogDb)).toBe(dialect);
    const inTransaction = await database.db
      .transaction()
      .execute(async (trx) => Promise.resolve(dialectOf(trx)));
    expect(inTransaction).toBe(dialect);
  });
});
