import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, nowIso } from '../ids';
import { insertRemotePerson } from '../repositories/federation-actors.repository';
import type { TestUser } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/**
 * FollowsService.follow and unfollow on each database: the repository picks the statements (one
 * on PostgreSQL, a transaction on SQLite) and the service is the same code on both, so both must
 * answer and store alike.
 */
describe.each(dialects)('FollowsService on %s', (dialect) => {
  let server: Server;
  let fan: TestUser;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    fan = await signUpUser(server);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const follows = () => server.context.services.follows;

  /** What is stored between the fan and `target`: follow, request, notifications, counters. */
  const stored = async (target: string) => {
    const db = server.context.database.db;
    const follow = await db
      .selectFrom('follows')
      .select('follower_id')
      .where('follower_id', '=', fan.id)
      .where('followee_id', '=', target)
      .executeTakeFirst();
    const request = await db
      .selectFrom('follow_requests')
      .select('requester_id')
      .where('requester_id', '=', fan.id)
      .where('target_id', '=', target)
      .executeTakeFirst();
    const notifications = await db
      .selectFrom('notifications')
      .select('type')
      .where('actor_id', '=', fan.id)
      .where('user_id', '=', target)
      .orderBy('type')
      .execute();
    const counts = await db
      .selectFrom('profiles')
      .select(['id', 'followers_count', 'following_count'])
      .where('id', 'in', [fan.id, target])
      .execute();
    return {
      following: follow !== undefined,
      requested: request !== undefined,
      told: notifications.map((row) => row.type),
      followers: counts.find((row) => row.id === target)?.followers_count,
      fanFollowing: counts.find((row) => row.id === fan.id)?.following_count,
    };
  };

  it('follows a public account once, told once, and unfollows with both taken back', async () => {
    const target = await signUpUser(server);
    const before = (await stored(target.id)).fanFollowing ?? 0;
    const followed = { following: true, requested: false, followers_count: 1 };
    expect(await follows().follow(fan.id, target.id)).toEqual(followed);
    expect(await follows().follow(fan.id, target.id)).toEqual(followed);
    expect(await stored(target.id)).toEqual({
      following: true,
      requested: false,
      told: ['follow'],
      followers: 1,
      fanFollowing: before + 1,
    });

    const unfollowed = { following: false, requested: false, followers_count: 0 };
    expect(await follows().unfollow(fan.id, target.id)).toEqual(unfollowed);
    expect(await follows().unfollow(fan.id, target.id)).toEqual(unfollowed);
    expect(await stored(target.id)).toEqual({
      following: false,
      requested: false,
      told: [],
      followers: 0,
      fanFollowing: before,
    });
  });

  it('asks a private account, and withdraws the request on unfollow', async () => {
    const owner = await signUpUser(server);
    await server.request('/api/profiles/me', {
      method: 'PATCH',
      json: { is_private: true },
      token: owner.token,
    });
    const before = (await stored(owner.id)).fanFollowing;
    const asked = { following: false, requested: true, followers_count: 0 };
    expect(await follows().follow(fan.id, owner.id)).toEqual(asked);
    expect(await follows().follow(fan.id, owner.id)).toEqual(asked);
    // The owner's notification is their event's subscriber's, awaited before the answer.
    expect(await stored(owner.id)).toEqual({
      following: false,
      requested: true,
      told: ['follow_request'],
      followers: 0,
      fanFollowing: before,
    });

    expect(await follows().unfollow(fan.id, owner.id)).toEqual({
      following: false,
      requested: false,
      followers_count: 0,
    });
    expect(await stored(owner.id)).toMatchObject({ following: false, requested: false, told: [] });

    // Once approved, following again changes nothing and asks nothing.
    await follows().follow(fan.id, owner.id);
    await follows().approve(owner.id, fan.id);
    expect(await follows().follow(fan.id, owner.id)).toEqual({
      following: true,
      requested: false,
      followers_count: 1,
    });
    expect(await stored(owner.id)).toMatchObject({ following: true, requested: false });
  });

  it("asks a person of another server, whose server accepts, and follows nobody's count", async () => {
    const remoteId = newId();
    await insertRemotePerson(
      server.context.database.db,
      {
        id: remoteId,
        username: 'ana@photos.example',
        fullName: 'Ana',
        bio: null,
        actor: {
          actor_url: 'https://photos.example/users/ana',
          inbox_url: 'https://photos.example/users/ana/inbox',
          shared_inbox_url: null,
          profile_url: null,
          host: 'photos.example',
          updated_at: nowIso(),
        },
      },
      nowIso(),
    );
    expect(await follows().follow(fan.id, remoteId)).toEqual({
      following: false,
      requested: true,
      followers_count: 0,
    });
    expect(await stored(remoteId)).toMatchObject({
      following: false,
      requested: true,
      followers: 0,
    });
  });

  it('answers 404 and writes nothing for someone blocked either way, or nobody', async () => {
    const blocker = await signUpUser(server);
    const blocked = await signUpUser(server);
    await server.request(`/api/profiles/${fan.id}/block`, { method: 'PUT', token: blocker.token });
    await server.request(`/api/profiles/${blocked.id}/block`, { method: 'PUT', token: fan.token });
    for (const target of [blocker.id, blocked.id, 'nobody']) {
      await expect(follows().follow(fan.id, target)).rejects.toMatchObject({ code: 'not_found' });
    }
    await expect(follows().unfollow(fan.id, 'nobody')).rejects.toMatchObject({
      code: 'not_found',
    });
    for (const target of [blocker.id, blocked.id]) {
      expect(await stored(target)).toMatchObject({ following: false, requested: false, told: [] });
    }
  });

  it('refuses to follow yourself', async () => {
    await expect(follows().follow(fan.id, fan.id)).rejects.toMatchObject({
      code: 'validation_error',
    });
  });
});
