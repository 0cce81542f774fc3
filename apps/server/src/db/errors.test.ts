import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseFailure } from './errors';
import { SqliteDatabase } from './sqlite-driver';

/** A pg DatabaseError as the server sends it: a message and a SQLSTATE. */
function serverError(code: string): pg.DatabaseError {
  const error = new pg.DatabaseError('from the server', 0, 'error');
  error.code = code;
  return error;
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('databaseFailure', () => {
  it('reads a refused PostgreSQL connection as unavailable (a real pg client)', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort() });
    const error: unknown = await client.connect().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeNull();
    expect(databaseFailure(error)).toBe('unavailable');
  });

  it.each([
    ['08006', 'unavailable'], // connection failure
    ['57P01', 'unavailable'], // admin shutdown (a restart, a failover)
    ['57P03', 'unavailable'], // the database system is starting up
    ['57014', 'unavailable'], // statement_timeout
    ['55P03', 'unavailable'], // lock_timeout
    ['53300', 'unavailable'], // too many connections
    ['25P03', 'unavailable'], // idle-in-transaction timeout
    ['53100', 'full'], // disk full
    ['23505', null], // unique violation: the request's own problem
    ['42P01', null], // undefined table: a bug
  ])('PostgreSQL SQLSTATE %s is %s', (code, expected) => {
    expect(databaseFailure(serverError(code))).toBe(expected);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'Query read timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
  ])('pg without a code, "%s", is unavailable', (message) => {
    expect(databaseFailure(new Error(message))).toBe('unavailable');
  });

  it('looks inside an AggregateError and a cause', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(databaseFailure(new AggregateError([refused]))).toBe('unavailable');
    expect(databaseFailure(new Error('wrapped', { cause: refused }))).toBe('unavailable');
  });

  it('reads SQLite running out of room as full (a real SQLITE_FULL)', () => {
    const db = new SqliteDatabase(':memory:');
    try {
      db.exec('create table t (x)');
      db.pragma('max_page_count = 2');
      let error: unknown = null;
      try {
        for (let i = 0; i < 100; i++) db.prepare('insert into t values (?)').run('x'.repeat(4000));
      } catch (caught) {
        error = caught;
      }
      expect((error as { code?: string } | null)?.code).toBe('SQLITE_FULL');
      expect(databaseFailure(error)).toBe('full');
    } finally {
      db.close();
    }
  });

  it.each([
    ['SQLITE_BUSY', 'unavailable'],
    ['SQLITE_BUSY_SNAPSHOT', 'unavailable'],
    ['SQLITE_LOCKED', 'unavailable'],
    ['SQLITE_IOERR_WRITE', 'unavailable'],
    ['SQLITE_READONLY_DBMOVED', 'unavailable'],
    ['SQLITE_CANTOPEN', 'unavailable'],
    ['SQLITE_FULL', 'full'],
    ['SQLITE_CONSTRAINT_UNIQUE', null],
    ['SQLITE_CORRUPT', null],
    ['SQLITE_ERROR', null],
  ])('SQLite %s is %s', (code, expected) => {
    expect(databaseFailure(Object.assign(new Error(code), { code }))).toBe(expected);
  });

  it('leaves everything else alone', () => {
    expect(databaseFailure(new Error('boom'))).toBeNull();
    expect(databaseFailure(new TypeError('x is undefined'))).toBeNull();
    expect(databaseFailure('a string')).toBeNull();
    expect(databaseFailure(null)).toBeNull();
  });
});
