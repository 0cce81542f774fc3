import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(dialects)('suggestions on %s', (dialect) => {
  let server: Server;
  const people: Record<string, TestUser> = {};

  const follow = (who: string, whom: string, method = 'PUT') =>
    server.request(`/api/profiles/${people[whom]!.id}/follow`, {
      method,
      token: people[who]!.token,
    });
  const suggestions = (who: string | null, query = '') =>
    server.request(`/api/suggestions${query}`, {
      token: who === null ? undefined : people[who]!.token,
    });
  const names = (body: { profiles: { username: string }[] }) =>
    body.profiles.map((profile) => profile.username);
  const name = (who: string) => `${who}_${dialect}`;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const who of ['me', 'bea', 'cal', 'dan', 'eve', 'fay', 'gus', 'hal']) {
      people[who] = await signUpUser(server, { username: name(who) });
    }
    // me → bea, cal; bea → dan, eve; cal → dan; popularity: gus 3 followers, hal 2, fay 1.
    for (const [who, whom] of [
      ['me', 'bea'],
      ['me', 'cal'],
      ['bea', 'dan'],
      ['bea', 'eve'],
      ['cal', 'dan'],
      ['dan', 'gus'],
      ['eve', 'gus'],
      ['fay', 'gus'],
      ['dan', 'hal'],
      ['eve', 'hal'],
      ['gus', 'fay'],
    ] as const) {
      expect((await follow(who, whom)).status).toBe(200);
    }
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('puts friends of friends first with the reason, then popular people, never you or whom you follow', async () => {
    const response = await suggestions('me', '?limit=30');
    expect(response.status).toBe(200);
    expect(response.body.profiles.slice(0, 2)).toEqual([
      expect.objectContaining({
        username: name('dan'),
        reason: `Followed by ${name('bea')} + 1 more`,
        followed_by_me: false,
      }),
      expect.objectContaining({ username: name('eve'), reason: `Followed by ${name('bea')}` }),
    ]);
    const rest = response.body.profiles.slice(2);
    expect(rest.map((p: { reason: string }) => p.reason)).toEqual(
      rest.map(() => 'Popular on Pinhole'),
    );
    expect(names({ profiles: rest }).slice(0, 3)).toEqual([name('gus'), name('hal'), name('fay')]);
    const everyone = names(response.body);
    for (const excluded of ['me', 'bea', 'cal']) expect(everyone).not.toContain(name(excluded));
    expect(new Set(everyone).size).toBe(everyone.length);
    expect(Object.keys(response.body.profiles[0]).sort()).toEqual(
      [
        'avatar_url',
        'followed_by_me',
        'full_name',
        'id',
        'is_verified',
        'reason',
        'username',
      ].sort(),
    );
  });

  it('drops someone the moment you follow them, and brings them back when you unfollow', async () => {
    await suggestions('me');
    await follow('me', 'dan');
    expect(names((await suggestions('me', '?limit=30')).body)).not.toContain(name('dan'));
    await follow('me', 'dan', 'DELETE');
    expect(names((await suggestions('me')).body)[0]).toBe(name('dan'));
  });

  it("follows what the people you follow do: a friend's new follow shows at once", async () => {
    await suggestions('me');
    await follow('cal', 'eve');
    const eve = (await suggestions('me')).body.profiles.find(
      (p: { username: string }) => p.username === name('eve'),
    );
    expect(eve.reason).toBe(`Followed by ${name('bea')} + 1 more`);
  });

  it('leaves out a private account you asked to follow', async () => {
    await server.request('/api/profiles/me', {
      method: 'PATCH',
      json: { is_private: true },
      token: people.hal!.token,
    });
    expect(names((await suggestions('me', '?limit=30')).body)).toContain(name('hal'));
    expect((await follow('me', 'hal')).body).toMatchObject({ following: false, requested: true });
    expect(names((await suggestions('me', '?limit=30')).body)).not.toContain(name('hal'));
  });

  it('shows popular people to visitors, 5 by default, at most 30, and refuses a bad limit', async () => {
    const visitor = await suggestions(null);
    expect(visitor.body.profiles).toHaveLength(5);
    expect(names(visitor.body)[0]).toBe(name('gus'));
    expect(
      visitor.body.profiles.every((p: { reason: string }) => p.reason === 'Popular on Pinhole'),
    ).toBe(true);
    expect((await suggestions(null, '?limit=1000')).status).toBe(200);
    for (const limit of ['0', '-1', 'x']) {
      const bad = await suggestions(null, `?limit=${limit}`);
      expect(bad.status, limit).toBe(400);
      expect(bad.body.error.code).toBe('validation_error');
    }
  });
});
