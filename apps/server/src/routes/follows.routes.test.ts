import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../events/domain-events';
import { createCrowd, followCountDrift } from '../test/crowd';
import type { TestUser } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const unknownId = '01890000-0000-7000-8000-000000000000';

describe.each(dialects)('follows on %s', (dialect) => {
  let server: Server;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  const events: DomainEvent[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    [alice, bob, carol] = await Promise.all([
      signUpUser(server, { username: `alice_${dialect}` }),
      signUpUser(server),
      signUpUser(server),
    ]);
    server.context.events.on('follow.added', (event) => {
      events.push(event);
    });
    server.context.events.on('follow.removed', (event) => {
      events.push(event);
    });
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const follow = (who: TestUser | { token: string }, id: string, method = 'PUT') =>
    server.request(`/api/profiles/${id}/follow`, { method, token: who.token });
  const profile = (id: string, viewer?: TestUser) =>
    server.request(`/api/profiles/${id}`, { token: viewer?.token });

  it('follows once however often asked, moves both counts, and tells subscribers once', async () => {
    events.length = 0;
    const first = await follow(alice, bob.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ following: true, requested: false, followers_count: 1 });
    const again = await follow(alice, bob.id);
    expect(again.body).toEqual({ following: true, requested: false, followers_count: 1 });
    expect((await profile(alice.id)).body).toMatchObject({
      following_count: 1,
      followers_count: 0,
    });
    expect((await profile(bob.id)).body).toMatchObject({ followers_count: 1, following_count: 0 });
    expect(events).toEqual([
      {
        type: 'follow.added',
        followerId: alice.id,
        followeeId: bob.id,
        followersCount: 1,
        followerRemote: false,
      },
    ]);
  });

  it("shows the viewer's relationship on a profile at once, both ways", async () => {
    const seenByAlice = await profile(bob.id, alice);
    expect(seenByAlice.body).toMatchObject({
      followed_by_me: true,
      follows_me: false,
      requested_by_me: false,
      is_private: false,
      avatar: null,
    });
    const seenByBob = await profile(alice.id, bob);
    expect(seenByBob.body).toMatchObject({ followed_by_me: false, follows_me: true });
    const signedOut = await profile(bob.id);
    expect(signedOut.body).toMatchObject({ followed_by_me: false, follows_me: false });
    const own = await profile(bob.id, bob);
    expect(own.body).toMatchObject({ followed_by_me: false, follows_me: false });
    const byName = await server.request(`/api/profiles/by-username/${alice.username}`, {
      token: bob.token,
    });
    expect(byName.body).toMatchObject({ follows_me: true, followed_by_me: false });
  });

  it('unfollows idempotently; unfollowing someone not followed changes no count', async () => {
    events.length = 0;
    const first = await follow(alice, bob.id, 'DELETE');
    expect(first.body).toEqual({ following: false, requested: false, followers_count: 0 });
    const again = await follow(alice, bob.id, 'DELETE');
    expect(again.body).toEqual({ following: false, requested: false, followers_count: 0 });
    const never = await follow(carol, alice.id, 'DELETE');
    expect(never.body).toEqual({ following: false, requested: false, followers_count: 0 });
    expect(events).toEqual([
      {
        type: 'follow.removed',
        followerId: alice.id,
        followeeId: bob.id,
        followersCount: 0,
        followerRemote: false,
        followeeRemote: false,
      },
    ]);
    expect((await profile(bob.id, alice)).body).toMatchObject({
      followers_count: 0,
      followed_by_me: false,
    });
    expect(await followCountDrift(server)).toEqual([]);
  });

  it('refuses following yourself, unknown people and signed-out callers in the error shape', async () => {
    const self = await follow(alice, alice.id);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({
      error: { code: 'validation_error', message: "You can't follow yourself" },
    });
    expect((await follow(alice, alice.id, 'DELETE')).status).toBe(400);
    const unknown = await follow(alice, unknownId);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    expect((await follow(alice, unknownId, 'DELETE')).status).toBe(404);
    const signedOut = await server.request(`/api/profiles/${bob.id}/follow`, { method: 'PUT' });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.code).toBe('unauthenticated');
    expect((await follow(alice, 'x'.repeat(65))).status).toBe(400);
    expect(await followCountDrift(server)).toEqual([]);
  });

  it('lists followers and following newest follow first, paged, with followed_by_me', async () => {
    const star = await signUpUser(server);
    const fans = await createCrowd(server, 5);
    for (const fan of fans) expect((await follow(fan, star.id)).status).toBe(200);
    await follow(alice, fans[1]!.id);

    const first = await server.request(`/api/profiles/${star.id}/followers?limit=2`, {
      token: alice.token,
    });
    expect(first.status).toBe(200);
    expect(first.body.profiles.map((p: { id: string }) => p.id)).toEqual([
      fans[4]!.id,
      fans[3]!.id,
    ]);
    expect(Object.keys(first.body.profiles[0]).sort()).toEqual(
      [
        'avatar_url',
        'followed_by_me',
        'full_name',
        'id',
        'is_remote',
        'is_verified',
        'username',
      ].sort(),
    );
    const rest: string[] = [];
    const followedByMe: boolean[] = [];
    let cursor: string | null = first.body.next_cursor;
    while (cursor) {
      const next = await server.request(
        `/api/profiles/${star.id}/followers?limit=2&cursor=${encodeURIComponent(cursor)}`,
        { token: alice.token },
      );
      for (const person of next.body.profiles) {
        rest.push(person.id);
        followedByMe.push(person.followed_by_me);
      }
      cursor = next.body.next_cursor;
    }
    expect(rest).toEqual([fans[2]!.id, fans[1]!.id, fans[0]!.id]);
    expect(followedByMe).toEqual([false, true, false]);

    const following = await server.request(`/api/profiles/${fans[0]!.id}/following`);
    expect(following.body).toEqual({
      profiles: [expect.objectContaining({ id: star.id, followed_by_me: false })],
      next_cursor: null,
    });
    const bad = await server.request(`/api/profiles/${star.id}/followers?cursor=nope`);
    expect(bad.status).toBe(400);
    expect((await server.request(`/api/profiles/${unknownId}/followers`)).status).toBe(404);
    expect((await server.request(`/api/profiles/${star.id}/following?limit=0`)).status).toBe(400);
  });

  it('keeps both counts equal to the rows under hundreds of concurrent follows and unfollows', async () => {
    const crowd = await createCrowd(server, 60);
    const targets = crowd.slice(0, 4);
    // Everyone follows and unfollows the same few people, and targets follow each other (A→B
    // while B→A), with repeats of one pair racing each other.
    const calls = crowd.flatMap((member, i) =>
      targets.flatMap((target, j) =>
        target.id === member.id
          ? []
          : [{ member, target, method: (i + j) % 3 === 0 ? 'DELETE' : 'PUT' }],
      ),
    );
    const repeated = [...calls, ...calls.slice(0, 100).map((call) => ({ ...call, method: 'PUT' }))];
    const results = await Promise.all(
      repeated.map(({ member, target, method }) => follow(member, target.id, method)),
    );
    expect(results.length).toBeGreaterThan(300);
    expect(results.filter((result) => result.status !== 200)).toEqual([]);
    expect(await followCountDrift(server)).toEqual([]);
    const rows = await server.context.database.db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('followee_id', '=', targets[0]!.id)
      .executeTakeFirstOrThrow();
    expect((await profile(targets[0]!.id)).body.followers_count).toBe(Number(rows.n));
  });
});
