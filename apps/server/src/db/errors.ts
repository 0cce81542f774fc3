import { networkErrorCodes } from '../network-errors';

/**
 * The one place where the two dialects' error shapes differ: a unique-constraint violation.
 * Returns the violated column list as the driver describes it, or null for other errors.
 */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, constraint, detail } = error as {
    code?: unknown;
    message?: unknown;
    constraint?: unknown;
    detail?: unknown;
  };
  // better-sqlite3: code SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY, message "UNIQUE constraint failed: users.email"
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return typeof message === 'string' ? message : 'unique';
  }
  // pg: SQLSTATE 23505 with the constraint name (e.g. users_email_key) and a detail line
  if (code === '23505') {
    return [constraint, detail].filter((part) => typeof part === 'string').join(' ') || 'unique';
  }
  return null;
}

/**
 * A foreign key named a row that is gone (a view of a story deleted meanwhile): SQLite's
 * SQLITE_CONSTRAINT_FOREIGNKEY, PostgreSQL's SQLSTATE 23503.
 */
export function foreignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** How a database failure should be reported: it is down or busy, or it is out of disk. */
export type DatabaseFailure = 'unavailable' | 'full';

const networkCodes = networkErrorCodes;

/**
 * Messages pg and pg-pool raise without a code: a dropped connection, a client-side query
 * timeout, no connection within `connectionTimeoutMillis`, a client the pool already gave up.
 */
const pgConnectionMessages = [
  /^Connection terminated/,
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * SQLSTATEs that mean "not now" rather than "wrong request": 08 connection exceptions, 57P0x the
 * server shutting down or starting, 57014 a statement cancelled by `statement_timeout`, 55P03 a
 * lock not granted in time, 53 out of resources, 25P03 an idle transaction the server ended.
 * 53100 (disk full) is kept apart.
 */
function postgresFailure(code: string): DatabaseFailure | null {
  if (code === '53100') return 'full';
  if (code.startsWith('08') || code.startsWith('53') || code.startsWith('57P')) {
    return 'unavailable';
  }
  if (code === '57014' || code === '55P03' || code === '25P03' || code === '40P01') {
    return 'unavailable';
  }
  return null;
}

/**
 * SQLite result codes (better-sqlite3 puts the extended name in `code`): a lock held too long
 * (BUSY, LOCKED), a disk that failed or went read-only (IOERR_*, READONLY_*, CANTOPEN), and a
 * disk with no room left (FULL; an I/O error that is really ENOSPC shows as IOERR_WRITE).
 */
function sqliteFailure(code: string): DatabaseFailure | null {
  if (code === 'SQLITE_FULL') return 'full';
  if (/^SQLITE_(BUSY|LOCKED|IOERR|READONLY|CANTOPEN|PROTOCOL)/.test(code)) return 'unavailable';
  return null;
}

/**
 * Whether an error means the database is unreachable, overloaded, frozen or full — something
 * that passes without a change to the request — and which. Null for everything else (a bug, a
 * constraint violation), which stays a 500.
 */
export function databaseFailure(error: unknown): DatabaseFailure | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_')) return sqliteFailure(code);
    if (networkCodes.has(code)) return 'unavailable';
    if (/^[0-9A-Z]{5}$/.test(code)) return postgresFailure(code);
  }
  if (
    typeof message === 'string' &&
    pgConnectionMessages.some((pattern) => pattern.test(message))
  ) {
    return 'unavailable';
  }
  // pg-pool wraps a failed connect in an AggregateError for multi-address hosts.
  if (error instanceof AggregateError) {
    return error.errors.some((inner) => databaseFailure(inner) !== null) ? 'unavailable' : null;
  }
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error ? databaseFailure(cause) : null;
}
