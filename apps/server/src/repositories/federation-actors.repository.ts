import type { Kysely } from 'kysely';
import type { DB, RemoteActorsTable } from '../db/schema';

export function findRemoteActorByUrl(db: Kysely<DB>, actorUrl: string) {
  return db
    .selectFrom('remote_actors')
    .selectAll()
    .where('actor_url', '=', actorUrl)
    .executeTakeFirst();
}

export function findRemoteActorByProfileId(db: Kysely<DB>, profileId: string) {
  return db
    .selectFrom('remote_actors')
    .selectAll()
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
}

export interface RemotePerson {
  id: string;
  username: string;
  fullName: string;
  bio: string | null;
  actor: Omit<RemoteActorsTable, 'profile_id'>;
}

/**
 * A remote person's rows: a `users` row that cannot sign in (no password hash verifies against
 * `!`, and `remote:` is no email the sign-in form takes), their profile, and where they live.
 */
export async function insertRemotePerson(
  db: Kysely<DB>,
  person: RemotePerson,
  now: string,
): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: person.id, email: `remote:${person.id}`, password_hash: '!', created_at: now })
    .execute();
  await db
    .insertInto('profiles')
    .values({
      id: person.id,
      username: person.username,
      full_name: person.fullName,
      bio: person.bio,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('remote_actors')
    .values({ profile_id: person.id, ...person.actor })
    .execute();
}

export async function updateRemotePerson(
  db: Kysely<DB>,
  person: Omit<RemotePerson, 'username'>,
): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ full_name: person.fullName, bio: person.bio })
    .where('id', '=', person.id)
    .execute();
  await db
    .updateTable('remote_actors')
    .set(person.actor)
    .where('profile_id', '=', person.id)
    .execute();
}

export async function saveRemoteFollow(
  db: Kysely<DB>,
  followerId: string,
  followeeId: string,
  activityId: string,
): Promise<void> {
  await db
    .insertInto('remote_follows')
    .values({ follower_id: followerId, followee_id: followeeId, activity_id: activityId })
    .onConflict((oc) =>
      oc.columns(['follower_id', 'followee_id']).doUpdateSet({ activity_id: activityId }),
    )
    .execute();
}

export async function findRemoteFollowId(
  db: Kysely<DB>,
  followerId: string,
  followeeId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('remote_follows')
    .select('activity_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return row?.activity_id;
}

/** The inboxes of a local person's remote followers (a shared inbox once per server). */
export function listRemoteFollowers(db: Kysely<DB>, followeeId: string) {
  return db
    .selectFrom('follows')
    .innerJoin('remote_actors', 'remote_actors.profile_id', 'follows.follower_id')
    .select([
      'remote_actors.actor_url',
      'remote_actors.inbox_url',
      'remote_actors.shared_inbox_url',
    ])
    .where('follows.followee_id', '=', followeeId)
    .execute();
}

export async function saveRemoteComment(
  db: Kysely<DB>,
  commentId: string,
  noteUrl: string,
): Promise<void> {
  await db
    .insertInto('remote_comments')
    .values({ comment_id: commentId, note_url: noteUrl })
    .onConflict((oc) => oc.column('note_url').doNothing())
    .execute();
}

/** The comment a remote Note became, with who wrote it. */
export function findRemoteComment(db: Kysely<DB>, noteUrl: string) {
  return db
    .selectFrom('remote_comments')
    .innerJoin('comments', 'comments.id', 'remote_comments.comment_id')
    .select(['comments.id', 'comments.user_id'])
    .where('remote_comments.note_url', '=', noteUrl)
    .executeTakeFirst();
}

/** The Note a comment came as, when it came from another server. */
export async function findRemoteCommentNote(
  db: Kysely<DB>,
  commentId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('remote_comments')
    .select('note_url')
    .where('comment_id', '=', commentId)
    .executeTakeFirst();
  return row?.note_url;
}

/** The local people (no `remote_actors` row) who follow a person. */
export async function listLocalFollowersOf(db: Kysely<DB>, followeeId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('follows')
    .leftJoin('remote_actors', 'remote_actors.profile_id', 'follows.follower_id')
    .select('follows.follower_id')
    .where('follows.followee_id', '=', followeeId)
    .where('remote_actors.profile_id', 'is', null)
    .execute();
  return rows.map((row) => row.follower_id);
}
