import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '@pinhole/contracts';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(dialects)('search on %s', (dialect) => {
  let server: Server;
  const people: Record<string, TestUser> = {};

  const search = (q: string, who: string | null = null) =>
    server.request(`/api/search?q=${encodeURIComponent(q)}`, {
      token: who === null ? undefined : people[who]!.token,
    });
  const usernames = (body: { profiles: { username: string }[] }) =>
    body.profiles.map((profile) => profile.username);
  const follow = (who: string, whom: string) =>
    server.request(`/api/profiles/${people[whom]!.id}/follow`, {
      method: 'PUT',
      token: people[who]!.token,
    });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const accounts: [string, string][] = [
      ['viewer', 'Vera Viewer'],
      ['jrami', 'José Ramírez'],
      ['ana', 'Ana Exact'],
      ['ana_b', 'Ana Followed'],
      ['ana_c', 'Ana Popular'],
      ['anabel', 'Ana Belle'],
      ['a_b', 'Under Score'],
      ['axb', 'Not Wild'],
      ['flower', 'Ana 🌸'],
      ['maryam', 'مريم العربية'],
      ['percent', '100% Real'],
      ['fan1', 'Fan One'],
      ['fan2', 'Fan Two'],
    ];
    for (const [username, fullName] of accounts) {
      people[username] = await signUpUser(server, { username, full_name: fullName });
    }
    for (const [who, whom] of [
      ['viewer', 'ana_b'],
      ['fan1', 'ana_c'],
      ['fan2', 'ana_c'],
      ['fan1', 'anabel'],
    ] as const) {
      expect((await follow(who, whom)).status).toBe(200);
    }
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('finds a prefix of any word of the full name, ignoring case and accents', async () => {
    for (const q of ['jose', 'JOSÉ', 'José', 'rami', 'RAMÍREZ', 'jram']) {
      const response = await search(q);
      expect(response.status, q).toBe(200);
      expect(usernames(response.body), q).toEqual(['jrami']);
      expect(response.body.hashtags).toEqual([]);
    }
    const both = await search('jose rami');
    expect(usernames(both.body)).toEqual(['jrami']);
    expect(usernames((await search('jose ana')).body)).toEqual([]);
  });

  it('answers ProfileSummary: exact username first, then people you follow, then by followers', async () => {
    const signedOut = await search('ana');
    expect(usernames(signedOut.body)).toEqual(['ana', 'ana_c', 'ana_b', 'anabel', 'flower']);
    const response = await search('ana', 'viewer');
    expect(usernames(response.body)).toEqual(['ana', 'ana_b', 'ana_c', 'anabel', 'flower']);
    expect(response.body.profiles[1]).toEqual({
      id: people.ana_b!.id,
      username: 'ana_b',
      full_name: 'Ana Followed',
      avatar_url: null,
      is_verified: false,
      followed_by_me: true,
      is_remote: false,
    });
    expect(response.body.profiles[0].followed_by_me).toBe(false);
  });

  it('shows a follow at once and a new name at once', async () => {
    expect((await follow('viewer', 'anabel')).status).toBe(200);
    const followed = await search('ana', 'viewer');
    expect(usernames(followed.body).slice(0, 3)).toEqual(['ana', 'anabel', 'ana_b']);
    expect(followed.body.profiles[1].followed_by_me).toBe(true);

    const renamed = await server.request('/api/profiles/me', {
      method: 'PATCH',
      json: { username: 'zed_renamed', full_name: 'Zoë Nouvelle' },
      token: people.axb!.token,
    });
    expect(renamed.status).toBe(200);
    expect(usernames((await search('zed')).body)).toEqual(['zed_renamed']);
    expect(usernames((await search('zoe')).body)).toEqual(['zed_renamed']);
    expect(usernames((await search('axb')).body)).toEqual([]);
    expect(usernames((await search('wild')).body)).toEqual([]);
    const newcomer = await signUpUser(server, { username: 'zed_new', full_name: 'New Comer' });
    expect(usernames((await search('zed')).body).sort()).toEqual(['zed_new', 'zed_renamed']);
    expect(newcomer.id).toBeTruthy();
  });

  it('treats %, _, \\, quotes and regex characters as themselves', async () => {
    expect(usernames((await search('a_')).body)).toEqual(['a_b']);
    for (const q of ['%', '_', '\\', '%a', "' or 1=1 --", '".*"', '.*', '(', '[a-z]', 'a%']) {
      const response = await search(q);
      expect(response.status, q).toBe(200);
      expect(usernames(response.body), q).toEqual([]);
    }
  });

  it('finds emoji and right-to-left words', async () => {
    expect(usernames((await search('🌸')).body)).toEqual(['flower']);
    expect(usernames((await search('مر')).body)).toEqual(['maryam']);
    expect(usernames((await search('العر')).body)).toEqual(['maryam']);
  });

  it('finds hashtags by prefix with a leading #, most used first, and only hashtags', async () => {
    const jpeg = await makeJpeg(32, 24);
    for (const caption of ['#Sunset #sundown', '#sunset again', '#sunset #SUNDAY']) {
      expect((await uploadPost(server, people.ana!, jpeg, { caption })).status).toBe(201);
    }
    const response = await search('#SUN');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      profiles: [],
      hashtags: [
        { name: 'sunset', posts_count: 3 },
        { name: 'sunday', posts_count: 1 },
        { name: 'sundown', posts_count: 1 },
      ],
    });
    // Accents and case are ignored both ways, as for people.
    expect(
      (await uploadPost(server, people.ana!, jpeg, { caption: '#Café #cafeteria' })).status,
    ).toBe(201);
    for (const q of ['#cafe', '#CAFÉ', '#café']) {
      expect((await search(q)).body.hashtags, q).toEqual([
        { name: 'cafeteria', posts_count: 1 },
        { name: 'café', posts_count: 1 },
      ]);
    }
    expect((await search('#cafet')).body.hashtags).toEqual([{ name: 'cafeteria', posts_count: 1 }]);
    // Without the #, one word finds hashtags by prefix too, beside the people it finds.
    for (const q of ['cafe', 'CAFÉ', 'café', 'Cafe']) {
      expect((await search(q)).body.hashtags, q).toEqual([
        { name: 'cafeteria', posts_count: 1 },
        { name: 'café', posts_count: 1 },
      ]);
    }
    expect((await search('sun')).body.hashtags).toEqual([
      { name: 'sunset', posts_count: 3 },
      { name: 'sunday', posts_count: 1 },
      { name: 'sundown', posts_count: 1 },
    ]);
    const both = (await search('ana', 'viewer')).body;
    expect(both.hashtags).toEqual([]);
    expect(usernames(both)).toContain('ana');
    // A mention is a person, and no tag has a space.
    expect((await search('@sun')).body.hashtags).toEqual([]);
    expect((await search('sun set')).body.hashtags).toEqual([]);
    expect((await search('#')).body).toEqual({ profiles: [], hashtags: [] });
    expect((await search('#%')).body).toEqual({ profiles: [], hashtags: [] });
    expect((await search('@')).body).toEqual({ profiles: [], hashtags: [] });
    expect(usernames((await search('@jose')).body)).toEqual(['jrami']);
  });

  it('says this server does not federate when a query names someone elsewhere (issue 47)', async () => {
    const answer = await search('@someone@example.social', 'viewer');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      profiles: [],
      hashtags: [],
      remote: { status: 'not_federating', host: 'example.social' },
    });
    const byAddress = await search('https://example.social/@someone', 'viewer');
    expect(byAddress.body.remote).toEqual({ status: 'not_federating', host: 'example.social' });
    // A name of this server's own says nothing of other servers.
    expect((await search('ana', 'viewer')).body).not.toHaveProperty('remote');
  });

  it('refuses an empty or too long query with 400, never a 500', async () => {
    for (const path of ['/api/search', '/api/search?q=', '/api/search?q=%20%20']) {
      const response = await server.request(path);
      expect(response.status, path).toBe(400);
      expect(response.body.error.code).toBe('validation_error');
    }
    expect((await search('a'.repeat(limits.searchMaxLength + 1))).status).toBe(400);
    expect((await search('a'.repeat(limits.searchMaxLength))).status).toBe(200);
    for (const q of ['\u0000', 'a\u0000b', '#\u0000', '\u202e\u200f', '😀'.repeat(16)]) {
      expect((await search(q)).status, JSON.stringify(q)).toBe(200);
    }
    expect((await server.request('/api/search?q=%ED%A0%80')).status).toBeLessThan(500);
  });
});

describe.each(dialects)('search for someone on another server, federating, on %s', (dialect) => {
  let server: Server;
  let viewer: TestUser;
  let closedPort: number;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      PUBLIC_URL: 'https://photos.example',
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    viewer = await signUpUser(server);
    // A port nothing listens on: the other server is down.
    const listener = net.createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    closedPort = (listener.address() as AddressInfo).port;
    await new Promise((resolve) => listener.close(resolve));
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const search = (q: string, token?: string) =>
    server.request(`/api/search?q=${encodeURIComponent(q)}`, { token });

  it('says it could not reach a server that does not answer', async () => {
    const host = `127.0.0.1:${closedPort}`;
    const answer = await search(`@someone@${host}`, viewer.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      profiles: [],
      hashtags: [],
      remote: { status: 'unreachable', host },
    });
  });

  it('tells a signed-out visitor to sign in to look elsewhere', async () => {
    const answer = await search('@someone@example.social');
    expect(answer.body.remote).toEqual({ status: 'sign_in', host: 'example.social' });
  });
});
