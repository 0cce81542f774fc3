import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { createCrowd } from '../test/crowd';
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
        'is_remote',
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

  it('pages with next_cursor through the same ranking, and refuses a cursor it did not make', async () => {
    const whole = await suggestions('me', '?limit=30');
    expect(whole.body.next_cursor).toBeNull();
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await suggestions('me', query);
      expect(page.status).toBe(200);
      expect(page.body.profiles.length).toBeLessThanOrEqual(2);
      paged.push(...names(page.body));
      cursor = page.body.next_cursor;
    } while (cursor !== null);
    expect(paged).toEqual(names(whole.body));
    for (const bad of ['nope', 'W10', Buffer.from('[-3]').toString('base64url')]) {
      const response = await suggestions('me', `?cursor=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
    }
  });
});

describe.each(dialects)('suggestions of someone who follows many, on %s', (dialect) => {
  let server: Server;
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('walks the 100 most recent follows, and lists at most 90 in pages of up to 30', async () => {
    server = await startTestServer(dialect);
    const [viewer, early, earlyPick, latePick, ...crowd] = await createCrowd(server, 104);
    const follow = (who: { token: string }, whom: { id: string }) =>
      server.request(`/api/profiles/${whom.id}/follow`, { method: 'PUT', token: who.token });
    expect((await follow(early!, earlyPick!)).status).toBe(200);
    expect((await follow(crowd[0]!, latePick!)).status).toBe(200);
    // The earliest follow, then 100 later ones: `early` falls outside the walk.
    expect((await follow(viewer!, early!)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (const person of crowd) expect((await follow(viewer!, person)).status).toBe(200);

    const pages: { id: string; reason: string }[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=30${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await server.request(`/api/suggestions${query}`, { token: viewer!.token });
      expect(page.status).toBe(200);
      pages.push(page.body.profiles);
      cursor = page.body.next_cursor;
    } while (cursor !== null && pages.length < 5);
    const listed = pages.flat();
    // 104 people: the viewer and the 101 they follow are never listed, which leaves two.
    expect(listed.map((p) => p.id).sort()).toEqual([earlyPick!.id, latePick!.id].sort());
    expect(listed[0]).toMatchObject({
      id: latePick!.id,
      reason: expect.stringMatching(/^Followed by /),
    });
    expect(listed[1]).toMatchObject({ id: earlyPick!.id, reason: 'Popular on Pinhole' });

    // Someone new, among 224 people: everyone else is popular enough to list, up to 90.
    const [newcomer] = await createCrowd(server, 120);
    const everyone = await server.request('/api/suggestions?limit=30', {
      token: newcomer!.token,
    });
    let count = everyone.body.profiles.length;
    let next: string | null = everyone.body.next_cursor;
    let pagesRead = 1;
    while (next !== null && pagesRead < 5) {
      const page = await server.request(
        `/api/suggestions?limit=30&cursor=${encodeURIComponent(next)}`,
        { token: newcomer!.token },
      );
      count += page.body.profiles.length;
      next = page.body.next_cursor;
      pagesRead += 1;
    }
    expect([count, pagesRead]).toEqual([90, 3]);
  });
});
