import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../db/database';
import { openDatabase } from '../../db/database';
import type { TestDialect } from '../../test/harness';
import { createPostgresDatabase } from '../../test/harness';

/** A migrated, empty database of the dialect; `close()` closes it and drops a PostgreSQL one. */
export async function openTestDatabase(
  dialect: TestDialect,
): Promise<{ database: Database; close(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-federation-'));
    const database = await openDatabase({
      kind: 'sqlite',
      file: path.join(folder, 'pinhole.db'),
      queryTimeoutMs: 5000,
    });
    return {
      database,
      async close() {
        await database.close();
        fs.rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const postgres = await createPostgresDatabase();
  const database = await openDatabase({
    kind: 'postgres',
    url: postgres.url,
    poolSize: 4,
    preparedStatements: true,
    connectTimeoutMs: 5000,
    queryTimeoutMs: 5000,
  });
  return {
    database,
    async close() {
      await database.close();
      await postgres.drop();
    },
  };
}
