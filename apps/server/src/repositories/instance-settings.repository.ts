import type { Insertable, Kysely } from 'kysely';
import type { DB, InstanceSettingsTable } from '../db/schema';

/** The only row's key: the table holds one row, or none (the defaults). */
const settingsId = 1;

export function findInstanceSettings(db: Kysely<DB>) {
  return db
    .selectFrom('instance_settings')
    .select(['name', 'description', 'rules', 'contact_email'])
    .where('id', '=', settingsId)
    .executeTakeFirst();
}

/** Writes the whole row; its trigger (migration 0016) tells every instance's caches. */
export async function saveInstanceSettings(
  db: Kysely<DB>,
  settings: Omit<Insertable<InstanceSettingsTable>, 'id'>,
): Promise<void> {
  await db
    .insertInto('instance_settings')
    .values({ id: settingsId, ...settings })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(settings))
    .execute();
}

/** The numbers `/about` shows: accounts and their posts, without suspended ones. */
export async function countPublicStats(db: Kysely<DB>): Promise<{ users: number; posts: number }> {
  const [users, posts] = await Promise.all([
    db
      .selectFrom('users')
      .innerJoin('profiles', 'profiles.id', 'users.id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('profiles.suspended_at', 'is', null)
      // People of other servers who follow or comment here are not this instance's users.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('remote_actors')
              .select('remote_actors.profile_id')
              .whereRef('remote_actors.profile_id', '=', 'users.id'),
          ),
        ),
      )
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('posts')
      .innerJoin('profiles', 'profiles.id', 'posts.user_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('profiles.suspended_at', 'is', null)
      // Posts of other servers' people are theirs, not this instance's.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('remote_posts')
              .select('remote_posts.post_id')
              .whereRef('remote_posts.post_id', '=', 'posts.id'),
          ),
        ),
      )
      .executeTakeFirstOrThrow(),
  ]);
  return { users: Number(users.count), posts: Number(posts.count) };
}
