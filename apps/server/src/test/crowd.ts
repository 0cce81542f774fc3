import { hashSessionToken, newSessionToken } from '../auth/session-token';
import { newId, nowIso } from '../ids';
import type { TestServer } from './harness';

export interface CrowdMember {
  id: string;
  token: string;
}

/** Many people with live sessions, written straight to the database: argon2 would take minutes. */
export async function createCrowd(
  server: Pick<TestServer, 'context'>,
  count: number,
): Promise<CrowdMember[]> {
  const db = server.context.database.db;
  const members: CrowdMember[] = [];
  const createdAt = nowIso();
  const expiresAt = new Date(Date.now() + 86400_000).toISOString();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      const id = newId();
      const token = newSessionToken();
      members.push({ id, token });
      await trx
        .insertInto('users')
        .values({ id, email: `crowd-${id}@example.com`, password_hash: 'x', created_at: createdAt })
        .execute();
      await trx
        .insertInto('profiles')
        .values({
          id,
          username: `crowd_${id.slice(-12)}`,
          full_name: 'Crowd',
          avatar_key: null,
          bio: null,
          website: null,
          created_at: createdAt,
        })
        .execute();
      await trx
        .insertInto('sessions')
        .values({
          id: hashSessionToken(token),
          user_id: id,
          created_at: createdAt,
          expires_at: expiresAt,
        })
        .execute();
    }
  });
  return members;
}

/** Every profile's follow counters against the rows they count: the ones that differ. */
export async function followCountDrift(server: Pick<TestServer, 'context'>) {
  const db = server.context.database.db;
  const profiles = await db
    .selectFrom('profiles')
    .select((eb) => [
      'id',
      'followers_count',
      'following_count',
      eb
        .selectFrom('follows')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('follows.followee_id', '=', 'profiles.id')
        .as('followers_rows'),
      eb
        .selectFrom('follows')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('follows.follower_id', '=', 'profiles.id')
        .as('following_rows'),
    ])
    .execute();
  return profiles.filter(
    (row) =>
      Number(row.followers_count) !== Number(row.followers_rows) ||
      Number(row.following_count) !== Number(row.following_rows),
  );
}
