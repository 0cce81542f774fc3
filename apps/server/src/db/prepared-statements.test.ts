import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolFixture } from '../test/pool-fixture';
import { openPoolFixture } from '../test/pool-fixture';
import { StatementNames } from './prepared-statements';
import type { DB } from './schema';

describe('statement names', () => {
  it('names a text the same way each time, and no more than its bound', () => {
    const names = new StatementNames(2);
    const first = names.nameFor('select 1');
    expect(first).toMatch(/^s[\w-]{24}$/);
    expect(names.nameFor('select 1')).toBe(first);
    expect(names.nameFor('select 2')).not.toBe(first);
    expect(names.nameFor('select 3')).toBeUndefined();
    names.forget('select 1');
    expect(names.nameFor('select 1')).toBeUndefined();
  });
});

/** Against the test run's real PostgreSQL, on one connection so its prepared statements show. */
describe('prepared statements on PostgreSQL', () => {
  let fixture: PoolFixture | undefined;
  let db: Kysely<DB>;
  let admin: pg.Client;

  beforeAll(async () => {
    fixture = await openPoolFixture({
      poolSize: 1,
      connectTimeoutMs: 2000,
      queryTimeoutMs: 5000,
      names: new StatementNames(),
    });
    ({ db, admin } = fixture);
    await admin.query('create table prepared_probe (a integer)');
    await admin.query('insert into prepared_probe values (1)');
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('prepares a statement once on its connection and runs it again by name', async () => {
    const read = () => sql<{ a: number }>`select a from prepared_probe where a = ${1}`.execute(db);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    const prepared = await sql<{ statement: string }>`
      select statement from pg_prepared_statements where not from_sql`.execute(db);
    expect(prepared.rows.map((row) => row.statement)).toContain(
      'select a from prepared_probe where a = $1',
    );
  });

  it('answers a prepared select * after another process changed the table under it', async () => {
    const readAll = () => sql<Record<string, number>>`select * from prepared_probe`.execute(db);
    expect((await readAll()).rows).toEqual([{ a: 1 }]);
    await admin.query('alter table prepared_probe add column b integer default 2');
    expect((await readAll()).rows).toEqual([{ a: 1, b: 2 }]);
    expect((await readAll()).rows).toEqual([{ a: 1, b: 2 }]);
  });
});
