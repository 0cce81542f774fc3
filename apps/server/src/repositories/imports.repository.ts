import type { Kysely, Transaction } from 'kysely';
import type { DB, ImportsTable } from '../db/schema';

type Querier = Kysely<DB> | Transaction<DB>;

export type ImportRow = Pick<ImportsTable, 'id' | 'status' | 'created_at' | 'updated_at'> & {
  posts_total: number;
  posts_done: number;
  posts_imported: number;
  posts_skipped: number;
  failures: string;
};

export type ImportProgress = Partial<
  Pick<
    ImportRow,
    'status' | 'posts_total' | 'posts_done' | 'posts_imported' | 'posts_skipped' | 'failures'
  >
> & { updated_at: string };

export async function insertImport(
  db: Querier,
  row: { id: string; user_id: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('imports')
    .values({ ...row, status: 'queued', updated_at: row.created_at })
    .execute();
}

const importColumns = [
  'id',
  'status',
  'posts_total',
  'posts_done',
  'posts_imported',
  'posts_skipped',
  'failures',
  'created_at',
  'updated_at',
] as const;

/** One of the account's imports; someone else's is as unknown as a missing one. */
export function findImportOf(
  db: Querier,
  userId: string,
  id: string,
): Promise<ImportRow | undefined> {
  return db
    .selectFrom('imports')
    .select(importColumns)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The account's import that is queued or running, if any. */
export function findActiveImportOf(db: Querier, userId: string): Promise<ImportRow | undefined> {
  return db
    .selectFrom('imports')
    .select(importColumns)
    .where('user_id', '=', userId)
    .where('status', 'in', ['queued', 'running'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function updateImport(db: Querier, id: string, progress: ImportProgress) {
  await db.updateTable('imports').set(progress).where('id', '=', id).execute();
}

/**
 * Marks an import failed only if it is still unfinished and its heartbeat is older than
 * `staleBefore`: the instance running it stopped. True when this call changed it.
 */
export async function failStaleImport(
  db: Querier,
  id: string,
  staleBefore: string,
  progress: ImportProgress,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ ...progress, status: 'failed' })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .where('updated_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the account already has the archive post known by `sourceKey`. */
export async function hasImportedPost(
  db: Querier,
  userId: string,
  sourceKey: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('imported_posts')
    .select('post_id')
    .where('user_id', '=', userId)
    .where('source_key', '=', sourceKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the post came from an archive (its captions were written elsewhere, long ago). */
export async function isImportedPost(db: Querier, postId: string): Promise<boolean> {
  const row = await db
    .selectFrom('imported_posts')
    .select('post_id')
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordImportedPost(
  db: Querier,
  row: { user_id: string; source_key: string; post_id: string },
): Promise<void> {
  await db.insertInto('imported_posts').values(row).execute();
}

/** Whether the post exists and is the account's own (a Pinhole export brought back home). */
export async function ownsPost(db: Querier, userId: string, postId: string): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('id')
    .where('id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
