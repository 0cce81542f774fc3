import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface KvRow {
  key: string;
  value: string;
}

const live = (now: string) => (eb: ExpressionBuilder<DB, 'federation_kv'>) =>
  eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]);

export async function findKvValue(
  db: Kysely<DB>,
  key: string,
  now: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('federation_kv')
    .select('value')
    .where('key', '=', key)
    .where(live(now))
    .executeTakeFirst();
  return row?.value;
}

export async function upsertKvValue(
  db: Kysely<DB>,
  key: string,
  value: string,
  expiresAt: string | null,
): Promise<void> {
  await db
    .insertInto('federation_kv')
    .values({ key, value, expires_at: expiresAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, expires_at: expiresAt }))
    .execute();
}

export async function deleteKvValue(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('federation_kv').where('key', '=', key).execute();
}

/**
 * Writes `value` only if the stored one is still `expected` (compared as stored text), or, with
 * `expected` undefined, only if there is none (or it has expired). True when it was written.
 */
export async function swapKvValue(
  db: Kysely<DB>,
  key: string,
  expected: string | undefined,
  value: string,
  expiresAt: string | null,
  now: string,
): Promise<boolean> {
  if (expected === undefined) {
    const result = await db
      .insertInto('federation_kv')
      .values({ key, value, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value, expires_at: expiresAt })
          .where('federation_kv.expires_at', 'is not', null)
          .where('federation_kv.expires_at', '<=', now),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const result = await db
    .updateTable('federation_kv')
    .set({ value, expires_at: expiresAt })
    .where('key', '=', key)
    .where('value', '=', expected)
    .where(live(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every live entry whose key starts with `prefix` (the JSON text of the key, without its `]`). */
export async function listKvValues(
  db: Kysely<DB>,
  prefix: string | undefined,
  now: string,
): Promise<KvRow[]> {
  let query = db.selectFrom('federation_kv').select(['key', 'value']).where(live(now));
  if (prefix !== undefined) {
    // substr rather than LIKE: SQLite's LIKE ignores case, and keys hold % and _.
    query = query.where((eb) =>
      eb(eb.fn('substr', ['key', eb.val(1), eb.val(prefix.length)]), '=', prefix),
    );
  }
  return query.orderBy('key').execute();
}

/** Forgets expired entries, a few at a time. */
export async function deleteExpiredKvValues(db: Kysely<DB>, now: string): Promise<void> {
  await db.deleteFrom('federation_kv').where('expires_at', '<=', now).execute();
}
