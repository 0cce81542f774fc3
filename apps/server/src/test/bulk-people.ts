import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

/** Inserts people (a user and a profile each) 500 at a time, for query-plan tests' big tables. */
export async function insertPeople(
  db: Kysely<DB> | Transaction<DB>,
  ids: readonly string[],
  createdAt: string,
  usernameOf: (id: string) => string,
): Promise<void> {
  for (let index = 0; index < ids.length; index += 500) {
    const batch = ids.slice(index, index + 500);
    await db
      .insertInto('users')
      .values(
        batch.map((id) => ({
          id,
          email: `${id}@example.com`,
          password_hash: 'x',
          created_at: createdAt,
        })),
      )
      .execute();
    await db
      .insertInto('profiles')
      .values(
        batch.map((id) => ({
          id,
          username: usernameOf(id),
          full_name: 'Seed',
          created_at: createdAt,
        })),
      )
      .execute();
  }
}
