import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openDatabase } from '../db/database';
import { loadConfig } from '../env';
import {
  createChangeLogReader,
  everythingChanged,
  markTopicsChanged,
} from './cache-changes.repository';

/**
 * SQLite's reader skips the log when nothing was written (cache/change-feed.ts reads it before
 * every request): a write on its own connection and a commit by another connection, as a second
 * process makes, must each still be read.
 */
describe('the change log on sqlite', () => {
  let dataDir: string;
  let own: Database;
  let other: Database;
  const statements: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-change-log-'));
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
    own = await openDatabase(config.database, { onQuery: (text) => statements.push(text) });
    other = await openDatabase(config.database, { migrate: false });
  });
  afterAll(async () => {
    await other.close();
    await own.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads one small statement while nothing changes, and every write after one', async () => {
    const reader = createChangeLogReader(own.db, 'sqlite');
    expect(await reader.next()).toEqual([everythingChanged]);
    statements.length = 0;
    expect(await reader.next()).toEqual([]);
    expect(await reader.next()).toEqual([]);
    expect(statements.filter((text) => /cache_changes/.test(text))).toEqual([]);
    expect(statements).toHaveLength(2);

    await markTopicsChanged(own.db, ['post:1']);
    expect(await reader.next()).toEqual(['post:1']);
    expect(await reader.next()).toEqual([]);

    await markTopicsChanged(other.db, ['post:2', 'profile:3']);
    expect(await reader.next()).toEqual(['post:2', 'profile:3']);
    expect(await reader.next()).toEqual([]);

    await markTopicsChanged(own.db, ['post:4']);
    await markTopicsChanged(other.db, ['post:5']);
    expect(await reader.next()).toEqual(['post:4', 'post:5']);
  });

  it('reads a write made between its check and its read on the next call', async () => {
    const reader = createChangeLogReader(own.db, 'sqlite');
    await reader.next();
    // The write lands after the stamp is taken and before the rows are read.
    const reading = reader.next();
    await markTopicsChanged(own.db, ['post:6']);
    const first = await reading;
    const second = await reader.next();
    expect([...first, ...second]).toEqual(['post:6']);
  });
});
