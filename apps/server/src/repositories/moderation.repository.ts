import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, DB } from '../db/schema';
import type { PostPosition } from './posts.repository';

/** An account as the admin tools need it: who, their role, whether suspended. */
export function findAccount(db: Kysely<DB>, by: { id: string } | { username: string }) {
  let query = db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.id')
    .select(['users.id', 'users.role', 'profiles.username', 'profiles.suspended_at']);
  query =
    'id' in by
      ? query.where('users.id', '=', by.id)
      : query.where('profiles.username', '=', by.username.toLowerCase());
  return query.executeTakeFirst();
}

/** Admins who can still act (not suspended). */
export async function countActiveAdmins(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('users.role', '=', 'admin')
    .where('profiles.suspended_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The users trigger writes `user:<id>`: every instance's session cache forgets the old role. */
export async function setRole(db: Kysely<DB>, userId: string, role: 'member' | 'admin') {
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
}

/** Migration 0012's trigger tells every instance's caches that this person's content changed. */
export async function setSuspendedAt(db: Kysely<DB>, userId: string, at: string | null) {
  await db.updateTable('profiles').set({ suspended_at: at }).where('id', '=', userId).execute();
}

/** Every session of the account: each delete's trigger ends it in every instance's cache. */
export async function deleteAllSessionsOf(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function insertAudit(db: Kysely<DB>, entry: Insertable<AuditLogTable>) {
  await db.insertInto('audit_log').values(entry).execute();
}

/** Newest first, keyset by (created_at, id), with the actor's profile when there is one. */
export function listAudit(db: Kysely<DB>, limit: number, after?: PostPosition) {
  let query = db
    .selectFrom('audit_log')
    .leftJoin('profiles', 'profiles.id', 'audit_log.actor_id')
    .select([
      'audit_log.id',
      'audit_log.action',
      'audit_log.target_type',
      'audit_log.target_id',
      'audit_log.summary',
      'audit_log.created_at',
      'profiles.id as actor_id',
      'profiles.username as actor_username',
      'profiles.full_name as actor_full_name',
      'profiles.avatar_key as actor_avatar_key',
      'profiles.is_verified as actor_is_verified',
    ])
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit);
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('audit_log.created_at', 'audit_log.id'),
        '<',
        eb.tuple(after.createdAt, after.id),
      ),
    );
  }
  return query.execute();
}

/** Newest first; `q` matches username, name or email (case-insensitive). */
export function listAdminUsers(
  db: Kysely<DB>,
  options: { q?: string; limit: number; after?: PostPosition },
) {
  let query = db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.role',
      'users.created_at',
      'profiles.username',
      'profiles.full_name',
      'profiles.avatar_key',
      'profiles.suspended_at',
      'profiles.posts_count',
    ])
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(options.limit);
  if (options.q) {
    // The wildcards are dropped, not escaped: SQLite's LIKE has no default escape character.
    const pattern = `%${options.q.toLowerCase().replace(/[\\%_]/g, '')}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['profiles.username']), 'like', pattern),
        eb(eb.fn('lower', ['profiles.full_name']), 'like', pattern),
        eb(eb.fn('lower', ['users.email']), 'like', pattern),
      ]),
    );
  }
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('users.created_at', 'users.id'), '<', eb.tuple(after.createdAt, after.id)),
    );
  }
  return query.execute();
}

async function countOf(
  db: Kysely<DB>,
  table: 'users' | 'posts' | 'comments' | 'likes' | 'stories',
) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function instanceCounts(db: Kysely<DB>, since: string) {
  const [users, posts, comments, likes, stories, recent] = await Promise.all([
    countOf(db, 'users'),
    countOf(db, 'posts'),
    countOf(db, 'comments'),
    countOf(db, 'likes'),
    countOf(db, 'stories'),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);
  return { users, posts, comments, likes, stories, signups_last_7_days: Number(recent.count) };
}
