import { safetyMessages } from '@pinhole/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followCountDrift } from '../test/crowd';
import type { TestUser } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const unknownId = '01890000-0000-7000-8000-000000000000';

/** The block calls themselves: results, idempotence, follows ended, the list, bad input (the block
 * matrix, what each person stops seeing of the other, is in blocks.routes.test.ts). */
describe.each(dialects)('blocks on %s', (dialect) => {
  let server: Server;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    [alice, bob, carol] = await Promise.all([
      signUpUser(server),
      signUpUser(server),
      signUpUser(server),
    ]);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const block = (who: TestUser, id: string, method = 'PUT') =>
    server.request(`/api/profiles/${id}/block`, { method, token: who.token });
  const follow = (who: TestUser, id: string) =>
    server.request(`/api/profiles/${id}/follow`, { method: 'PUT', token: who.token });
  const blocks = (who: TestUser, query = '') =>
    server.request(`/api/me/blocks${query}`, { token: who.token });

  it('blocks and unblocks idempotently, ending follows both ways with exact counts', async () => {
    expect((await follow(alice, bob.id)).status).toBe(200);
    expect((await follow(bob, alice.id)).status).toBe(200);
    expect((await follow(carol, bob.id)).status).toBe(200);
    const first = await block(alice, bob.id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ blocked: true });
    expect((await block(alice, bob.id)).body).toEqual({ blocked: true });
    const rows = await server.context.database.db
      .selectFrom('follows')
      .selectAll()
      .where((eb) => eb.or([eb('follower_id', '=', alice.id), eb('followee_id', '=', alice.id)]))
      .execute();
    expect(rows).toEqual([]);
    expect(await followCountDrift(server)).toEqual([]);
    const carolSeesBob = await server.request(`/api/profiles/${bob.id}`, { token: carol.token });
    expect(carolSeesBob.body).toMatchObject({ followers_count: 1, following_count: 0 });
    expect((await block(alice, bob.id, 'DELETE')).body).toEqual({ blocked: false });
    expect((await block(alice, bob.id, 'DELETE')).body).toEqual({ blocked: false });
    // Unblocking does not bring the follows back.
    const bobSeen = await server.request(`/api/profiles/${bob.id}`, { token: alice.token });
    expect(bobSeen.status).toBe(200);
    expect(bobSeen.body).toMatchObject({ followed_by_me: false, follows_me: false });
    expect(await followCountDrift(server)).toEqual([]);
  });

  it('ends pending follow requests both ways', async () => {
    const shy = await signUpUser(server);
    await server.request('/api/profiles/me', {
      method: 'PATCH',
      token: shy.token,
      json: { is_private: true },
    });
    expect((await follow(carol, shy.id)).body).toMatchObject({ requested: true });
    await block(shy, carol.id);
    const requests = await server.request('/api/me/follow-requests', { token: shy.token });
    expect(requests.body).toMatchObject({ profiles: [] });
    await block(shy, carol.id, 'DELETE');
  });

  it('lists whom you blocked, newest first, a page at a time', async () => {
    const me = await signUpUser(server);
    const people = [alice, bob, carol];
    for (const person of people) {
      expect((await block(me, person.id)).status).toBe(200);
      // Blocks made in the same millisecond have no newer one (the list orders them by id).
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const first = await blocks(me, '?limit=2');
    expect(first.status).toBe(200);
    const firstIds = (first.body.profiles as { id: string }[]).map((p) => p.id);
    expect(firstIds).toEqual([carol.id, bob.id]);
    expect(first.body.profiles[0]).toMatchObject({
      username: carol.username,
      followed_by_me: false,
    });
    const second = await blocks(me, `?limit=2&cursor=${first.body.next_cursor as string}`);
    expect((second.body.profiles as { id: string }[]).map((p) => p.id)).toEqual([alice.id]);
    expect(second.body.next_cursor).toBeNull();
    // Someone who blocked me is not in my list.
    expect((await blocks(alice)).body.profiles).toEqual([]);
    await block(me, bob.id, 'DELETE');
    expect((await blocks(me)).body.profiles.map((p: { id: string }) => p.id)).toEqual([
      carol.id,
      alice.id,
    ]);
  });

  it('refuses bad input without a 500', async () => {
    const self = await block(alice, alice.id);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({
      error: { code: 'validation_error', message: safetyMessages.cannotBlockYourself },
    });
    expect((await block(alice, alice.id, 'DELETE')).status).toBe(400);
    expect((await block(alice, unknownId)).status).toBe(404);
    expect((await block(alice, unknownId, 'DELETE')).status).toBe(404);
    expect((await block(alice, 'x'.repeat(300))).status).toBe(400);
    expect((await server.request(`/api/profiles/${bob.id}/block`, { method: 'PUT' })).status).toBe(
      401,
    );
    expect((await server.request('/api/me/blocks')).status).toBe(401);
    expect((await blocks(alice, '?cursor=nonsense')).status).toBe(400);
    expect((await blocks(alice, '?limit=0')).status).toBe(400);
  });

  it('removes the blocks of a deleted account (cascade)', async () => {
    const leaver = await signUpUser(server);
    await block(leaver, alice.id);
    await block(bob, leaver.id);
    await server.context.database.db.deleteFrom('users').where('id', '=', leaver.id).execute();
    const left = await server.context.database.db
      .selectFrom('blocks')
      .selectAll()
      .where((eb) => eb.or([eb('blocker_id', '=', leaver.id), eb('blocked_id', '=', leaver.id)]))
      .execute();
    expect(left).toEqual([]);
  });
});
