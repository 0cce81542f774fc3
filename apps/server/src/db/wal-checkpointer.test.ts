import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDatabase } from './sqlite-driver';
import { startWalCheckpointer } from './wal-checkpointer';

let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-wal-'));
  file = path.join(dir, 'test.db');
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A database in WAL mode whose own connection never checkpoints: only the worker may. */
function openWriter() {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('create table t (id integer primary key, body blob)');
  return db;
}

/** About `megabytes` MB of rows, one transaction per row, as requests write them. */
function write(db: ReturnType<typeof openWriter>, megabytes: number) {
  const insert = db.prepare('insert into t (body) values (randomblob(16384))');
  for (let i = 0; i < megabytes * 64; i++) insert.run();
}

const mainFileBytes = () => fs.statSync(file).size;

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the WAL checkpointer', () => {
  it('copies committed pages into the database file from its own thread', async () => {
    const db = openWriter();
    const checkpointer = startWalCheckpointer(file, { everyMs: 20 });
    try {
      const before = mainFileBytes();
      write(db, 4);
      // Nothing in the main thread checkpoints (wal_autocheckpoint = 0): the file grows only
      // because the worker copied the log into it.
      await waitFor(() => mainFileBytes() >= before + 4 * 1024 * 1024);
      // Every frame is back in the database file: the writer's next commit starts the log over.
      const [status] = db.pragma('wal_checkpoint(PASSIVE)') as {
        log: number;
        checkpointed: number;
      }[];
      expect(status?.checkpointed).toBe(status?.log);
    } finally {
      await checkpointer.close();
      db.close();
    }
    // And a fresh connection reads everything back.
    const reader = new SqliteDatabase(file, { readonly: true });
    expect(reader.prepare('select count(*) as n from t').get()).toEqual({ n: 4 * 64 });
    reader.close();
  });

  it('without it the log only grows (the test above measures the worker, not SQLite)', async () => {
    const db = openWriter();
    try {
      const before = mainFileBytes();
      write(db, 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mainFileBytes()).toBe(before);
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(2 * 1024 * 1024);
    } finally {
      db.close();
    }
  });

  it('keeps the process alive until it has closed (a CLI that closes the database last)', async () => {
    openWriter().close();
    // A worker that is not waited for would let Node exit in the middle of `await close()`,
    // silently and with code 0, before the line after it ran.
    const script = [
      `import { startWalCheckpointer } from ${JSON.stringify(path.join(import.meta.dirname, 'wal-checkpointer.ts'))};`,
      `const checkpointer = startWalCheckpointer(${JSON.stringify(file)});`,
      `await checkpointer.close();`,
      `console.log('closed');`,
    ].join('\n');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { timeout: 20_000 },
    );
    expect(stdout.trim()).toBe('closed');
  });

  it('says so when it cannot open the file, and closes without hanging', async () => {
    const errors: Error[] = [];
    const checkpointer = startWalCheckpointer(path.join(dir, 'missing.db'), {
      everyMs: 20,
      onError: (error) => errors.push(error),
    });
    await waitFor(() => errors.length > 0);
    expect(errors[0]?.message).toMatch(/unable to open|does not exist|no such file/i);
    await checkpointer.close();
  });
});
