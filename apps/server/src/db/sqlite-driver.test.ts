import { describe, expect, it } from 'vitest';
import { SqliteDatabase } from './sqlite-driver';

describe('the SQLite driver for this runtime', () => {
  it('loads here and survives statements freed by the garbage collector between awaits', async () => {
    // The pattern that aborted Node 24.21 with better-sqlite3 12: many short-lived statements,
    // collected while promise callbacks run. On a fitting driver it simply finishes.
    const db = new SqliteDatabase(':memory:');
    try {
      for (let round = 0; round < 40; round++) {
        for (let i = 0; i < 250; i++) db.prepare(`select ${i} + ${round} as x`).all();
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(db.prepare('select 41 + 1 as x').get()).toEqual({ x: 42 });
    } finally {
      db.close();
    }
  });
});
