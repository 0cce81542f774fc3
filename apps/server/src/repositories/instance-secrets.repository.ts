import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The key that signs private files' URLs, made once by migration 0003. */
export async function readMediaUrlKey(db: Kysely<DB>): Promise<string> {
  const row = await db
    .selectFrom('instance_secrets')
    .select('value')
    .where('name', '=', 'media_url_key')
    .executeTakeFirstOrThrow();
  return row.value;
}
