import type { Dialect } from './database';

/** A select that can take row locks (Kysely's SelectQueryBuilder). */
interface Lockable<Query> {
  forKeyShare(): Query;
  forNoKeyUpdate(): Query;
}

/**
 * Keeps the rows a select reads until its transaction (or its one statement) commits: a
 * concurrent delete of them waits (PostgreSQL's `FOR KEY SHARE`), so what is written from a row
 * commits before the row's undo, and the undo's own follow-up then finds it. SQLite needs nothing:
 * one writer at a time, and a statement or transaction runs alone.
 */
export function heldAgainstDeletes<Query extends Lockable<Query>>(
  query: Query,
  dialect: Dialect,
): Query {
  return dialect === 'postgres' ? query.forKeyShare() : query;
}

/**
 * Keeps the rows a select reads unchanged until its transaction commits (`FOR NO KEY UPDATE`): a
 * concurrent edit or delete waits, and two transactions holding the same row take turns, each
 * reading what the other left; rows that only refer to it (a like of a post) are still added.
 * SQLite needs nothing, as above.
 */
export function heldAgainstChanges<Query extends Lockable<Query>>(
  query: Query,
  dialect: Dialect,
): Query {
  return dialect === 'postgres' ? query.forNoKeyUpdate() : query;
}
